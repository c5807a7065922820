import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { fieldSchema } from '@shared/engine/schemas';
import { engineLedger, flowActions, makerRefusal, stateRefusal, type EffectActionIdOf, type FlowActionSpec, type FlowActionIdOf, type InputOf } from '@shared/engine/flow';
import type { EntitySpec, Titles } from '@shared/engine/spec';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { authOf, type AuthContext } from '../http/auth';
import { ApiError, badRequest, notFound, ok } from '../http/envelope';
import { addEnglish } from '../http/language';
import { parseInput } from '../http/validate';
import { checkerRule, makersOf } from '../modules/auth/fourEyes';
import { flowStepEntry, writeHistory } from './history';
import { checkActionReferences } from './references';
import { inSchool, type Intent, type Work } from '../db/work';
import { deliverOne } from '../outbox/deliver';
import { checkInputDictionaries, oneId, stateTexts } from './actionInputs';
import { datedSet } from './datedStates';
import { registerLedgerAction, type LedgerEffect, type LedgerQuoter } from './ledgerActions';

/** What a flow action's server function knows: the locked record, the inputs, the caller. */
export interface FlowEffectContext<Row = Record<string, unknown>, Input = Record<string, unknown>> {
  tx: Executor;
  /** The action's unit of work: its school, its caller and its transaction. */
  work: Work;
  context: AppContext;
  caller: AuthContext;
  /** The record as stored, locked for this transaction, already past the from-state and four-eyes checks. */
  row: Row;
  /** The action's inputs as its declaration's fields parsed them (`InputOf<typeof leave, 'approve'>`). */
  input: Input;
}

/**
 * A flow action's behaviour beyond the state change (`<entity>.actions.ts`): runs in the action's
 * transaction; answers further columns to set (and the states, when the action declares none) and
 * a note for the history; refuses with a 400 to roll everything back.
 */
export type FlowEffect<Row = Record<string, unknown>, Input = Record<string, unknown>> = {
  // Declared as a method so an effect typed by its table's row (`FlowEffect<RowOf<typeof leaves>>`)
  // and by its action's inputs stands where the engine keeps them untyped: the engine hands it that
  // table's stored row and the inputs its declaration's schema parsed.
  effect(context: FlowEffectContext<Row, Input>): Promise<FlowEffectResult | void>;
}['effect'];

/**
 * The server functions of a declaration's actions, each typed by its action's inputs: one for every
 * action declaring `effect`, none for an action it does not declare (`actions: {…} satisfies
 * FlowEffects<typeof repair, RowOf<typeof repairs>>`).
 */
export type FlowEffects<Spec extends EntitySpec, Row = Record<string, unknown>> = {
  [Id in EffectActionIdOf<Spec>]: FlowEffect<Row, InputOf<Spec, Id>>;
} & {
  [Id in Exclude<FlowActionIdOf<Spec>, EffectActionIdOf<Spec>>]?: FlowEffect<Row, InputOf<Spec, Id>>;
};

export interface FlowEffectResult {
  set?: Record<string, unknown>;
  note?: string;
  done?: Titles;
  /** What it would do, said by a wizard's check step (`将授权 45 人`); the done message when left out. */
  preview?: Titles;
  /**
   * What must wait for the commit: a job run now (it opens its own transactions), the recipients'
   * sockets told. Its refusal is the answer; what was committed stays. It may say what it did.
   */
  after?: () => Promise<Titles | void>;
  /**
   * Effects for after the commit, queued in the action's transaction (the outbox): delivered at
   * once when they can be, else by the worker, retried until they are; what a delivery says is the answer.
   */
  later?: Intent | readonly Intent[];
}

export interface FlowHelpers {
  table: PgTable & { id: PgColumn };
  /** The live rows of the caller's school (and the entity's slice). */
  live(tenantId: number): SQL | undefined;
  /** Who changed the row and when, where the table keeps it. */
  touched(caller: AuthContext): Record<string, unknown>;
  /** The route config of a write: its permission, and platform-only for shared entities. */
  writes(permission: string): { permission: string; platform?: boolean };
  changed(): Promise<void>;
  effects: Readonly<Record<string, FlowEffect>>;
  ledgerEffects?: Readonly<Record<string, LedgerEffect>>;
  ledgerQuotes?: Readonly<Record<string, LedgerQuoter>>;
}

/** Thrown at the end of a wizard's check to roll its transaction back. */
class PreviewRolledBack extends Error {}

/** The ids an action is asked for: `id`, or `ids` as a list or a comma list. */
const targets = z
  .object({ id: oneId.optional(), ids: z.union([z.array(oneId), z.string().max(20_000)]).optional() })
  .transform(({ id, ids }) => [...new Set([...(id ? [id] : []), ...(Array.isArray(ids) ? ids : (ids ?? '').split(',')).map((one) => one.trim()).filter(Boolean)])]);

