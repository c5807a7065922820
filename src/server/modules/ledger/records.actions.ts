import type { chargeRecord } from '@shared/entities/payments/chargeRecord';
import type { consumptionRecord } from '@shared/entities/payments/consumptionRecord';
import type { LedgerEffects, LedgerQuoters } from '../../crud/ledgerActions';
import { schoolReads } from '../../db/work';
import { ledgerTransactions } from '../../db/schema';
import { notFound } from '../../http/envelope';
import { ledgerService, refundableOf } from './service';
import { yuanOf } from '@shared/reportColumns';

/** 充值冲正 (充值记录's ledger action): the recharge posted back out of the cash wallet, by another operator. */
export const chargeRecordLedgerActions: LedgerEffects<typeof chargeRecord> = {
  async reverse({ context, caller, id, input, idempotencyKey }) {
    const posted = await ledgerService(context.db).reverseRecharge({ tenantId: caller.tenantId, username: caller.username }, { key: idempotencyKey, txnId: id, reason: input.reason });
    return { answer: posted, done: { 'zh-CN': `冲正成功！现金余额 ¥${yuanOf(posted.balances.CASH)}`, en: `Reversed. Cash balance ¥${yuanOf(posted.balances.CASH)}` } };
  },
};

/** 消费退款 (消费记录's ledger action): all or part of a payment back along its split. */
export const consumptionRecordLedgerActions: LedgerEffects<typeof consumptionRecord> = {
  async refund({ context, caller, id, input, idempotencyKey }) {
    const posted = await ledgerService(context.db).refund(
      { tenantId: caller.tenantId, username: caller.username },
      { key: idempotencyKey, txnId: id, reason: input.reason, ...(input.amount === null ? {} : { amountCents: input.amount }) },
    );
    return { answer: posted, done: { 'zh-CN': `退款成功！已退 ¥${yuanOf(posted.amountCents)}`, en: `Refunded ¥${yuanOf(posted.amountCents)}` } };
  },
};

/** What is left to refund of a payment: offered as the refund's amount. */
export const consumptionRecordLedgerQuotes: LedgerQuoters<typeof consumptionRecord> = {
  async refund({ context, caller, id }) {
    const reads = schoolReads(context.db, caller);
    const original = await reads.one(ledgerTransactions, id);
    if (!original || original.txnType !== 'CONSUME' || !original.accountId) throw notFound('消费记录不存在');
    const left = [...(await refundableOf(reads.tx, original.id, original.accountId)).values()].reduce((sum, value) => sum + value, 0);
    return { figures: { refundable: Math.max(left, 0) }, defaults: { amount: yuanOf(Math.max(left, 0)) } };
  },
};
