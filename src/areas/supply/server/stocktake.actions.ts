import { asc, eq } from 'drizzle-orm';
import type { stocktake as stocktakeSpec } from '@areas/supply/shared/entities/stocktake';
import type { FlowEffects } from '@server/crud/flowActions';
import { stocktakeItems, stocktakes } from './tables';
import type { RowOf } from '@server/db/work';
import { stockService } from './stock';

/** 盘点's flow functions: 审核 brings each batch to what was counted (ADJUST moves); 驳回 keeps its reason. */
export const stocktakeActions: FlowEffects<typeof stocktakeSpec, RowOf<typeof stocktakes>> = {
  async audit({ work, row: stocktake, input }) {
    const items = await work.rows(stocktakeItems, eq(stocktakeItems.stocktakeId, stocktake.id), { orderBy: asc(stocktakeItems.sortNo) });
    const bill = { tenantId: work.tenantId, billType: 'stocktake' as const, billId: stocktake.id, billNo: stocktake.billNo, operator: work.username };
    let total = 0;
    for (const item of items) {
      const { book, diff, amount } = await stockService.adjust(work.tx, bill, { batchId: item.batchId, counted: item.countedQty });
      await work.tx.update(stocktakeItems).set({ bookQty: book, diffQty: diff }).where(eq(stocktakeItems.id, item.id));
      total += amount;
    }
    return { set: { diffAmount: total, auditOpinion: input.auditOpinion ?? null } };
  },
  async reject({ input }) {
    return { set: { auditOpinion: input.auditOpinion }, note: input.auditOpinion };
  },
};
