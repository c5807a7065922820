import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { entityCodes } from '@shared/engine/derive';
import type { DetailRowsSpec, EntitySpec, FieldSpec } from '@shared/engine/spec';
import { centsToYuan, milliToQuantity } from '@shared/engine/schemas';
import { entities, entityById, FLOW_ONLY } from '@shared/entities';
import { actionState } from '@shared/permissions';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { recordHistory } from '../db/schema';
import { authOf, type AuthContext } from '../http/auth';
import { badRequest, forbidden, ok } from '../http/envelope';
import { parseInput } from '../http/validate';
import { schoolDateTime } from '../http/schoolClock';
import { registeredEntity } from './entity/registry';

/** One row of a record's history as the engine writes it. */
export interface HistoryEntry {
  tenantId: number;
  entity: string;
  recordId: string;
  action: string;
  operator: string;
  fromState?: Record<string, string | null> | null;
  toState?: Record<string, string | null> | null;
  inputs?: Record<string, unknown> | null;
  changes?: Record<string, [unknown, unknown]> | null;
  note?: string | null;
}

/**
 * The history row of one flow step: the record's states before and after (its flow's status
 * fields, as text), what it was given and the step's note. The engine's actions and the sample
 * school's lived steps write the same row.
 */
export function flowStepEntry(
  spec: EntitySpec,
  step: {
    tenantId: number;
    action: string;
    operator: string;
    row: Readonly<Record<string, unknown>>;
    set: Readonly<Record<string, unknown>>;
    input: Readonly<Record<string, unknown>>;
    note?: string | null;
  },
): HistoryEntry {
  const states = spec.flow?.status ?? [];
  const stateOf = (source: Readonly<Record<string, unknown>>) => Object.fromEntries(states.map((key) => [key, source[key] === undefined || source[key] === null ? null : String(source[key])]));
  return {
    tenantId: step.tenantId,
    entity: spec.id,
    recordId: String(step.row.id),
    action: step.action,
    operator: step.operator,
    fromState: stateOf(step.row),
    toState: stateOf({ ...step.row, ...step.set }),
    inputs: Object.keys(step.input).length ? { ...step.input } : null,
    note: step.note ?? null,
  };
}

/** Writes history rows in the caller's transaction: the action and its trace commit or roll back together. */
export async function writeHistory(tx: Executor, entries: readonly HistoryEntry[]): Promise<void> {
  if (!entries.length) return;
  await tx
    .insert(recordHistory)
    .values(entries.map((entry) => ({ ...entry, fromState: entry.fromState ?? null, toState: entry.toState ?? null, inputs: entry.inputs ?? null, changes: entry.changes ?? null })));
}

/** A stored value as comparable text: timestamps as the school's time, the rest as they are. */
const comparable = (value: unknown): unknown => (value instanceof Date ? schoolDateTime(value) : value === undefined || value === '' ? null : value);

/**
 * The declared fields an edit changed: key → [before, after], stored values (money in cents). Fields
 * left out of the edit (not sent, hidden from the editor) did not change.
 */
export function changedFields(spec: EntitySpec, before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of spec.fields) {
    if (field.joined || !(field.key in after)) continue;
    const was = comparable(before[field.key]);
    const now = comparable(after[field.key]);
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[field.key] = [was, now];
  }
  return changes;
}

