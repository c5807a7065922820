import { and, eq, lt, sql } from 'drizzle-orm';
import type { StockLine } from '@shared/reports';
import { addDays, parseSchoolTime } from '@shared/schoolTime';
import type { Work } from '@server/db/work';
import type { ReportTabQuery } from '@server/registry/areas';
import { ingredients, stockMoves } from './tables';

/** 食材进销存 from the stock moves of the period (the opening is every move before it). */
export async function stockReport(work: Work, zone: string, query: ReportTabQuery): Promise<StockLine[]> {
  const start = parseSchoolTime(zone, `${query.from} 00:00:00`)!;
  const end = parseSchoolTime(zone, `${addDays(query.to, 1)} 00:00:00`)!;
  const sum = (kind: string | null, column: typeof stockMoves.qty | typeof stockMoves.amount) =>
    kind
      ? sql<string>`coalesce(sum(${column}) filter (where ${stockMoves.createdAt} >= ${start.toISOString()}::timestamptz and ${stockMoves.kind} = ${kind}), 0)::text`
      : sql<string>`coalesce(sum(${column}) filter (where ${stockMoves.createdAt} < ${start.toISOString()}::timestamptz), 0)::text`;
  const rows = await work.tx
    .select({
      ingredient: ingredients.name,
      unit: ingredients.unit,
      openingQty: sum(null, stockMoves.qty),
      opening: sum(null, stockMoves.amount),
      inQty: sum('IN', stockMoves.qty),
      in: sum('IN', stockMoves.amount),
      outQty: sum('OUT', stockMoves.qty),
      out: sum('OUT', stockMoves.amount),
      returnQty: sum('RETURN', stockMoves.qty),
      returned: sum('RETURN', stockMoves.amount),
      adjustQty: sum('ADJUST', stockMoves.qty),
      adjusted: sum('ADJUST', stockMoves.amount),
    })
    .from(stockMoves)
    .innerJoin(ingredients, eq(ingredients.id, stockMoves.ingredientId))
    .where(and(work.school(stockMoves), lt(stockMoves.createdAt, end), ...(query.canteenId ? [eq(stockMoves.canteenId, query.canteenId)] : [])))
    .groupBy(ingredients.name, ingredients.unit)
    .orderBy(ingredients.name);
  return rows.map((row) => {
    const n = (value: string) => Number(value);
    // Issues and returns are stored as negative moves: shown as what left.
    const line = {
      ingredient: row.ingredient,
      unit: row.unit,
      openingQty: n(row.openingQty),
      opening: n(row.opening),
      inQty: n(row.inQty),
      in: n(row.in),
      outQty: -n(row.outQty),
      out: -n(row.out),
      returnQty: -n(row.returnQty),
      returned: -n(row.returned),
      adjustQty: n(row.adjustQty),
      adjusted: n(row.adjusted),
      closingQty: 0,
      closing: 0,
    };
    line.closingQty = line.openingQty + line.inQty - line.outQty - line.returnQty + line.adjustQty;
    line.closing = line.opening + line.in - line.out - line.returned + line.adjusted;
    return line;
  });
}
