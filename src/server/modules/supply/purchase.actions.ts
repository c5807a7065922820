import { and, asc, eq } from 'drizzle-orm';
import { milliToQuantity } from '@shared/engine/schemas';
import type { FlowEffect } from '../../crud/flowActions';
import { ingredients, purchaseItems } from '../../db/schema';
import { badRequest } from '../../http/envelope';
import { stockService } from './stock';

/** 验收结果 不合格: recorded, not received into stock. */
const FAILED = '2';

/**
 * 采购管理's flow functions: the audit note kept on the bill, and 验收入库 — each line's quantity
 * received now (up to what is still owed), passed or conceded ones into stock as a batch of the
 * line's batch number, dates and price; the bill then 部分入库 or 已入库.
 */
export const purchaseActions: Readonly<Record<string, FlowEffect>> = {
  async audit({ input }) {
    return { set: { auditOpinion: input.auditOpinion ?? null } };
  },
  async reject({ input }) {
    return { set: { auditOpinion: input.auditOpinion }, note: String(input.auditOpinion) };
  },
  async receive({ tx, caller, row, input }) {
    const items = await tx
      .select({ item: purchaseItems, name: ingredients.name })
      .from(purchaseItems)
      .leftJoin(ingredients, eq(ingredients.id, purchaseItems.ingredientId))
      .where(and(eq(purchaseItems.purchaseId, String(row.id)), eq(purchaseItems.tenantId, caller.tenantId)))
      .orderBy(asc(purchaseItems.sortNo));
    const given = new Map(((input.lines as { id: string; receiveQty: number | null; acceptResult: string }[]) ?? []).map((line) => [line.id, line]));
    const bill = { tenantId: caller.tenantId, billType: 'purchase' as const, billId: String(row.id), billNo: String(row.billNo), operator: caller.username };
    const received: string[] = [];
    for (const [index, { item, name }] of items.entries()) {
      const line = given.get(item.id);
      const qty = line?.receiveQty ?? 0;
      if (!line || qty <= 0) continue;
      const owed = item.qty - item.acceptedQty;
      if (qty > owed)
        throw badRequest(
          `第 ${index + 1} 行 ${name ?? ''}本次验收数量超过未入库数量（${milliToQuantity(owed)}）`,
          `Row ${index + 1}: ${name ?? ''} received now is more than is still owed (${milliToQuantity(owed)})`,
        );
      if (line.acceptResult === FAILED) {
        await tx.update(purchaseItems).set({ acceptResult: FAILED }).where(eq(purchaseItems.id, item.id));
        received.push(`${name ?? ''} ${milliToQuantity(qty)} 不合格`);
        continue;
      }
      await stockService.receive(tx, bill, {
        canteenId: String(row.canteenId),
        ingredientId: item.ingredientId,
        qty,
        unitPrice: item.unitPrice,
        batchNo: item.batchNo || `${String(row.billNo)}-${index + 1}`,
        productionDate: item.productionDate,
        expiryDate: item.expiryDate,
        purchaseItemId: item.id,
      });
      item.acceptedQty += qty;
      await tx.update(purchaseItems).set({ acceptedQty: item.acceptedQty, acceptResult: line.acceptResult }).where(eq(purchaseItems.id, item.id));
      received.push(`${name ?? ''} ${milliToQuantity(qty)}${line.acceptResult === '3' ? ' 让步接收' : ''}`);
    }
    if (!received.length) throw badRequest('请填写本次验收数量', 'Give the quantity received now');
    const complete = items.every(({ item }) => item.acceptedQty >= item.qty);
    const anyIn = items.some(({ item }) => item.acceptedQty > 0);
    return { set: { inboundStatus: complete ? '2' : anyIn ? '1' : String(row.inboundStatus) }, note: received.join('；') };
  },
};
