import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** Above this many rows (by the planner's estimate) a page shows an estimated total. */
export const EXACT_COUNT_LIMIT = 50_000;

export interface PageTotal {
  total: number;
  /** True when the total is the planner's estimate (large tables: an exact count costs a scan). */
  estimated: boolean;
}

/**
 * The total for a paged list. Exact below EXACT_COUNT_LIMIT rows; above it, the planner's row
 * estimate, because counting a million rows takes longer than the page itself.
 */
export async function pageTotal(db: Executor, table: PgTable, where: SQL | undefined): Promise<PageTotal> {
  const countQuery = db.select({ n: count() }).from(table).where(where);
  // The planner's estimate of the matching rows: a plain select (an aggregate's plan would be
  // split across parallel workers).
  const probe = db.select({ one: sql`1` }).from(table).where(where);
  const plan = await db.execute(sql`EXPLAIN (FORMAT JSON) ${probe.getSQL()}`);
  const rows = (plan as unknown as { rows: { 'QUERY PLAN': unknown }[] }).rows;
  const json = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  const estimate = Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
  if (estimate < EXACT_COUNT_LIMIT) {
    const [exact] = await countQuery;
    return { total: exact?.n ?? 0, estimated: false };
  }
  return { total: estimate, estimated: true };
}
