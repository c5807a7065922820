import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { billPayments } from '../../db/schema';
import { Work } from '../../db/work';
import { badRequest, notFound } from '../../http/envelope';
import { nextBillNo } from '../bills/billNo';
import type { Caller } from '../ledger/core';

/**
 * 缴费记录's rows, written by every kind of bill in the transaction that changes it: a payment when a
 * bill is paid (at the counter or from the card), its refunded amount when money goes back.
 */

/** A bill's 缴费方式 (pay_way) as the payment's channel (pay_channel). */
export const CHANNEL_OF_PAY_WAY: Readonly<Record<string, string>> = { '1': '1', '2': '5', '3': '4', '4': '2', '5': '3' };
/** Paid from the card's balance: the only channel a refund goes back through the ledger. */
export const CARD_CHANNEL = '1';

export type PaymentRow = typeof billPayments.$inferSelect;

export interface PaymentInput {
  itemType: string;
  billType: 'tuition' | 'utility' | 'property' | 'repair' | 'callPackage';
  billId: string;
  billNo: string;
  target: string;
  memberId: string | null;
  amount: number;
  channel: string;
  receiptNo?: string | null;
  txnNo?: string | null;
  thirdPartyNo?: string | null;
}

/** Records a payment of a bill (支付成功, now); its 流水号 from the school's JF sequence. */
export async function recordPayment(tx: Executor, caller: Caller, input: PaymentInput): Promise<string> {
  const work = new Work(tx, caller.tenantId, caller.username);
  const payNo = await nextBillNo(tx, work.tenantId, 'JF');
  await work.insert(billPayments, { id: newId(), payNo, ...input, status: '1', paidAt: new Date(), operator: work.username });
  return payNo;
}

/** One payment under its lock: what a refund of it starts from. */
export async function lockPayment(work: Work, id: string): Promise<PaymentRow> {
  const [payment] = await work.lock(billPayments, id);
  if (!payment) throw notFound('未找到对应实体');
  return payment;
}

/** Counts a refund on one payment: never more than it still holds; fully refunded, it is 已退款. */
export async function refundOnPayment(tx: Executor, caller: Caller, payment: PaymentRow, amount: number, refundTxnNo: string | null): Promise<void> {
  const left = payment.amount - payment.refunded;
  if (amount > left) throw badRequest(`退款金额不能超过该笔缴费未退的 ${(left / 100).toFixed(2)} 元`, `No more than the ${(left / 100).toFixed(2)} left of this payment can be refunded`);
  await tx
    .update(billPayments)
    .set({ refunded: payment.refunded + amount, status: payment.refunded + amount === payment.amount ? '3' : payment.status, refundTxnNo, updateBy: caller.username, updatedAt: new Date() })
    .where(eq(billPayments.id, payment.id));
}

/** A refund of a bill to the card, counted on its card payments, the newest first. */
export async function refundOnCardPayments(tx: Executor, caller: Caller, billId: string, amount: number, refundTxnNo: string): Promise<void> {
  const work = new Work(tx, caller.tenantId, caller.username);
  const payments = await tx
    .select()
    .from(billPayments)
    .where(and(work.school(billPayments), eq(billPayments.billId, billId), eq(billPayments.channel, CARD_CHANNEL), gt(sql`${billPayments.amount} - ${billPayments.refunded}`, 0)))
    .orderBy(desc(billPayments.paidAt))
    .for('update');
  let left = amount;
  for (const payment of payments) {
    if (left <= 0) break;
    const part = Math.min(left, payment.amount - payment.refunded);
    await refundOnPayment(tx, caller, payment, part, refundTxnNo);
    left -= part;
  }
}
