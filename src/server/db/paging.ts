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
  const estimate = await estimateRows(db, table, where);
  if (estimate < EXACT_COUNT_LIMIT) {
    const [exact] = await db.select({ n: count() }).from(table).where(where);
    return { total: exact?.n ?? 0, estimated: false };
  }
  return { total: estimate, estimated: true };
}

/** The planner's estimate of the matching rows. */
export async function estimateRows(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  // A plain select (an aggregate's plan would be split across parallel workers).
  const probe = db
    .select({ one: sql`1` })
    .from(table)
    .where(where);
  const plan = await db.execute(sql`EXPLAIN (FORMAT JSON) ${probe.getSQL()}`);
  const rows = (plan as unknown as { rows: { 'QUERY PLAN': unknown }[] }).rows;
  const json = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
}

/** How long a table's size estimate is trusted. */
const SIZE_TTL_MS = 60_000;
const sizes = new WeakMap<object, Map<PgTable, { small: Promise<boolean>; at: number }>>();

/**
 * Whether the whole table is below EXACT_COUNT_LIMIT rows by the planner's estimate, asked at
 * most once a minute per table: then every filtered page of it can count exactly, in the page
 * query itself (`windowTotal`), instead of a plan and a count per request.
 */
export function isSmallTable(db: Executor, table: PgTable): Promise<boolean> {
  let perDb = sizes.get(db);
  if (!perDb) sizes.set(db, (perDb = new Map()));
  const known = perDb.get(table);
  if (known && Date.now() - known.at < SIZE_TTL_MS) return known.small;
  const small = estimateRows(db, table, undefined).then((rows) => rows < EXACT_COUNT_LIMIT);
  perDb.set(table, { small, at: Date.now() });
  small.catch(() => perDb.delete(table));
  return small;
}

/** The matching rows' count beside each row of a page; use only on small tables (isSmallTable). */
export const windowTotal = sql<number>`count(*) over()`.mapWith(Number);

/**
 * The total of a page read with `windowTotal` when the table is small, else pageTotal. A page past
 * the end has no row to carry the count, so it counts again.
 */
export async function totalOfPage(db: Executor, table: PgTable, where: SQL | undefined, small: boolean, rows: readonly { total?: number }[], offset: number): Promise<PageTotal> {
  if (small && rows.length > 0) return { total: rows[0]!.total ?? 0, estimated: false };
  if (small && offset === 0) return { total: 0, estimated: false };
  return pageTotal(db, table, where);
}
