import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { shownSum, type ListQuery } from '@shared/engine/schemas';
import { EXACT_COUNT_LIMIT, estimateRows, totalOfPage } from '../../db/paging';
import type { Work } from '../../db/work';
import type { AuthContext } from '../../http/auth';
import type { EntityHooks } from '../registerEntity';
import { columnOf, type EntityRuntime } from './runtime';

type Summary = Awaited<ReturnType<NonNullable<EntityHooks['summaryOf']>>>;

/** The fields the caller's 合计 line sums (hidden columns are not summed). */
const summedOf = (rt: EntityRuntime, caller: AuthContext) => rt.spec.fields.filter((field) => field.total && !rt.hiddenFor(caller).has(field.key));

/** The aggregate of each summed field (a hook may say how: a refund counts against its payment). */
const sumsOf = (rt: EntityRuntime, summed: readonly { key: string }[]) =>
  Object.fromEntries(summed.map((field) => [field.key, sql<string>`coalesce(sum(${rt.hooks.totalOf?.[field.key] ?? columnOf(rt.table, field.key)}), 0)`]));

const footerFrom = (summed: ReturnType<typeof summedOf>, sums: Readonly<Record<string, number | string | undefined>>) =>
  Object.fromEntries(summed.map((field) => [field.key, shownSum(field, Number(sums[field.key] ?? 0))]));

/** The sums of the summed fields over the matching rows, in one aggregate. */
async function sumRow(rt: EntityRuntime, work: Work, summed: ReturnType<typeof summedOf>, where: SQL | undefined) {
  const [row] = (await work.tx
    .select(sumsOf(rt, summed))
    .from(rt.table as PgTable)
    .where(where)) as Record<string, string>[];
  return footerFrom(summed, row ?? {});
}

/** The 合计 line: one aggregate over the list's rows (or the hook's summary), money back in yuan; none when nothing is summed. */
export async function footerOf(rt: EntityRuntime, work: Work, caller: AuthContext, query: ListQuery, where: SQL | undefined, given?: Summary) {
  const summed = summedOf(rt, caller);
  if (!summed.length) return undefined;
  const summary = given ?? (await rt.hooks.summaryOf?.(query, work));
  return summary ? footerFrom(summed, summary.sums) : sumRow(rt, work, summed, where);
}

/**
 * A page's total and its 合计 line. On a large table whose matching rows are few enough to count,
 * the count and the sums are one pass over them (two were twice the time: a card's or an
 * operator's month of payments is read once); above that, the planner's estimate, asked once.
 */
export async function pageTotals(
  rt: EntityRuntime,
  work: Work,
  caller: AuthContext,
  query: ListQuery,
  where: SQL | undefined,
  page: { small: boolean; rows: readonly { total?: number }[]; offset: number },
) {
  const summary = await rt.hooks.summaryOf?.(query, work);
  if (summary) return { total: summary.total, footer: await footerOf(rt, work, caller, query, where, summary) };
  const summed = summedOf(rt, caller);
  const footer = () => (summed.length ? sumRow(rt, work, summed, where) : undefined);
  if (page.small) {
    const { total } = await totalOfPage(work.tx, rt.table as PgTable, where, true, page.rows, page.offset);
    return { total, footer: await footer() };
  }
  const estimate = await estimateRows(work.tx, rt.table as PgTable, where);
  if (estimate >= EXACT_COUNT_LIMIT) return { total: estimate, footer: await footer() };
  const [row] = (await work.tx
    .select({ ...sumsOf(rt, summed), total: sql<string>`count(*)` })
    .from(rt.table as PgTable)
    .where(where)) as Record<string, string>[];
  return { total: Number(row?.total ?? 0), footer: summed.length ? footerFrom(summed, row ?? {}) : undefined };
}