/**
 * `POST <api>/<action>` for each action of the entity's flow: one record or several (`ids`), all or
 * none in one transaction — the rows locked in id order, each checked against the states the action
 * starts from (a stale one is a 400 naming the record and its state) and against its makers by
 * person (`checkerRule`: no second face of the maker), then moved, stamped and written to the history.
 */
export function registerFlowActions(api: FastifyInstance, context: AppContext, spec: EntitySpec, helpers: FlowHelpers): void {
  const { table } = helpers;
  const column = (key: string) => {
    const found = (table as unknown as Record<string, PgColumn | undefined>)[key];
    if (!found) throw new Error(`${spec.id}: its table has no column ${key}`);
    return found;
  };
  const statusFields = spec.flow?.status ?? [];
  for (const key of statusFields) column(key);
  for (const { action, code, route } of flowActions(spec)) {
    addEnglish(action.done['zh-CN'], action.done.en);
    const ledger = engineLedger(action);
    if (ledger) {
      registerLedgerAction(api, context, spec, action, ledger, helpers, code, route);
      continue;
    }
    // The ledger's own route serves it (a retry answered with the first posting).
    if (action.ledger) continue;
    if (action.effect && !helpers.effects[action.id]) throw new Error(`${spec.id}.${action.id} declares an effect its actions file lacks`);
    for (const key of [...Object.keys(action.from), ...Object.keys(action.to ?? {}), ...(action.notBy ?? []), action.stamps?.by, action.stamps?.at, action.key]) if (key) column(key);
    // Per-line inputs (received quantities) come as `lines: [{ id, … }]`, one per row of the record's sub-table.
    const lineSchema = action.lines
      ? z
          .array(z.object({ id: z.string().trim().min(1).max(64), ...Object.fromEntries(action.lines.fields.map((field) => [field.key, fieldSchema(field)])) }))
          .min(1)
          .max(500)
      : undefined;
    const inputSchema = z.object({
      ...Object.fromEntries((action.input ?? []).map((field) => [field.key, fieldSchema(field)])),
      ...(lineSchema ? { lines: lineSchema } : {}),
    });
    const titles = {
      ...Object.fromEntries([...(action.input ?? []), ...(action.lines?.fields ?? [])].map((field) => [field.key, field.title])),
      ...(action.lines ? { lines: spec.details!.find((detail) => detail.key === action.lines!.detail)!.title } : {}),
    };
    if (action.lines && !spec.details?.some((detail) => detail.key === action.lines!.detail)) throw new Error(`${spec.id}.${action.id} takes lines of ${action.lines.detail}, which it has not`);

    const handler = async (request: FastifyRequest) => {
      const caller = authOf(request);
      const body = ((request.method === 'GET' ? request.query : request.body) ?? {}) as Record<string, unknown>;
      const ids = parseInput(targets, body);
      if (ids.length === 0 && action.key && typeof body[action.key] === 'string') ids.push(...(await idsByKey(action.key, String(body[action.key]), caller.tenantId)));
      if (ids.length === 0 && action.byInput) ids.push(...(await idsByInput(action, body, caller.tenantId)));
      if (ids.length === 0) throw badRequest('请选择一条记录', 'Select a record');
      if (ids.length > 1 && !action.many) throw badRequest('请只选择一条记录', 'Select one record only');
      if (ids.length > 1000) throw badRequest('一次最多处理 1000 条记录', 'At most 1000 records at a time');
      // A table keyed by numbers (schools) is asked with numbers; what is no number names no record.
      const keys = table.id.columnType === 'PgInteger' ? ids.map(Number) : ids;
      if (keys.some((key) => typeof key === 'number' && !Number.isSafeInteger(key))) throw notFound('未找到对应实体');
      const input = parseInput(inputSchema, body, titles) as Record<string, unknown>;
      await checkInputDictionaries(context, action, input, caller.tenantId);
      const textOf = await stateTexts(context, spec, caller);
      // What it did, in words: the declared message, or the one its function gave (审核通过 or 已拒绝来访).
      let done: Titles = action.done;
      const after: (() => Promise<Titles | void>)[] = [];
      // A wizard's check: everything runs and nothing is kept — the transaction is rolled back.
      const preview = Boolean(action.wizard) && (request.query as Record<string, unknown> | undefined)?.preview === '1';
      const previews: Titles[] = [];
      const queued: number[] = [];
      const ran = inSchool(context.db, caller, async (work) => {
        const { tx } = work;
        // In id order: two requests locking overlapping sets never wait on each other in a circle.
        const rows = (await tx
          .select()
          .from(table)
          .where(and(helpers.live(caller.tenantId), inArray(table.id, keys)))
          .orderBy(asc(table.id))
          .for('update')) as Record<string, unknown>[];
        if (rows.length !== ids.length) throw notFound('未找到对应实体');
        // An input naming another record (a time group, a class) names one of the caller's school, as on add and edit.
        await checkActionReferences(tx, caller.tenantId, action, input);
        // Maker ≠ checker by person, not by name: every action declaring its makers goes through the one rule.
        const fourEyes = action.notBy ? await checkerRule(tx, caller.tenantId, caller.username) : undefined;
        const history = [];
        for (const row of rows) {
          const refusal = stateRefusal(spec, action, row, textOf) ?? makerRefusal(action, row, caller.username);
          if (refusal) throw badRequest(refusal['zh-CN'], refusal.en);
          fourEyes?.(makersOf(action, row));
          const effect = helpers.effects[action.id];
          const result = effect ? await effect({ tx, work, context, caller, row, input }) : undefined;
          if (result?.done) done = result.done;
          if (result?.after) after.push(result.after);
          for (const intent of [result?.later ?? []].flat()) queued.push(await work.later(intent));
          if (preview) {
            const said = result?.preview ?? result?.done ?? action.done;
            const label = String(row[spec.labelField] ?? row.id);
            previews.push(rows.length > 1 ? { 'zh-CN': `${label}：${said['zh-CN']}`, en: `${label}: ${said.en}` } : said);
          }
          const now = new Date();
          let set: Record<string, unknown> = {
            ...action.to,
            ...(action.stamps?.by ? { [action.stamps.by]: caller.username } : {}),
            ...(action.stamps?.at ? { [action.stamps.at]: now } : {}),
            ...result?.set,
            ...helpers.touched(caller),
          };
          // Into a state that follows the school's day (approved for next week: 未开始).
          set = await datedSet(tx, caller.tenantId, spec, row, set);
          await tx.update(table).set(set).where(eq(table.id, row.id));
          history.push(flowStepEntry(spec, { tenantId: caller.tenantId, action: action.id, operator: caller.username, row, set, input, note: result?.note }));
        }
        await writeHistory(tx, history);
        if (preview) throw new PreviewRolledBack();
      });
      try {
        await ran;
      } catch (failure) {
        if (!(failure instanceof PreviewRolledBack)) throw failure;
        const said = previews.map((one) => one[caller.locale === 'en' ? 'en' : 'zh-CN']).join(caller.locale === 'en' ? '; ' : '；');
        return ok({ done: said, preview: true }, said);
      }
      await helpers.changed();
      for (const step of after) done = (await step()) ?? done;
      for (const id of queued) done = await deliveredNow(context, id, done);
      // Said in the caller's language (a run's result varies: it is not added to the catalogue).
      const said = done[caller.locale === 'en' ? 'en' : 'zh-CN'];
      return ok({ done: said }, said);
    };
    api.route({ method: action.get ? ['GET', 'POST'] : ['POST'], url: route, config: helpers.writes(code), handler });
  }

  /** With nothing selected, the records in the action's starting states whose `byInput` column equals that input (a month's readings). */
  async function idsByInput(action: FlowActionSpec, body: Record<string, unknown>, tenantId: number): Promise<string[]> {
    const key = action.byInput!;
    const field = action.input?.find((one) => one.key === key);
    const value = typeof body[key] === 'string' ? body[key].trim() : '';
    const title = field?.title ?? { 'zh-CN': key, en: key };
    if (!value) throw badRequest(`请选择记录，或填写${title['zh-CN']}`, `Select records, or give the ${title.en.toLowerCase()}`);
    const found = await context.db
      .select({ id: table.id })
      .from(table)
      .where(and(helpers.live(tenantId), eq(column(key), value), ...Object.entries(action.from).map(([state, values]) => inArray(column(state), [...values]))))
      .orderBy(asc(table.id))
      .limit(1001);
    if (found.length === 0) throw badRequest(`${title['zh-CN']}「${value}」没有可${action.title['zh-CN']}的记录`, `Nothing to ${action.title.en.toLowerCase()} for ${title.en.toLowerCase()} ${value}`);
    return found.map((row) => String(row.id));
  }

  /** The live record a family call names by its key column (`jobClassName`). */
  async function idsByKey(key: string, value: string, tenantId: number): Promise<string[]> {
    const found = await context.db
      .select({ id: table.id })
      .from(table)
      .where(and(helpers.live(tenantId), eq(column(key), value.trim())))
      .limit(2);
    return found.map((row) => String(row.id));
  }
}

/**
 * Delivers a queued effect while its requester waits, and says what came of it: its words, a
 * refusal (a job's run that failed), or that it waits in the queue (paused here, taken by another
 * deliverer, or failed for now and to be retried).
 */
async function deliveredNow(context: AppContext, id: number, done: Titles): Promise<Titles> {
  const delivered = context.outbox.paused ? null : await deliverOne(context, id);
  if (!delivered) return { 'zh-CN': `${done['zh-CN']}（后续处理已排队）`, en: `${done.en} (what follows is queued)` };
  if (delivered.error)
    return { 'zh-CN': `${done['zh-CN']}（后续处理暂未完成，已排队自动重试：${delivered.error}）`, en: `${done.en} (what follows failed for now and is queued to retry: ${delivered.error})` };
  const said = delivered.outcome?.said;
  if (said && delivered.outcome?.refused) throw new ApiError(delivered.outcome.status ?? 400, said['zh-CN'], said.en);
  return said ?? done;
}
