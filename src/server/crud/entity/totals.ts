import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { shownSum, type ListQuery } from '@shared/engine/schemas';
import type { Work } from '../../db/work';
import type { AuthContext } from '../../http/auth';
import type { EntityHooks } from '../registerEntity';
import { columnOf, type EntityRuntime } from './runtime';

/** The 合计 line: one aggregate over the list's rows (or the hook's summary), money back in yuan; none when nothing is summed. */
export async function footerOf(rt: EntityRuntime, work: Work, caller: AuthContext, query: ListQuery, where: SQL | undefined, given?: Awaited<ReturnType<NonNullable<EntityHooks['summaryOf']>>>) {
  const { spec, table, hooks, hiddenFor } = rt;
  const summed = spec.fields.filter((field) => field.total && !hiddenFor(caller).has(field.key));
  if (!summed.length) return undefined;
  const summary = given ?? (await hooks.summaryOf?.(query, work));
  let sums: Record<string, number>;
  if (summary) sums = summary.sums;
  else {
    const [row] = (await work.tx
      .select(Object.fromEntries(summed.map((field) => [field.key, sql<string>`coalesce(sum(${hooks.totalOf?.[field.key] ?? columnOf(table, field.key)}), 0)`])))
      .from(table as PgTable)
      .where(where)) as Record<string, string>[];
    sums = Object.fromEntries(summed.map((field) => [field.key, Number(row?.[field.key] ?? 0)]));
  }
  return Object.fromEntries(summed.map((field) => [field.key, shownSum(field, sums[field.key] ?? 0)]));
}
