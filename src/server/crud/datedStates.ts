import { and, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { datedState, type DatedStates, type OverdueState } from '@shared/engine/flow';
import type { EntitySpec } from '@shared/engine/spec';
import { dayIn } from '@shared/schoolTime';
import type { Executor } from '../db/client';
import { schoolZone } from '../modules/schools/settings';

/**
 * States that follow the school's day (flow.dated, ARCHITECTURE.md "Flows"): an action leading into
 * one lands on the one the school's day gives, and the daily job (jobs/datedStates.ts) moves every
 * school's records whose day has come or gone. One rule for every declaration that names its dates.
 */

/** The status an action's `set` leads to, moved to the one the school's day gives when it is dated. */
export async function datedSet(tx: Executor, tenantId: number, spec: EntitySpec, row: Record<string, unknown>, set: Record<string, unknown>): Promise<Record<string, unknown>> {
  const dated = spec.flow?.dated;
  if (!dated || !(dated.field in set)) return set;
  const state = datedState(dated, { ...row, ...set }, dayIn(await schoolZone(tx, tenantId)));
  return state === undefined ? set : { ...set, [dated.field]: state };
}

/** A table's records of one school moved to the states `today` gives; how many moved. */
export async function moveDatedRecords(tx: Executor, school: SQL | undefined, table: PgTable, rule: DatedStates, today: string): Promise<number> {
  const column = (key: string) => (table as unknown as Record<string, PgColumn>)[key]!;
  const [state, from, until] = [column(rule.field), column(rule.from), column(rule.until)];
  const dayState = sql`case when ${from} > ${today} then ${rule.upcoming} when ${until} < ${today} then ${rule.ended} else ${rule.current} end`;
  const moved = await tx
    .update(table)
    .set({ [rule.field]: dayState, ...('updatedAt' in table ? { updatedAt: new Date() } : {}) } as never)
    .where(and(school, inArray(state, [rule.upcoming, rule.current, rule.ended]), ne(state, dayState)))
    .returning({ id: sql`1` });
  return moved.length;
}

/** A table's records of one school still owed after their due date moved to 逾期 (flow.overdue); how many moved. */
export async function moveOverdueRecords(tx: Executor, school: SQL | undefined, table: PgTable, rule: OverdueState, today: string): Promise<number> {
  const column = (key: string) => (table as unknown as Record<string, PgColumn>)[key]!;
  const moved = await tx
    .update(table)
    .set({ [rule.field]: rule.state, ...('updatedAt' in table ? { updatedAt: new Date() } : {}) } as never)
    .where(and(school, inArray(column(rule.field), [...rule.open]), lt(column(rule.due), today)))
    .returning({ id: sql`1` });
  return moved.length;
}
