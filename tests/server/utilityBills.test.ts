/**
 * 水费缴纳 and 电费缴纳 through their routes, on PGlite and on PostgreSQL: a reading taking last month's
 * as its start, one reading a meter a month, 生成账单 by one water price and by electricity's tiers, the
 * readings fixed once billed, a counter payment and a card payment (a retry answered with the first
 * posting, never more than owed) each in 缴费记录, a refund to the card within what it paid (from the
 * bill, or from the payment), a waiver asked and audited by two people, a late fee only once overdue, each screen seeing its own kind — and
 * every balance equal to its ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { ledgerService } from '@server/modules/ledger/service';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { utilityAmount } from '@shared/utilityPrices';
import { entityCodes } from '@shared/engine/derive';
import { waterBill } from '@shared/entities/payments/utilityBill';
import { apiOf } from '../support/api';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser } = apiOf(() => t0);
let payer: { memberId: string; accountId: string };
const today = dayIn(DEFAULT_TIME_ZONE);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  const [row] = await t0.db
    .select({ memberId: t.accounts.memberId, accountId: t.accounts.id })
    .from(t.accounts)
    .where(and(eq(t.accounts.tenantId, 0), eq(t.accounts.accountStatus, '1')))
    .limit(1);
  payer = row!;
  await ledgerService(t0.db).recharge({ tenantId: 0, username: 'admin' }, { key: 'utility-topup-1', accountId: payer.accountId, amountCents: 100_000, channel: 'cash' });
});
afterAll(async () => t0?.close());

const add = (kind: 'water' | 'electric', values: Record<string, unknown>) => call(admin, 'POST', `/pay/${kind}/add`, { building: '测试楼', memberId: payer.memberId, ...values });
const billOf = async (kind: 'water' | 'electric', room: string, period: string) =>
  (await get(admin, `/pay/${kind}/list?room=${encodeURIComponent(room)}&period=${period}`)).body.result.records[0] as Record<string, unknown> & { id: string };

describe('水费 and 电费', () => {
  it('reads a meter from last month’s reading, once a month, never backwards', async () => {
    expect((await add('water', { room: 'A1', period: '2026-09', prevReading: '100', currReading: '112.5' })).body.success).toBe(true);
    const october = await add('water', { room: 'A1', period: '2026-10', currReading: '121' });
    expect(october.body.success, october.body.message).toBe(true);
    expect(await billOf('water', 'A1', '2026-10')).toMatchObject({ prevReading: 112.5, currReading: 121, usage: 8.5, billStatus: '0', payStatus: '0' });
    expect((await add('water', { room: 'A1', period: '2026-10', currReading: '130' })).body.message).toBe('测试楼 A1 2026-10 的水费抄表已存在');
    expect((await add('water', { room: 'A1', period: '2026-11', prevReading: '121', currReading: '120' })).body.message).toBe('本期读数不能小于上期读数 121');
  });

  it('生成账单 with no reading selected bills every unbilled reading of the month asked for, of its own kind only', async () => {
    for (const room of ['B1', 'B2']) expect((await add('water', { room, period: '2026-08', prevReading: '10', currReading: '20' })).body.success).toBe(true);
    expect((await add('electric', { room: 'B1', period: '2026-08', prevReading: '10', currReading: '20' })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/pay/water/generate', { price1: '3', dueDate: addDays(today, 10) })).body.message).toBe('请选择记录，或填写账期');
    const made = await call(admin, 'POST', '/pay/water/generate', { period: '2026-08', price1: '3', dueDate: addDays(today, 10) });
    expect(made.body.success, made.body.message).toBe(true);
    for (const room of ['B1', 'B2']) expect(await billOf('water', room, '2026-08')).toMatchObject({ amount: 30, billStatus: '1' });
    expect(await billOf('electric', 'B1', '2026-08')).toMatchObject({ billStatus: '0' });
    // Billed once: the month has nothing left to bill.
    expect((await call(admin, 'POST', '/pay/water/generate', { period: '2026-08', price1: '3', dueDate: addDays(today, 10) })).body.message).toBe('账期「2026-08」没有可生成账单的记录');
  });

  it('bills water at one price and electricity by tiers, then keeps the readings as billed', async () => {
    const water = await billOf('water', 'A1', '2026-10');
    const made = await call(admin, 'POST', '/pay/water/generate', { ids: [water.id], price1: '3.5', dueDate: addDays(today, 10) });
    expect(made.body.success, made.body.message).toBe(true);
    expect(await billOf('water', 'A1', '2026-10')).toMatchObject({ amount: 29.75, due: 29.75, owed: 29.75, billStatus: '1', priceNote: '3.50 元/吨' });
    expect((await call(admin, 'PUT', '/pay/water/edit', { id: water.id, currReading: '125' })).status).toBe(400);

    expect((await add('electric', { room: 'A1', period: '2026-10', prevReading: '1000', currReading: '1450' })).body.success).toBe(true);
    const power = await billOf('electric', 'A1', '2026-10');
    const tiers = { price1: '0.56', from2: 200, price2: '0.61', from3: 400, price3: '0.86' };
    expect((await call(admin, 'POST', '/pay/electric/generate', { ids: [power.id], ...tiers, dueDate: addDays(today, -1) })).body.success).toBe(true);
    // 200 × 0.56 + 200 × 0.61 + 50 × 0.86 = 277.00
    expect(
      utilityAmount(450_000, [
        { from: 0, price: 56 },
        { from: 200, price: 61 },
        { from: 400, price: 86 },
      ]),
    ).toBe(27700);
    expect(await billOf('electric', 'A1', '2026-10')).toMatchObject({ amount: 277, owed: 277, priceNote: '0–200 度 0.56 元；200–400 度 0.61 元；400 度以上 0.86 元' });
    // An English console reads the notes in English.
    const inEnglish = async (kind: 'water' | 'electric') => {
      const response = await t0.app.inject({ method: 'GET', url: `${BASE}/pay/${kind}/list?room=A1&period=2026-10`, headers: { 'X-Access-Token': admin, 'Accept-Language': 'en' } });
      return response.json().result.records[0].priceNote as string;
    };
    expect(await inEnglish('water')).toBe('¥3.50/t');
    expect(await inEnglish('electric')).toBe('0–200 kWh ¥0.56; 200–400 kWh ¥0.61; over 400 kWh ¥0.86');
    // Each screen its own kind.
    expect((await get(admin, '/pay/water/list?room=A1&period=2026-10')).body.result.records).toHaveLength(1);
    expect((await call(admin, 'POST', '/pay/water/payFromCard', { id: power.id, amount: '1', idempotencyKey: 'utility-wrong-kind' })).status).toBe(404);
  });

  it('takes counter and card payments within what is owed, refunds to the card within what it paid, each in 缴费记录', async () => {
    const power = await billOf('electric', 'A1', '2026-10');
    const before = (await t0.db.select().from(t.accounts).where(eq(t.accounts.id, payer.accountId)))[0]!;
    expect((await call(admin, 'POST', '/pay/electric/payOffline', { id: power.id, amount: '300', payWay: '2' })).body.message).toBe('收款金额不能超过欠费 277.00 元');
    expect((await call(admin, 'POST', '/pay/electric/payOffline', { id: power.id, amount: '77', payWay: '2', receiptNo: 'SJ-E-001' })).body.success).toBe(true);
    const paid = await call(admin, 'POST', '/pay/electric/payFromCard', { id: power.id, amount: '200', idempotencyKey: 'utility-pay-0001' });
    expect(paid.body.message, paid.body.message).toBe('缴费成功！');
    const again = await call(admin, 'POST', '/pay/electric/payFromCard', { id: power.id, amount: '200', idempotencyKey: 'utility-pay-0001' });
    expect(again.body).toMatchObject({ message: '该请求已办理', result: { txnNo: paid.body.result.txnNo } });
    expect(await billOf('electric', 'A1', '2026-10')).toMatchObject({ paid: 277, owed: 0, payStatus: '2', lastPayWay: '1' });
    expect((await call(admin, 'POST', '/pay/electric/payFromCard', { id: power.id, amount: '1', idempotencyKey: 'utility-pay-0002' })).body.message).toBe('该账单无需缴费');

    const payments = (await get(admin, `/pay/payment/list?billNo=${power.billNo}`)).body.result.records as Record<string, unknown>[];
    expect(payments.map((row) => [row.itemType, row.channel, row.amount])).toEqual([
      ['3', '1', 200],
      ['3', '5', 77],
    ]);
    expect(payments[0]).toMatchObject({ txnNo: paid.body.result.txnNo, target: expect.stringContaining('测试楼 A1（2026-10') });

    expect((await call(admin, 'POST', '/pay/electric/refund', { id: power.id, amount: '201', reason: '多缴', idempotencyKey: 'utility-ref-0001' })).body.message).toBe(
      '退费金额不能超过从卡余额缴纳的 200.00 元',
    );
    expect((await call(admin, 'POST', '/pay/electric/refund', { id: power.id, amount: '50', reason: '多缴', idempotencyKey: 'utility-ref-0002' })).body.success).toBe(true);
    const fromRecord = await call(admin, 'POST', '/pay/payment/refund', { id: payments[0]!.id, amount: '150', reason: '表计错误', idempotencyKey: 'utility-ref-0003' });
    expect(fromRecord.body.message, fromRecord.body.message).toBe('退款成功！');
    // Owed again after its due date (yesterday): late, 逾期, not 部分缴费.
    expect(await billOf('electric', 'A1', '2026-10')).toMatchObject({ refunded: 200, owed: 200, payStatus: '5' });
    const [card] = (await get(admin, `/pay/payment/list?billNo=${power.billNo}&channel=1`)).body.result.records as Record<string, unknown>[];
    expect(card).toMatchObject({ refunded: 200, status: '3' });
    const after = (await t0.db.select().from(t.accounts).where(eq(t.accounts.id, payer.accountId)))[0]!;
    expect(after.cash).toBe(before.cash);
  });

  it('charges a late fee only once a bill is overdue, added to what is due', async () => {
    const water = await billOf('water', 'A1', '2026-10');
    expect((await call(admin, 'POST', '/pay/water/lateFee', { id: water.id, lateFee: '2' })).body.message).toBe(`账单 ${water.billNo as string} 未逾期，不能加收滞纳金`);
    const power = await billOf('electric', 'A1', '2026-10');
    expect((await call(admin, 'POST', '/pay/electric/lateFee', { id: power.id, lateFee: '5' })).body.success).toBe(true);
    expect(await billOf('electric', 'A1', '2026-10')).toMatchObject({ lateFee: 5, due: 282, owed: 205 });

    const reconciled = await ledgerService(t0.db).reconcile(0);
    expect(reconciled.drift).toEqual([]);
    expect(reconciled.unbalanced).toEqual([]);
  });

  it('催缴 tells the payer through the school’s BILL_DUE template, kept in 消息管理, and not again within the hour', async () => {
    const power = await billOf('electric', 'A1', '2026-10');
    const reminded = await call(admin, 'POST', '/pay/electric/remind', { id: power.id });
    expect(reminded.body.success, reminded.body.message).toBe(true);
    const [message] = await t0.db
      .select()
      .from(t.messages)
      .where(and(eq(t.messages.memberId, payer.memberId), eq(t.messages.templateCode, 'BILL_DUE')));
    expect(message!.content).toMatch(
      new RegExp(`的测试楼 A1 2026-10 电费账单${power.billNo as string}待缴${(power.owed as number).toFixed(2).replace('.', '\\.')}元，已于 ${addDays(today, -1)} 到期，请尽快缴纳。$`),
    );
    expect((await call(admin, 'POST', '/pay/electric/remind', { id: power.id })).body.message).toBe(`账单 ${power.billNo as string} 一小时内已催缴过`);
  });

  it('到期账单: every bill owed with its days left, 逾期 once past due; 延期 only later, through the bill’s own flow', async () => {
    const power = await billOf('electric', 'A1', '2026-10');
    const water = await billOf('water', 'A1', '2026-10');
    const soon = (await get(admin, '/pay/expiring/list?daysLeft_end=7&pageSize=200')).body.result.records as Record<string, unknown>[];
    expect(soon.find((row) => row.id === power.id)).toMatchObject({ itemType: '3', billKind: 'electric', daysLeft: -1, payStatus: '5', owed: 205 });
    expect(soon.some((row) => row.id === water.id)).toBe(false);
    const all = (await get(admin, '/pay/expiring/list?pageSize=200')).body.result.records as Record<string, unknown>[];
    expect(all.find((row) => row.id === water.id)).toMatchObject({ itemType: '2', daysLeft: 10, payStatus: water.payStatus });
    // Tuition owed is there too; bills paid in full are not.
    expect(all.some((row) => row.billKind === 'tuition')).toBe(true);
    expect(all.every((row) => Number(row.owed) > 0)).toBe(true);

    const earlier = await call(admin, 'POST', '/pay/electric/extend', { ids: [power.id], newDueDate: addDays(today, -3), extendReason: '住户出差' });
    expect(earlier.body.message).toBe(`新截止日期须晚于原截止日期 ${addDays(today, -1)}`);
    const later = await call(admin, 'POST', '/pay/electric/extend', { ids: [power.id], newDueDate: addDays(today, 5), extendReason: '住户出差' });
    expect(later.body.success, later.body.message).toBe(true);
    const extended = ((await get(admin, `/pay/expiring/list?billNo=${power.billNo as string}`)).body.result.records as Record<string, unknown>[])[0];
    expect(extended).toMatchObject({ daysLeft: 5, payStatus: '1' });
  });

  it('减免: asked by one person within what is owed, audited by another; waived whole a bill is 已减免, in part it owes less', async () => {
    const clerk = (await roleWithUser(admin, 'utility_clerk', [entityCodes(waterBill).read, 'waterBill:requestWaive', 'waterBill:approveWaive'])).token;
    const [whole, part] = [await billOf('water', 'B1', '2026-08'), await billOf('water', 'B2', '2026-08')];
    expect(whole).toMatchObject({ due: 30, owed: 30, payStatus: '0', waiveStatus: '0' });
    expect((await call(clerk, 'POST', '/pay/water/requestWaive', { id: whole.id, waiveRequest: '31', waiveReason: '水表故障' })).body.message).toBe('减免金额不能超过欠费 30.00 元');
    for (const [bill, amount] of [
      [whole, '30'],
      [part, '12.5'],
    ] as const)
      expect((await call(clerk, 'POST', '/pay/water/requestWaive', { id: bill.id, waiveRequest: amount, waiveReason: '水表故障期间估读' })).body.success).toBe(true);
    // Four eyes: the one who asked does not audit.
    expect((await call(clerk, 'POST', '/pay/water/approveWaive', { id: whole.id })).status).toBe(400);
    for (const bill of [whole, part]) expect((await call(admin, 'POST', '/pay/water/approveWaive', { id: bill.id })).body.success).toBe(true);
    expect(await billOf('water', 'B1', '2026-08')).toMatchObject({
      waive: 30,
      owed: 0,
      payStatus: '4',
      payStatus_dictText: '已减免',
      waiveStatus: '2',
      waiveBy: 'utility_clerk_user',
      waiveAuditBy: 'admin',
    });
    expect(await billOf('water', 'B2', '2026-08')).toMatchObject({ waive: 12.5, owed: 17.5, payStatus: '0', waiveStatus: '2' });
    // Nothing is left to pay on the waived bill; the other is paid off with what it still owes.
    expect((await call(admin, 'POST', '/pay/water/payOffline', { id: whole.id, amount: '1', payWay: '2' })).status).toBe(400);
    expect((await call(admin, 'POST', '/pay/water/payOffline', { id: part.id, amount: '17.5', payWay: '2' })).body.success).toBe(true);
    expect(await billOf('water', 'B2', '2026-08')).toMatchObject({ owed: 0, paid: 17.5, payStatus: '2' });
  });

  it('has the sample school’s staff houses read, billed and partly paid', async () => {
    const seeded = (await get(admin, '/pay/water/list?building=教工宿舍1栋&pageSize=50')).body.result.records as Record<string, unknown>[];
    expect(seeded.filter((row) => row.billStatus === '1').length).toBeGreaterThan(0);
    expect(seeded.filter((row) => row.billStatus === '0').length).toBeGreaterThan(0);
    expect((await get(admin, '/pay/payment/list?itemType=2')).body.result.total).toBeGreaterThan(0);
  });
});
