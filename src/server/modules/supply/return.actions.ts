import { and, asc, eq } from 'drizzle-orm';
import type { FlowEffect } from '../../crud/flowActions';
import { supplyReturnItems } from '../../db/schema';
import { stockService } from './stock';

/**
 * 退货管理's flow functions: 审核 takes every line back out of the batches its purchase line was
 * received as (all lines or none), as RETURN moves; 驳回 keeps its reason.
 */
export const returnActions: Readonly<Record<string, FlowEffect>> = {
  async audit({ tx, caller, row, input }) {
    const items = await tx
      .select()
      .from(supplyReturnItems)
      .where(and(eq(supplyReturnItems.returnId, String(row.id)), eq(supplyReturnItems.tenantId, caller.tenantId)))
      .orderBy(asc(supplyReturnItems.sortNo));
    const bill = { tenantId: caller.tenantId, billType: 'return' as const, billId: String(row.id), billNo: String(row.billNo), operator: caller.username };
    for (const item of items) await stockService.returnGoods(tx, bill, { canteenId: String(row.canteenId), ingredientId: item.ingredientId, purchaseItemId: item.purchaseItemId, qty: item.qty });
    return { set: { auditOpinion: input.auditOpinion ?? null } };
  },
  async reject({ input }) {
    return { set: { auditOpinion: input.auditOpinion }, note: String(input.auditOpinion) };
  },
};
