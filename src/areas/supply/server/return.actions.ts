import { asc, eq } from 'drizzle-orm';
import type { supplyReturn as supplyReturnSpec } from '@areas/supply/shared/entities/supplyReturn';
import type { FlowEffects } from '@server/crud/flowActions';
import { supplyReturnItems, supplyReturns } from './tables';
import type { RowOf } from '@server/db/work';
import { stockService } from './stock';

/**
 * 退货管理's flow functions: 审核 takes every line back out of the batches its purchase line was
 * received as (all lines or none), as RETURN moves; 驳回 keeps its reason.
 */
export const returnActions: FlowEffects<typeof supplyReturnSpec, RowOf<typeof supplyReturns>> = {
  async audit({ work, row: returned, input }) {
    const items = await work.rows(supplyReturnItems, eq(supplyReturnItems.returnId, returned.id), { orderBy: asc(supplyReturnItems.sortNo) });
    const bill = { tenantId: work.tenantId, billType: 'return' as const, billId: returned.id, billNo: returned.billNo, operator: work.username };
    for (const item of items) await stockService.returnGoods(work.tx, bill, { canteenId: returned.canteenId, ingredientId: item.ingredientId, purchaseItemId: item.purchaseItemId, qty: item.qty });
    return { set: { auditOpinion: input.auditOpinion ?? null } };
  },
  async reject({ input }) {
    return { set: { auditOpinion: input.auditOpinion }, note: input.auditOpinion };
  },
};
