import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { ingredients, stockBatches, stockMoves } from '../../db/schema';
import { badRequest } from '../../http/envelope';

/** Whose bill moves the stock, for the move's trace. */
export interface StockBill {
  tenantId: number;
  billType: 'purchase' | 'shipment' | 'return' | 'stocktake';
  billId: string;
  billNo: string;
  operator: string;
  /** When it happened, if not now (a seed's month of history). */
  at?: Date;
}

/** The value of a quantity (thousandths) at a unit price (cents per unit), in cents. */
export const valueOf = (qtyMilli: number, unitPriceCents: number): number => Math.round((qtyMilli * unitPriceCents) / 1000);

/**
 * The stock service: the only writer of `sup_stock_move` (as the ledger service is of money). Every
 * change is a move in the caller's transaction; what a batch holds is the sum of its moves.
 */
export const stockService = {
  /** 验收入库: a new batch received into a canteen's store, and its IN move. */
  async receive(
    tx: Executor,
    bill: StockBill,
    line: { canteenId: string; ingredientId: string; qty: number; unitPrice: number; batchNo: string; productionDate: string | null; expiryDate: string | null; purchaseItemId: string },
  ): Promise<string> {
    const batchId = newId();
    await tx.insert(stockBatches).values({
      id: batchId,
      tenantId: bill.tenantId,
      canteenId: line.canteenId,
      ingredientId: line.ingredientId,
      batchNo: line.batchNo,
      productionDate: line.productionDate,
      expiryDate: line.expiryDate,
      unitPrice: line.unitPrice,
      purchaseId: bill.billId,
      purchaseItemId: line.purchaseItemId,
      ...(bill.at ? { createdAt: bill.at } : {}),
    });
    const { at, ...trace } = bill;
    await tx.insert(stockMoves).values({
      ...trace,
      ...(at ? { createdAt: at } : {}),
      canteenId: line.canteenId,
      ingredientId: line.ingredientId,
      batchId,
      kind: 'IN',
      qty: line.qty,
      unitPrice: line.unitPrice,
      amount: valueOf(line.qty, line.unitPrice),
    });
    return batchId;
  },

  /**
   * 出库: a quantity of an ingredient taken from a canteen's batches, the first to expire first (then
   * the oldest). The batches are locked first, so two issues of the last stock at once are one after
   * the other: the second finds it gone and is refused with `商品:<name>库存不足`, and nothing of it
   * is posted. Answers the value taken (cents).
   */
  async issue(tx: Executor, bill: StockBill, line: { canteenId: string; ingredientId: string; qty: number }): Promise<number> {
    const batches = await tx
      .select({ id: stockBatches.id, unitPrice: stockBatches.unitPrice })
      .from(stockBatches)
      .where(and(eq(stockBatches.tenantId, bill.tenantId), eq(stockBatches.canteenId, line.canteenId), eq(stockBatches.ingredientId, line.ingredientId)))
      .orderBy(sql`${stockBatches.expiryDate} asc nulls last`, asc(stockBatches.createdAt), asc(stockBatches.id))
      .for('update');
    // What each holds, read after the locks: a move committed while waiting is counted.
    const held = new Map<string, number>();
    if (batches.length) {
      const sums = await tx
        .select({ batchId: stockMoves.batchId, qty: sql<string>`sum(${stockMoves.qty})` })
        .from(stockMoves)
        .where(
          inArray(
            stockMoves.batchId,
            batches.map((batch) => batch.id),
          ),
        )
        .groupBy(stockMoves.batchId);
      for (const sum of sums) held.set(sum.batchId, Number(sum.qty));
    }
    let wanted = line.qty;
    let value = 0;
    const taken: { batchId: string; qty: number; unitPrice: number }[] = [];
    for (const batch of batches) {
      if (wanted <= 0) break;
      const available = held.get(batch.id) ?? 0;
      if (available <= 0) continue;
      const qty = Math.min(available, wanted);
      taken.push({ batchId: batch.id, qty, unitPrice: batch.unitPrice });
      wanted -= qty;
    }
    if (wanted > 0) {
      const [named] = await tx.select({ name: ingredients.name }).from(ingredients).where(eq(ingredients.id, line.ingredientId));
      throw badRequest(`商品:${named?.name ?? line.ingredientId}库存不足`, `Not enough ${named?.name ?? line.ingredientId} in stock`);
    }
    for (const part of taken) {
      const amount = valueOf(part.qty, part.unitPrice);
      value += amount;
      await tx
        .insert(stockMoves)
        .values({ ...bill, canteenId: line.canteenId, ingredientId: line.ingredientId, batchId: part.batchId, kind: 'OUT', qty: -part.qty, unitPrice: part.unitPrice, amount: -amount });
    }
    return value;
  },
};
