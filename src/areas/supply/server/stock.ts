import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { newId } from '@server/db/ids';
import { ingredients, stockBatches, stockMoves } from './tables';
import { Work } from '@server/db/work';
import { badRequest } from '@server/http/envelope';

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

/** The bill's school, worked by its operator, in the caller's transaction. */
const workOf = (tx: Executor, bill: StockBill) => new Work(tx, bill.tenantId, bill.operator);

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
   * the oldest); refused with `商品:<name>库存不足` when they hold too little. Answers the value taken.
   */
  async issue(tx: Executor, bill: StockBill, line: { canteenId: string; ingredientId: string; qty: number }): Promise<number> {
    return take(tx, bill, 'OUT', line, eq(stockBatches.canteenId, line.canteenId), (name) => ({ zh: `商品:${name}库存不足`, en: `Not enough ${name} in stock` }));
  },

  /** What a batch holds now: the sum of its moves (read after locking it, when the caller did). */
  async heldIn(tx: Executor, batchId: string): Promise<number> {
    const [sum] = await tx
      .select({ qty: sql<string>`coalesce(sum(${stockMoves.qty}), 0)` })
      .from(stockMoves)
      .where(eq(stockMoves.batchId, batchId));
    return Number(sum?.qty ?? 0);
  },

  /**
   * 盘点: a batch brought to what was counted — the batch locked, its book read, the difference
   * posted as an ADJUST move (none when they agree). Answers the book, the difference and its value.
   */
  async adjust(tx: Executor, bill: StockBill, line: { batchId: string; counted: number }): Promise<{ book: number; diff: number; amount: number }> {
    const [batch] = await workOf(tx, bill).lock(stockBatches, line.batchId);
    if (!batch) throw badRequest('所选批次不存在', 'The chosen batch does not exist');
    const book = await stockService.heldIn(tx, batch.id);
    const diff = line.counted - book;
    const amount = valueOf(diff, batch.unitPrice);
    if (diff !== 0) {
      const { at, ...trace } = bill;
      await tx.insert(stockMoves).values({
        ...trace,
        ...(at ? { createdAt: at } : {}),
        canteenId: batch.canteenId,
        ingredientId: batch.ingredientId,
        batchId: batch.id,
        kind: 'ADJUST',
        qty: diff,
        unitPrice: batch.unitPrice,
        amount,
      });
    }
    return { book, diff, amount };
  },

  /**
   * 退货: a quantity of a purchase line's goods taken back out of the batches it was received as
   * (the first to expire first), as RETURN moves; refused when they hold less.
   */
  async returnGoods(tx: Executor, bill: StockBill, line: { canteenId: string; ingredientId: string; purchaseItemId: string; qty: number }): Promise<number> {
    return take(tx, bill, 'RETURN', line, eq(stockBatches.purchaseItemId, line.purchaseItemId), (name) => ({
      zh: `商品:${name}批次剩余不足，不能退货`,
      en: `The batches of ${name} hold too little to return`,
    }));
  },
};

/**
 * Takes a quantity out of an ingredient's batches (those `which` picks), the first to expire first,
 * then the oldest. The batches are locked before what they hold is read, so two takings of the last
 * stock at once are one after the other and the second finds it gone; nothing is posted when they
 * hold too little. Answers the value taken (cents).
 */
async function take(
  tx: Executor,
  bill: StockBill,
  kind: 'OUT' | 'RETURN',
  line: { canteenId: string; ingredientId: string; qty: number },
  which: SQL,
  short: (name: string) => { zh: string; en: string },
): Promise<number> {
  const batches = await tx
    .select({ id: stockBatches.id, unitPrice: stockBatches.unitPrice })
    .from(stockBatches)
    .where(and(workOf(tx, bill).school(stockBatches), eq(stockBatches.ingredientId, line.ingredientId), which))
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
    const message = short(named?.name ?? line.ingredientId);
    throw badRequest(message.zh, message.en);
  }
  const { at, ...trace } = bill;
  let value = 0;
  for (const part of taken) {
    const amount = valueOf(part.qty, part.unitPrice);
    value += amount;
    await tx.insert(stockMoves).values({
      ...trace,
      ...(at ? { createdAt: at } : {}),
      canteenId: line.canteenId,
      ingredientId: line.ingredientId,
      batchId: part.batchId,
      kind,
      qty: -part.qty,
      unitPrice: part.unitPrice,
      amount: -amount,
    });
  }
  return value;
}
