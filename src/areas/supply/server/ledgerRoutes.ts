import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { milliToQuantity, centsToYuan } from '@shared/engine/schemas';
import type { AppContext } from '@server/context';
import { stockBatches, stockMoves } from './tables';
import { schoolReads } from '@server/db/work';
import { authOf } from '@server/http/auth';
import { ok } from '@server/http/envelope';
import { parseInput } from '@server/http/validate';
import { schoolDateTime } from '@server/http/schoolClock';

/** How many of the newest moves the 台账 shows. */
const LEDGER_ROWS = 500;

/**
 * 台账: the moves of one ingredient in one canteen's store, newest first, each with the stock it
 * left (a running sum over all its moves, oldest first) — the ledger a storekeeper reconciles.
 */
export function stockLedgerRoutes(api: FastifyInstance, context: AppContext): void {
  api.get('/supply/stock/ledger', { config: { permission: 'supply:inventory' } }, async (request) => {
    const caller = authOf(request);
    const { canteenId, ingredientId } = parseInput(z.object({ canteenId: z.string().trim().min(1).max(64), ingredientId: z.string().trim().min(1).max(64) }), request.query);
    const balance = sql<string>`sum(${stockMoves.qty}) over (order by ${stockMoves.seq})`;
    const reads = schoolReads(context.db, caller);
    const rows = await reads.tx
      .select({
        seq: stockMoves.seq,
        kind: stockMoves.kind,
        qty: stockMoves.qty,
        unitPrice: stockMoves.unitPrice,
        amount: stockMoves.amount,
        billNo: stockMoves.billNo,
        operator: stockMoves.operator,
        createdAt: stockMoves.createdAt,
        batchNo: stockBatches.batchNo,
        balance,
      })
      .from(stockMoves)
      .innerJoin(stockBatches, and(eq(stockBatches.id, stockMoves.batchId), reads.school(stockBatches, { deleted: true })))
      // The ledger has no id column (its key is seq), so the unit of work's school() does not take it: its school by hand.
      .where(and(sql`${stockMoves.tenantId} = ${reads.tenantId}`, eq(stockMoves.canteenId, canteenId), eq(stockMoves.ingredientId, ingredientId)))
      .orderBy(desc(stockMoves.seq))
      .limit(LEDGER_ROWS);
    return ok(
      await Promise.all(
        rows.map(async (row) => ({
          id: String(row.seq),
          kind: row.kind,
          kind_dictText: await context.dictionaries.textOf('stock_move_kind', row.kind, caller.tenantId, caller.locale),
          qty: milliToQuantity(row.qty),
          unitPrice: centsToYuan(row.unitPrice),
          amount: centsToYuan(row.amount),
          balance: milliToQuantity(Number(row.balance)),
          billNo: row.billNo,
          batchNo: row.batchNo,
          operator: row.operator,
          createTime: schoolDateTime(row.createdAt),
        })),
      ),
    );
  });
}
