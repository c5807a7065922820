import { and, asc, eq } from 'drizzle-orm';
import type { FlowEffect } from '../../crud/flowActions';
import { stockOutItems } from '../../db/schema';
import { stockService } from './stock';

/**
 * 出库管理's flow functions: 审核 issues every line from the batches first-expiring-first-out (all
 * lines or none: one short line refuses the bill) and values the lines and the bill at the batches'
 * prices; 驳回 keeps its reason.
 */
export const shipmentActions: Readonly<Record<string, FlowEffect>> = {
  async audit({ tx, caller, row, input }) {
    const items = await tx
      .select()
      .from(stockOutItems)
      .where(and(eq(stockOutItems.stockOutId, String(row.id)), eq(stockOutItems.tenantId, caller.tenantId)))
      .orderBy(asc(stockOutItems.sortNo));
    const bill = { tenantId: caller.tenantId, billType: 'shipment' as const, billId: String(row.id), billNo: String(row.billNo), operator: caller.username };
    let total = 0;
    for (const item of items) {
      const amount = await stockService.issue(tx, bill, { canteenId: String(row.canteenId), ingredientId: item.ingredientId, qty: item.qty });
      await tx.update(stockOutItems).set({ amount }).where(eq(stockOutItems.id, item.id));
      total += amount;
    }
    return { set: { totalAmount: total, auditOpinion: input.auditOpinion ?? null } };
  },
  async reject({ input }) {
    return { set: { auditOpinion: input.auditOpinion }, note: String(input.auditOpinion) };
  },
};
