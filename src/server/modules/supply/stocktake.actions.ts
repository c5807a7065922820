import { and, asc, eq } from 'drizzle-orm';
import type { FlowEffect } from '../../crud/flowActions';
import { stocktakeItems } from '../../db/schema';
import { stockService } from './stock';

/** 盘点's flow functions: 审核 brings each batch to what was counted (ADJUST moves); 驳回 keeps its reason. */
export const stocktakeActions: Readonly<Record<string, FlowEffect>> = {
  async audit({ tx, caller, row, input }) {
    const items = await tx
      .select()
      .from(stocktakeItems)
      .where(and(eq(stocktakeItems.stocktakeId, String(row.id)), eq(stocktakeItems.tenantId, caller.tenantId)))
      .orderBy(asc(stocktakeItems.sortNo));
    const bill = { tenantId: caller.tenantId, billType: 'stocktake' as const, billId: String(row.id), billNo: String(row.billNo), operator: caller.username };
    let total = 0;
    for (const item of items) {
      const { book, diff, amount } = await stockService.adjust(tx, bill, { batchId: item.batchId, counted: item.countedQty });
      await tx.update(stocktakeItems).set({ bookQty: book, diffQty: diff }).where(eq(stocktakeItems.id, item.id));
      total += amount;
    }
    return { set: { diffAmount: total, auditOpinion: input.auditOpinion ?? null } };
  },
  async reject({ input }) {
    return { set: { auditOpinion: input.auditOpinion }, note: String(input.auditOpinion) };
  },
};
