import { asc, eq } from 'drizzle-orm';
import type { shipment as shipmentSpec } from '@areas/supply/shared/entities/shipment';
import type { FlowEffects } from '@server/crud/flowActions';
import { stockOutItems, stockOuts } from './tables';
import type { RowOf } from '@server/db/work';
import { stockService } from './stock';

/**
 * 出库管理's flow functions: 审核 issues every line from the batches first-expiring-first-out (all
 * lines or none: one short line refuses the bill) and values the lines and the bill at the batches'
 * prices; 驳回 keeps its reason.
 */
export const shipmentActions: FlowEffects<typeof shipmentSpec, RowOf<typeof stockOuts>> = {
  async audit({ work, row: shipment, input }) {
    const items = await work.rows(stockOutItems, eq(stockOutItems.stockOutId, shipment.id), { orderBy: asc(stockOutItems.sortNo) });
    const bill = { tenantId: work.tenantId, billType: 'shipment' as const, billId: shipment.id, billNo: shipment.billNo, operator: work.username };
    let total = 0;
    for (const item of items) {
      const amount = await stockService.issue(work.tx, bill, { canteenId: shipment.canteenId, ingredientId: item.ingredientId, qty: item.qty });
      await work.tx.update(stockOutItems).set({ amount }).where(eq(stockOutItems.id, item.id));
      total += amount;
    }
    return { set: { totalAmount: total, auditOpinion: input.auditOpinion ?? null } };
  },
  async reject({ input }) {
    return { set: { auditOpinion: input.auditOpinion }, note: input.auditOpinion };
  },
};
