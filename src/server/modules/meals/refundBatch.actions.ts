import { eq } from 'drizzle-orm';
import type { FlowEffect } from '../../crud/flowActions';
import { mealRefundBatches } from '../../db/schema';
import { schoolReads, type RowOf } from '../../db/work';
import { ApiError } from '../../http/envelope';
import { outboxHandler } from '../../outbox/deliver';
import { workerOf } from '../members/batchRuns';
import { payRefundBatch, releaseRefundLines } from './refunds';

type BatchRow = RowOf<typeof mealRefundBatches>;

/**
 * 执行退款's payments, after the commit, said in the answer: person by person (each its own
 * transaction, keyed by the batch and the person), only the lines still owed — a delivery after a
 * crash pays those not yet paid and nobody twice.
 */
outboxHandler('mealRefund.pay', async (context, item) => {
  const worker = workerOf(item);
  const [batch] = await schoolReads(context.db, worker).rows(mealRefundBatches, eq(mealRefundBatches.id, String(item.payload.batchId)), { deleted: true, limit: 1 });
  if (!batch) return { said: { 'zh-CN': '退款批次不存在', en: 'No such refund batch' }, refused: true };
  try {
    // The payments open the school's own transaction for each person (the ledger's, and inSchool).
    const done = await payRefundBatch(context, worker, batch);
    const yuan = (done.amount / 100).toFixed(2);
    return {
      said: done.failed
        ? { 'zh-CN': `已退款 ${done.paid} 人，共 ${yuan} 元；${done.failed} 人失败，可再次执行`, en: `Refunded ${done.paid} people, ${yuan} in all; ${done.failed} failed and may be run again` }
        : { 'zh-CN': `已退款 ${done.paid} 人，共 ${yuan} 元`, en: `Refunded ${done.paid} people, ${yuan} in all` },
    };
  } catch (error) {
    // A refusal is the answer, as it was when the payments ran in the request.
    if (error instanceof ApiError) return { said: { 'zh-CN': error.message, en: error.en ?? error.message }, refused: true, status: error.status };
    throw error;
  }
});

/**
 * 退款合并's flow (declared in refundBatch.ts): 驳回 lets its lines wait again; 执行退款 marks the
 * batch 退款中 and, once committed, pays person by person (each its own transaction), saying what
 * it did; run again it pays only those still owed.
 */
export const refundBatchActions: Readonly<Record<string, FlowEffect<BatchRow>>> = {
  async reject({ work, row }) {
    await releaseRefundLines(work, [row.id]);
  },
  async execute({ row }) {
    return { later: { kind: 'mealRefund.pay', payload: { batchId: row.id } } };
  },
};
