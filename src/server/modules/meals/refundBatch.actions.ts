import type { FlowEffect } from '../../crud/flowActions';
import type { mealRefundBatches } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { payRefundBatch, releaseRefundLines } from './refunds';

/**
 * 退款合并's flow (declared in refundBatch.ts): 驳回 lets its lines wait again; 执行退款 marks the
 * batch 退款中 and, once committed, pays person by person (each its own transaction), saying what
 * it did; run again it pays only those still owed.
 */
export const refundBatchActions: Readonly<Record<string, FlowEffect>> = {
  async reject({ work, row }) {
    await releaseRefundLines(work.tx, [(row as RowOf<typeof mealRefundBatches>).id]);
  },
  async execute({ context, caller, row }) {
    const batch = row as RowOf<typeof mealRefundBatches>;
    return {
      after: async () => {
        const done = await payRefundBatch(context.db, caller, batch);
        const yuan = (done.amount / 100).toFixed(2);
        return done.failed
          ? { 'zh-CN': `已退款 ${done.paid} 人，共 ${yuan} 元；${done.failed} 人失败，可再次执行`, en: `Refunded ${done.paid} people, ${yuan} in all; ${done.failed} failed and may be run again` }
          : { 'zh-CN': `已退款 ${done.paid} 人，共 ${yuan} 元`, en: `Refunded ${done.paid} people, ${yuan} in all` };
      },
    };
  },
};