/** A sub-table's line as compared and kept: the values of the fields a user gives (stored values). */
const lineOf = (detail: DetailRowsSpec, row: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(detail.fields.filter((field) => field.form !== false).map((field) => [field.key, comparable(row[field.key])]));

/**
 * What an edit did to a sub-table: the lines it took out and the lines it put in (a changed line
 * is in both; lines left as they were in neither), or null when the lines are the same.
 */
export function changedLines(detail: DetailRowsSpec, before: readonly Record<string, unknown>[], after: readonly Record<string, unknown>[]): [unknown, unknown] | null {
  const ordered = [...before].sort((a, b) => Number(a.sortNo ?? 0) - Number(b.sortNo ?? 0));
  const was = ordered.map((row) => lineOf(detail, row));
  const now = after.map((row) => lineOf(detail, row));
  const unmatched = (lines: Record<string, unknown>[], others: Record<string, unknown>[]) => {
    const left = others.map((line) => JSON.stringify(line));
    return lines.filter((line) => {
      const at = left.indexOf(JSON.stringify(line));
      if (at < 0) return true;
      left.splice(at, 1);
      return false;
    });
  };
  const removed = unmatched(was, now);
  const added = unmatched(now, was);
  return removed.length || added.length ? [removed, added] : null;
}

/** The values a new record was given (its non-empty declared fields), as an add's changes. */
export function addedFields(spec: EntitySpec, values: Readonly<Record<string, unknown>>): Record<string, [unknown, unknown]> {
  return changedFields(spec, {}, values);
}

/** A stored value as the panel shows it: money in yuan, a dictionary's text, a switch as 是/否. */
async function shown(context: AppContext, field: FieldSpec | undefined, value: unknown, caller: AuthContext): Promise<unknown> {
  if (value === null || value === undefined || !field) return value ?? null;
  if (field.type === 'money' && typeof value === 'number') return centsToYuan(value).toFixed(2);
  if (field.type === 'quantity' && typeof value === 'number') return String(milliToQuantity(value));
  if (field.type === 'dict') return context.dictionaries.textOf(field.dict!, value, caller.tenantId, caller.locale);
  if (field.type === 'switch') return value ? (caller.locale === 'en' ? 'Yes' : '是') : caller.locale === 'en' ? 'No' : '否';
  // A reference by the label of what it names (被访人 黄博文, not its id).
  if (field.type === 'ref') {
    const target = registeredEntity(field.ref!);
    if (!target) return value;
    const label = (target.table as unknown as Record<string, PgColumn>)[target.spec.labelField]!;
    const [found] = await context.db
      .select({ label })
      .from(target.table as PgTable)
      .where(eq(target.table.id, String(value)));
    return found ? String(found.label) : value;
  }
  return value;
}

/**
 * `GET /sys/recordHistory/list?entity=…&id=…`: a record's history, newest first, for whoever may
 * read the entity's screen — states and changed fields in words (dictionary texts, yuan), each
 * field with its title in the console's language.
 */
export function historyRoutes(
  api: FastifyInstance,
  context: AppContext,
  /** Entries kept elsewhere that belong to a record's history: a money record's ledger postings. */
  elsewhere: (caller: AuthContext, entity: string, id: string) => Promise<{ at: number; entry: Record<string, unknown> }[]> = async () => [],
): void {
  // Any entity's screen opens the route; the record's own entity's screen is checked below.
  const readers = [...new Set([...entities(), ...FLOW_ONLY].map((spec) => entityCodes(spec).read))].join(',');
  api.get('/sys/recordHistory/list', { config: { permission: readers } }, async (request) => {
    const caller = authOf(request);
    const query = parseInput(z.object({ entity: z.string().trim().min(1).max(64), id: z.string().trim().min(1).max(64) }), request.query);
    const spec = entityById(query.entity);
    if (!spec) throw badRequest(`没有名为 ${query.entity} 的记录类型`, `No records called ${query.entity}`);
    if (actionState(entityCodes(spec).read, caller) !== 'shown') throw forbidden();
    const rows = await context.db
      .select()
      .from(recordHistory)
      .where(and(eq(recordHistory.tenantId, caller.tenantId), eq(recordHistory.entity, spec.id), eq(recordHistory.recordId, query.id)))
      .orderBy(desc(recordHistory.seq))
      .limit(500);
    const fieldOf = (key: string) => spec.fields.find((field) => field.key === key);
    const language = caller.locale === 'en' ? 'en' : 'zh-CN';
    const titleOf = (key: string, field = fieldOf(key)) => (field ? field.title[language] : key);
    /** Declaration order (a JSON object comes back in its own order). */
    const order = (key: string) => {
      const index = spec.fields.findIndex((field) => field.key === key);
      return index < 0 ? Number.MAX_SAFE_INTEGER : index;
    };
    const actionTitle = (action: string) => {
      const declared = spec.flow?.actions.find((candidate) => candidate.id === action);
      if (declared) return declared.title[caller.locale === 'en' ? 'en' : 'zh-CN'];
      const verbs: Record<string, [string, string]> = {
        add: ['新增', 'Created'],
        import: ['导入', 'Imported'],
        edit: ['编辑', 'Edited'],
        delete: ['删除', 'Deleted'],
        payOnline: ['线上缴费', 'Paid online'],
      };
      const verb = verbs[action];
      return verb ? verb[caller.locale === 'en' ? 1 : 0] : action;
    };
    const linesText = async (detail: DetailRowsSpec, lines: unknown) => {
      if (!Array.isArray(lines) || lines.length === 0) return null;
      const texts = await Promise.all(
        (lines as Record<string, unknown>[]).map(async (line) =>
          (await Promise.all(detail.fields.filter((field) => line[field.key] !== null && line[field.key] !== undefined).map((field) => shown(context, field, line[field.key], caller))))
            .filter((text) => text !== null && text !== '')
            .join(' '),
        ),
      );
      return texts.join(language === 'en' ? '; ' : '；');
    };
    const hidden = new Set(spec.fields.filter((field) => field.restricted && actionState(`${entityCodes(spec).columnPrefix}${field.key}`, caller) !== 'shown').map((field) => field.key));
    const records: Record<string, unknown>[] = [];
    for (const row of rows) {
      const states = async (state: Record<string, string | null> | null) =>
        state ? Promise.all(Object.entries(state).map(async ([key, value]) => ({ field: key, title: titleOf(key), value, text: await shown(context, fieldOf(key), value, caller) }))) : [];
      records.push({
        id: String(row.seq),
        action: row.action,
        actionText: actionTitle(row.action),
        operator: row.operator,
        createTime: schoolDateTime(row.createdAt),
        from: await states(row.fromState),
        to: await states(row.toState),
        // What was given, in the action's own order; a field left blank is not listed.
        inputs: await Promise.all(
          (spec.flow?.actions.find((candidate) => candidate.id === row.action)?.input ?? [])
            .filter((field) => row.inputs?.[field.key] !== undefined && row.inputs?.[field.key] !== null && row.inputs?.[field.key] !== '')
            .map(async (field) => ({ field: field.key, title: titleOf(field.key, field), text: await shown(context, field, row.inputs![field.key], caller) })),
        ),
        changes: await Promise.all(
          Object.entries(row.changes ?? {})
            .filter(([key]) => !hidden.has(key))
            .sort(([a], [b]) => order(a) - order(b))
            .map(async ([key, [before, after]]) => {
              // A sub-table's lines, each in words: 洋葱 30 2.40；土豆 20 2.80.
              const detail = spec.details?.find((candidate) => candidate.key === key);
              if (detail) return { field: key, title: detail.title[language], before: await linesText(detail, before), after: await linesText(detail, after) };
              return { field: key, title: titleOf(key), before: await shown(context, fieldOf(key), before, caller), after: await shown(context, fieldOf(key), after, caller) };
            }),
        ),
        note: row.note,
      });
    }
    // Newest first, the postings among the actions (one transaction's: the action first, then what it posted).
    const dated = [...rows.map((row, index) => ({ at: row.createdAt.getTime(), entry: records[index]! })), ...(await elsewhere(caller, spec.id, query.id))];
    dated.sort((a, b) => b.at - a.at || Number(a.entry.action === 'posting') - Number(b.entry.action === 'posting'));
    return ok(dated.map(({ entry }) => entry));
  });
}
