/**
 * 线上缴费 and 补单 through their routes, on PGlite and on PostgreSQL: an online order of a bill (its
 * amount owed at most, a retry answered with the same order) waits in 缴费记录 as 待支付; the
 * channel's signed callback pays it into the bill once (a second callback answers the first, a
 * wrong amount is refused); an order whose callback never came is completed by 补单 with the
 * merchant platform's number (never one used before), or closed.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { payItemOfFee, paymentSigningText } from '@shared/payments';
import { apiOf } from '../support/api';
import { BASE, createTestApp, signIn, TEST_PAYMENT_SECRETS, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get } = apiOf(() => t0);
let bill: { id: string; billNo: string; owed: number; feeType: string };
/** The order the WeChat callback paid. */
let wechatPayNo: string;

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  // A tuition bill of the sample school with nothing paid.
  const [row] = await t0.db
    .select({ id: t.tuitionBills.id, billNo: t.tuitionBills.billNo, owed: t.tuitionBills.owed, feeType: t.tuitionBills.feeType })
    .from(t.tuitionBills)
    .where(and(eq(t.tuitionBills.tenantId, 0), eq(t.tuitionBills.payStatus, '0'), eq(t.tuitionBills.waiveStatus, '0')))
    .limit(1);
  bill = row!;
});
afterAll(async () => t0?.close());

const callback = async (channel: 'wechat' | 'alipay', body: { outTradeNo: string; providerTxnId: string; amount: number; paidAt: string }) => {
  const signature = createHmac('sha256', TEST_PAYMENT_SECRETS[channel]).update(paymentSigningText(body)).digest('hex');
  const response = await t0.app.inject({
    method: 'POST',
    url: `${BASE}/pay/callback/${channel}`,
    headers: { 'content-type': 'application/json', 'x-signature': signature },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json() };
};
const order = (key: string, amount: string, channel: 'wechat' | 'alipay' = 'wechat') =>
  call(admin, 'POST', '/pay/payment/online', { idempotencyKey: key, billType: 'tuition', billId: bill.id, amount, channel });
const paymentOf = async (payNo: string) => (await get(admin, `/pay/payment/list?payNo=${payNo}`)).body.result.records[0] as Record<string, unknown> & { id: string };
const billNow = async () => (await t0.db.select().from(t.tuitionBills).where(eq(t.tuitionBills.id, bill.id)))[0]!;

describe('线上缴费', () => {
  it('orders within what is owed, the same order for a retry, waiting in 缴费记录', async () => {
    expect((await order('online-order-00', String(bill.owed / 100 + 1))).body.message).toBe(`缴费金额不能超过欠费 ${(bill.owed / 100).toFixed(2)} 元`);
    const first = await order('online-order-01', '100');
    expect(first.body.success, first.body.message).toBe(true);
    expect((await order('online-order-01', '100')).body.result).toMatchObject({ payNo: first.body.result.payNo, replayed: true });
    expect((await order('online-order-01', '200')).status).toBe(409);
    expect(await paymentOf(first.body.result.payNo)).toMatchObject({ status: '0', channel: '2', amount: 100, billNo: bill.billNo, itemType: payItemOfFee(bill.feeType) });
  });

  it('is paid into the bill once by the channel’s callback, at the order’s amount', async () => {
    const made = (await order('online-order-02', '150')).body.result as { payNo: string; outTradeNo: string };
    const paid = { outTradeNo: made.outTradeNo, providerTxnId: 'WX-4200001', amount: 15000, paidAt: '2026-11-27 10:00:00' };
    expect((await callback('wechat', { ...paid, amount: 14000 })).body.message).toBe('支付金额 140.00 元与订单金额 150.00 元不符');
    const before = await billNow();
    const first = await callback('wechat', paid);
    expect(first.body.success, first.body.message).toBe(true);
    expect((await callback('wechat', paid)).body.result).toMatchObject({ replayed: true });
    expect(await billNow()).toMatchObject({ paid: before.paid + 15000, owed: before.owed - 15000, lastPayWay: '4', payStatus: '1' });
    expect(await paymentOf(made.payNo)).toMatchObject({ status: '1', thirdPartyNo: 'WX-4200001' });
    wechatPayNo = made.payNo;
    // The other channel's key does not pay a WeChat order.
    expect((await callback('alipay', { ...paid, providerTxnId: 'ALI-1' })).status).toBe(404);
  });

  it('补单 completes an order whose callback never came, with a platform number used nowhere else; 关闭 ends one', async () => {
    const made = (await order('online-order-03', '50', 'alipay')).body.result as { payNo: string };
    const waiting = await paymentOf(made.payNo);
    expect((await call(admin, 'POST', '/pay/payment/supplement', { id: waiting.id, thirdPartyNo: 'WX-4200001' })).body.message).toBe(`第三方单号已用于缴费 ${wechatPayNo}`);
    const before = await billNow();
    const done = await call(admin, 'POST', '/pay/payment/supplement', { id: waiting.id, thirdPartyNo: 'ALI-2026112700001' });
    expect(done.body.success, done.body.message).toBe(true);
    expect(await paymentOf(made.payNo)).toMatchObject({ status: '1', thirdPartyNo: 'ALI-2026112700001' });
    expect(await billNow()).toMatchObject({ paid: before.paid + 5000, lastPayWay: '5' });
    // A second 补单 of the same order is refused by its state.
    expect((await call(admin, 'POST', '/pay/payment/supplement', { id: waiting.id, thirdPartyNo: 'ALI-2' })).status).toBe(400);

    const abandoned = (await order('online-order-04', '10')).body.result as { payNo: string };
    const row = await paymentOf(abandoned.payNo);
    expect((await call(admin, 'POST', '/pay/payment/closeOrder', { id: row.id })).body.success).toBe(true);
    expect(await paymentOf(abandoned.payNo)).toMatchObject({ status: '4' });
    // A counter payment (the sample school's, in cash) is not completed by hand.
    const [counter] = await t0.db
      .select()
      .from(t.billPayments)
      .where(and(eq(t.billPayments.tenantId, 0), eq(t.billPayments.channel, '5')))
      .limit(1);
    expect((await call(admin, 'POST', '/pay/payment/supplement', { id: counter!.id, thirdPartyNo: 'X-1' })).status).toBe(400);
  });
});
