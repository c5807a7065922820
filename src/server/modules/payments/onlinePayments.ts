import type { FastifyInstance } from 'fastify';
import dayjs from 'dayjs';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { yuanToCents } from '@shared/engine/schemas';
import type { AppContext } from '../../context';
import type { InputOf } from '@shared/engine/flow';
import type { payment as paymentSpec } from '@shared/entities/payments/payment';
import { OWED_STATES } from '@shared/entities/payments/billActions';
import type { FlowEffect } from '../../crud/flowActions';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { billPayments } from '../../db/schema';
import { inSchool, schoolWork, unscoped, type Work } from '../../db/work';
import { authOf } from '../../http/auth';
import { ApiError, badRequest, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { nextBillNo } from '../bills/billNo';
import { billBook } from './billBooks';
import type { PaymentRow } from './billPayments';

/**
 * Bills paid online (WeChat, Alipay — a parent's phone, or a code shown at the counter): an order
 * in 缴费记录 (待支付) numbered for the channel, completed once by the channel's signed callback or,
 * when that never came, by 补单 from the merchant platform's record (its transaction number); the
 * bill's 实收 grows in the same transaction. The money never passed through a card, so no ledger
 * posting: as with a counter payment, the bill and its payment record it.
 */

export type OnlineChannel = 'wechat' | 'alipay';
/** pay_channel and pay_way of each online channel. */
const CHANNEL: Record<OnlineChannel, { payChannel: string; payWay: string }> = { wechat: { payChannel: '2', payWay: '4' }, alipay: { payChannel: '3', payWay: '5' } };

const yuan = (cents: number) => (cents / 100).toFixed(2);

/** 下单: an order of `amount` on a bill still owing it; a retried request (same key) gets the same order. */
export async function startOnlinePayment(
  work: Work,
  input: { key: string; billType: string; billId: string; amountCents: number; channel: OnlineChannel },
): Promise<{ payNo: string; outTradeNo: string; amount: number; replayed: boolean }> {
  const book = billBook(input.billType);
  if (!book) throw badRequest('账单类别无效', 'No such kind of bill');
  const [existing] = await work.rows(billPayments, and(eq(billPayments.operator, work.username), eq(billPayments.requestKey, input.key)), { deleted: true });
  if (existing) {
    if (existing.billId !== input.billId || existing.amount !== input.amountCents || existing.channel !== CHANNEL[input.channel].payChannel)
      throw new ApiError(409, '该请求编号已用于另一笔业务，请刷新后重试', 'This request key was used for another request: refresh and try again');
    return { payNo: existing.payNo, outTradeNo: existing.outTradeNo!, amount: existing.amount, replayed: true };
  }
  const bill = await book.lock(work.tx, work.tenantId, input.billId);
  if (!OWED_STATES.includes(bill.payStatus as never)) throw badRequest('该账单无需缴费', 'Nothing is owed on this bill');
  if (input.amountCents > bill.owed) throw badRequest(`缴费金额不能超过欠费 ${yuan(bill.owed)} 元`, `No more than the ${yuan(bill.owed)} owed can be paid`);
  const id = newId();
  const payNo = await nextBillNo(work.tx, work.tenantId, 'JF');
  const outTradeNo = `B${dayjs().format('YYYYMMDDHHmmss')}${id.slice(0, 10).toUpperCase()}`;
  await work.insert(billPayments, {
    id,
    payNo,
    ...(await book.payment(work.tx, bill)),
    amount: input.amountCents,
    channel: CHANNEL[input.channel].payChannel,
    status: '0',
    operator: work.username,
    outTradeNo,
    requestKey: input.key,
  });
  return { payNo, outTradeNo, amount: input.amountCents, replayed: false };
}

/**
 * The channel was paid (its callback, or 补单 by hand): the order becomes 支付成功 with the channel's
 * number, and its bill's 实收 grows — once: a second callback answers the first. A closed order paid
 * late is still money received. The amount must be the order's. The work is the order's school's, by
 * whoever completes it (the channel's callback, or the clerk's 补单).
 */
async function completeOrder(work: Work, payment: PaymentRow, input: { providerTxnId: string; amountCents: number }): Promise<{ payNo: string; replayed: boolean }> {
  if (payment.status === '1' || payment.status === '3') {
    if (payment.thirdPartyNo !== input.providerTxnId) throw new ApiError(409, '该订单已由另一笔交易支付', 'The order was paid by another transaction');
    return { payNo: payment.payNo, replayed: true };
  }
  if (input.amountCents !== payment.amount) throw badRequest(`支付金额 ${yuan(input.amountCents)} 元与订单金额 ${yuan(payment.amount)} 元不符`, 'The amount paid is not the order’s');
  const book = billBook(payment.billType);
  if (!book) throw badRequest('账单类别无效', 'No such kind of bill');
  const { tx } = work;
  const bill = await book.lock(tx, work.tenantId, payment.billId);
  const payWay = payment.channel === '3' ? '5' : '4';
  const after = await book.save(tx, work, bill, { paid: bill.paid + payment.amount, lastPayWay: payWay, lastPayTime: new Date() });
  await work.update(billPayments, { status: '1', thirdPartyNo: input.providerTxnId, paidAt: new Date() }, eq(billPayments.id, payment.id));
  await work.history([
    {
      entity: book.entity(bill),
      recordId: bill.id,
      action: 'payOnline',
      fromState: { payStatus: bill.payStatus },
      toState: { payStatus: after.payStatus },
      inputs: { amount: yuan(payment.amount), thirdPartyNo: input.providerTxnId },
      note: `线上缴费 ${payment.payNo}`,
    },
  ]);
  return { payNo: payment.payNo, replayed: false };
}

/** The channel's callback for a bill's order (signature already checked). */
export async function completeOnlinePayment(db: Database, input: { channel: OnlineChannel; outTradeNo: string; providerTxnId: string; amountCents: number }) {
  return unscoped(db, 'online payments: the channel’s callback names its order, of whichever school').transaction(async (tx) => {
    const [payment] = await tx.select().from(billPayments).where(eq(billPayments.outTradeNo, input.outTradeNo)).for('update');
    if (!payment || payment.channel !== CHANNEL[input.channel].payChannel) throw notFound('订单不存在');
    // From here the order's school: the bill, its payment and its history are that school's.
    const work = await schoolWork(tx, { tenantId: payment.tenantId, username: `${input.channel}-callback` });
    return completeOrder(work, payment, { providerTxnId: input.providerTxnId, amountCents: input.amountCents });
  });
}

/** 补单: an order the channel was paid for but whose callback never came, completed from the merchant platform's record. */
// The order as the flow locked it.
export const supplementPayment: FlowEffect<PaymentRow, InputOf<typeof paymentSpec, 'supplement'>> = async ({ work, row: payment, input }) => {
  if (payment.channel !== '2' && payment.channel !== '3') throw badRequest('只有微信、支付宝订单可以补单', 'Only WeChat and Alipay orders can be completed by hand');
  const thirdPartyNo = input.thirdPartyNo.trim();
  // Any payment of the school, deleted too, that the number completed.
  const [taken] = await work.rows(billPayments, eq(billPayments.thirdPartyNo, thirdPartyNo), { deleted: true, limit: 1 });
  if (taken) throw badRequest(`第三方单号已用于缴费 ${taken.payNo}`, `That transaction number completed payment ${taken.payNo} already`);
  await completeOrder(work, payment, { providerTxnId: thirdPartyNo, amountCents: payment.amount });
  return { set: { status: '1', thirdPartyNo }, note: `补单：第三方单号 ${thirdPartyNo}` };
};

const requestKey = z.string().trim().min(8).max(64);

/** 线上缴费下单 (`payment:online`): an order for the channel, the bill's amount owed at most. */
export function onlinePaymentRoutes(api: FastifyInstance, context: AppContext): void {
  api.post('/pay/payment/online', { config: { permission: 'payment:online' } }, async (request) => {
    const caller = authOf(request);
    const body = parseInput(
      z.object({
        idempotencyKey: requestKey,
        // A kind of bill the product or an area keeps (its book, asked when ordering).
        billType: z.string().trim().min(1).max(20),
        billId: z.string().trim().min(1).max(64),
        amount: z.union([z.number(), z.string()]).transform((value) => yuanToCents(value)),
        channel: z.enum(['wechat', 'alipay']),
      }),
      request.body,
    );
    const amountCents = body.amount;
    if (!amountCents || amountCents <= 0) throw badRequest('金额须大于0', 'The amount must be above 0');
    if (!context.config.paymentSecrets?.[body.channel]) throw badRequest('该支付方式未开通', 'This payment channel is not set up');
    const order = await inSchool(context.db, caller, (work) =>
      startOnlinePayment(work, { key: body.idempotencyKey, billType: body.billType, billId: body.billId, amountCents, channel: body.channel }),
    );
    return ok(order, '已创建支付订单，等待支付结果');
  });
}
