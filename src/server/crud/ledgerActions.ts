/**
 * Ledger actions (a flow action declaring `ledger: {…}`): their route, served by the engine and
 * handed to the entity's ledger effect, and their quote (the figures worked out before it posts).
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { fieldSchema } from '@shared/engine/schemas';
import { stateRefusal, type FlowActionIdOf, type FlowActionSpec, type InputOf, type LedgerActionSpec, type LedgerQuote } from '@shared/engine/flow';
import type { EntitySpec, Titles } from '@shared/engine/spec';
import type { AppContext } from '../context';
import { schoolReads } from '../db/work';
import { authOf, type AuthContext } from '../http/auth';
import { badRequest, notFound, ok } from '../http/envelope';
import { parseInput } from '../http/validate';
import { checkInputDictionaries, oneId, stateTexts } from './actionInputs';
import type { FlowHelpers } from './flowActions';
import { checkActionReferences } from './references';

/** What a ledger action's server function is given: the record named, the parsed inputs, the caller's idempotency key. */
export interface LedgerEffectContext<Input = Record<string, unknown>> {
  context: AppContext;
  caller: AuthContext;
  /** The record's id, or the value of the column it is named by (`ledger.key`: a card's number). */
  id: string;
  input: Input;
  idempotencyKey: string;
}

/**
 * A ledger action's server function (`ledgerActions` of the entity's hooks): it posts through the
 * ledger service, which opens the transaction, locks the account, answers a retried key with the
 * first posting and checks the account's state; it answers the posting and what to say.
 */
export type LedgerEffect<Input = Record<string, unknown>> = {
  effect(context: LedgerEffectContext<Input>): Promise<{ answer: object; done: Titles }>;
}['effect'];

/** The ledger actions of a declaration, each typed by its inputs. */
export type LedgerEffects<Spec extends EntitySpec> = { [Id in FlowActionIdOf<Spec>]?: LedgerEffect<InputOf<Spec, Id>> };

/**
 * A ledger action's quote (its declaration's `ledger.quote`): the figures it would post, worked out
 * from the record as stored and the inputs named (each may still be blank), nothing written.
 */
export type LedgerQuoter<Input = Record<string, unknown>> = {
  quote(context: Omit<LedgerEffectContext<Partial<Input>>, 'idempotencyKey'>): Promise<LedgerQuote>;
}['quote'];

/** The ledger quotes of a declaration, each typed by its inputs. */
export type LedgerQuoters<Spec extends EntitySpec> = { [Id in FlowActionIdOf<Spec>]?: LedgerQuoter<InputOf<Spec, Id>> };

/** What a retried ledger request is told (its answer is the first one's). */
const ALREADY = { 'zh-CN': '该请求已办理', en: 'Already done' } as const;

/** A caller's idempotency key, as the ledger's own routes take it. */
const idempotencyKey = z.string().trim().min(8).max(64);

/**
 * `POST <api>/<action>` of a ledger action: the record (`id`, or the family's name for it), the
 * inputs parsed by the declaration (an amount by the ledger's one rule) and the idempotency key,
 * handed to the entity's ledger effect; its posting is the answer (`{ …posting, done }`).
 */
export function registerLedgerAction(
  api: FastifyInstance,
  context: AppContext,
  spec: EntitySpec,
  action: FlowActionSpec,
  ledger: LedgerActionSpec,
  helpers: FlowHelpers,
  code: string,
  route: string,
): void {
  const effect = helpers.ledgerEffects?.[action.id];
  if (!effect) throw new Error(`${spec.id}.${action.id} is a ledger action its ledger effects lack`);
  const inputs = action.input ?? [];
  const inputSchema = z.object(Object.fromEntries(inputs.map((field) => [field.key, fieldSchema(field)])));
  const titles = Object.fromEntries(inputs.map((field) => [field.key, field.title]));
  /**
   * The record the body names: `id`, or the family's name for it (`accountId`). An action naming its
   * record by a column (`ledger.key`: a card by its number) hands the effect that column's value,
   * read from the record when the body gives its id, in a state the action starts from.
   */
  const recordOf = async (body: Record<string, unknown>, caller: AuthContext): Promise<string> => {
    const byName = ledger.by ? body[ledger.by] : undefined;
    if (ledger.key && byName !== undefined && byName !== null && byName !== '') return parseInput(oneId, byName);
    const named = body.id ?? (ledger.key ? undefined : byName);
    if (named === undefined || named === null || named === '') throw badRequest('请选择一条记录', 'Select a record');
    const id = parseInput(oneId, named);
    if (!ledger.key) return id;
    const [row] = (await schoolReads(context.db, caller)
      .tx.select()
      .from(helpers.table)
      .where(and(helpers.live(caller.tenantId), eq(helpers.table.id, id)))
      .limit(1)) as Record<string, unknown>[];
    if (!row) throw notFound('未找到对应实体');
    // Read by its id, the record is held to the states the action starts from: a cancelled card's
    // number may be another card's now, and the ledger would find that one.
    const refusal = stateRefusal(spec, action, row, await stateTexts(context, spec, caller));
    if (refusal) throw badRequest(refusal['zh-CN'], refusal.en);
    return String(row[ledger.key]);
  };
  api.post(route, { config: helpers.writes(code) }, async (request) => {
    const caller = authOf(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const id = await recordOf(body, caller);
    const key = parseInput(z.object({ idempotencyKey }), body).idempotencyKey;
    const input = parseInput(inputSchema, body, titles) as Record<string, unknown>;
    await checkInputDictionaries(context, action, input, caller.tenantId);
    // An input naming another record (a canteen, a store) names one of the caller's school.
    await checkActionReferences(schoolReads(context.db, caller).tx, caller.tenantId, action, input);
    const { answer, done } = await effect({ context, caller, id, input, idempotencyKey: key });
    // A retry's answer is the first one, `done` included; its message says it was done before.
    const locale = caller.locale === 'en' ? 'en' : 'zh-CN';
    return ok({ ...answer, done: done[locale] }, (answer as { replayed?: boolean }).replayed ? ALREADY[locale] : done[locale]);
  });
  if (!ledger.quote) return;
  const quote = helpers.ledgerQuotes?.[action.id];
  if (!quote) throw new Error(`${spec.id}.${action.id} declares a quote its ledger quotes lack`);
  // The inputs it depends on, each as the dialog has it so far: blank is left out, a wrong value refused.
  const quoted = inputs.filter((field) => ledger.quote!.inputs?.includes(field.key));
  const quoteSchema = z.object(Object.fromEntries(quoted.map((field) => [field.key, fieldSchema(field).optional()])));
  api.post(`${route}/quote`, { config: helpers.writes(code) }, async (request) => {
    const caller = authOf(request);
    // An object (a list or a text is refused), its blank inputs left out.
    const body = Object.fromEntries(Object.entries(parseInput(z.record(z.string(), z.unknown()), request.body)).filter(([, value]) => value !== '' && value !== null));
    const id = await recordOf(body, caller);
    const input = parseInput(quoteSchema, body, titles) as Record<string, unknown>;
    await checkInputDictionaries(context, action, input, caller.tenantId);
    const answer = await quote({ context, caller, id, input });
    const unknown = Object.keys(answer.figures).find((figure) => !ledger.quote!.figures.some((declared) => declared.key === figure));
    if (unknown) throw new Error(`${spec.id}.${action.id} quotes ${unknown}, which it does not declare`);
    return ok(answer);
  });
}
