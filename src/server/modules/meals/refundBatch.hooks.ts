import { and, eq } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import { mealOrders, mealRefundBatches, type mealRefundItems } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { badRequest } from '../../http/envelope';
import { billHooks } from '../bills/billHooks';
import { gatherRefundLines, releaseRefundLines } from './refunds';

/**
 * A refund batch (TK number): a period of at most 92 days; written, it takes the waiting lines of its
 * period, canteen and source (none: refused) and counts them; only its remark and destination change
 * after; deleted before audit, its lines wait again.
 */
/** What a batch gathered its lines by. */
const SCOPE = ['dateFrom', 'dateTo', 'canteenId', 'sourceType'] as const;

export const refundBatchHooks: EntityHooks<RowOf<typeof mealRefundBatches>> = {
  ...billHooks<RowOf<typeof mealRefundBatches>>('TK', {
    async beforeSave({ values, before }) {
      const from = values.dateFrom ?? '';
      const to = values.dateTo ?? '';
      // Its lines were gathered by its scope: a batch of another scope is made anew.
      if (before && SCOPE.some((key) => (values[key] ?? null) !== (before[key] ?? null)))
        throw badRequest('合并范围（期间、食堂、来源）不能修改，请删除后重新生成', 'The scope (period, canteen, source) cannot change: delete the batch and make it again');
      if (to < from) throw badRequest('结束日期不能早于开始日期', 'The period must end on or after its first day');
      if (Date.parse(to) - Date.parse(from) > 92 * 86_400_000) throw badRequest('合并期间不能超过92天', 'A batch covers at most 92 days');
    },
  }),
  async afterAdd({ work, id, values }) {
    const counted = await gatherRefundLines(work, id, {
      dateFrom: values.dateFrom ?? '',
      dateTo: values.dateTo ?? '',
      canteenId: values.canteenId ?? null,
      sourceType: values.sourceType ?? null,
    });
    await work.update(mealRefundBatches, counted, eq(mealRefundBatches.id, id));
    Object.assign(values, counted);
  },
  async beforeDelete({ work, ids }) {
    await releaseRefundLines(work, ids);
  },
};

/** A refund line adjusted while it waits: never more than its order cost. */
export const refundItemHooks: EntityHooks<RowOf<typeof mealRefundItems>> = {
  async beforeSave({ work, values, before }) {
    if (!before?.sourceId || values.amount === undefined) return;
    const [order] = await work.tx
      .select({ orderNo: mealOrders.orderNo, amount: mealOrders.amount })
      .from(mealOrders)
      .where(and(work.school(mealOrders, { deleted: true }), eq(mealOrders.id, before.sourceId)));
    if (order && Number(values.amount) > order.amount)
      throw badRequest(
        `退款金额不能超过订单 ${order.orderNo} 的金额 ${(order.amount / 100).toFixed(2)} 元`,
        `No more than the ${(order.amount / 100).toFixed(2)} of order ${order.orderNo} can be refunded`,
      );
  },
};
