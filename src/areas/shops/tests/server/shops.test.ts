/**
 * 商铺管理 through its routes and the terminal API, on PGlite and on PostgreSQL: categories and shops
 * kept; a terminal bound to one shop only; a paused shop's till refused; a settlement of the
 * till's takings less a refund, the commission and a month's rent, paid out of 2004 through one
 * balanced posting, a retry answered with the first, nothing settled twice; 停业 waiting for the
 * settlement and unbinding the till; another school sees none of it.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { shops } from '../../server/tables';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { terminalSigningText, type TerminalRecord } from '@shared/terminal';
import { apiOf } from '../../../../../tests/support/api';
import { BASE, createTestApp, seededDay, signIn, type TestApp } from '../../../../../tests/support/testApp';
import { timeOutsideMeals } from '../../../../../tests/support/terminalTime';

let t0: TestApp;
let admin: string;
const { call, get } = apiOf(() => t0);
const today = dayIn(DEFAULT_TIME_ZONE);
const TILL = 'SHOP0101';
let secret: string;
let tillId: string;
let marketId: string;
let serial = 0;

/** Pays at the supermarket's till as the terminal would: signed with its key. */
async function pay(cardNo: string, amount: number) {
  const records: TerminalRecord[] = [{ serialNo: `M${(serial += 1)}`, cardNo, amount, deviceTime: timeOutsideMeals(DEFAULT_TIME_ZONE) }];
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', secret)
    .update(terminalSigningText(TILL, timestamp, records))
    .digest('hex');
  const response = await t0.app.inject({
    method: 'POST',
    url: `${BASE}/terminal/consume`,
    headers: { 'content-type': 'application/json', 'x-terminal-serial': TILL, 'x-timestamp': timestamp, 'x-signature': signature },
    payload: JSON.stringify({ records }),
  });
  return { status: response.statusCode, body: response.json() };
}

const shopNamed = async (name: string) => (await get(admin, `/shop/shop/list?name=${encodeURIComponent(name)}`)).body.result.records[0];
const settle = (body: Record<string, unknown>) => call(admin, 'POST', '/shop/shop/settle', { idempotencyKey: randomUUID(), payWay: '2', rentMonths: 0, ...body });

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  const [till] = await t0.db.select().from(t.devices).where(eq(t.devices.serialNo, TILL));
  tillId = till!.id;
  const issued = await call(admin, 'POST', '/dev/device/issueKey', { id: tillId });
  secret = issued.body.result.secret;
  marketId = (await shopNamed('校园超市')).id;
});
afterAll(async () => t0?.close());

describe('商铺分类 and 商铺信息', () => {
  it('keeps categories in order and refuses a category name twice', async () => {
    const list = await get(admin, '/shop/category/list?pageSize=50');
    expect(list.body.result.records.map((row: { name: string }) => row.name)).toEqual(['超市', '文具', '理发', '水果']);
    const twice = await call(admin, 'POST', '/shop/category/add', { name: '超市', sortNo: 9, status: '1' });
    expect(twice.body.success).toBe(false);
    const added = await call(admin, 'POST', '/shop/category/add', { name: '快递', code: 'KD', sortNo: 5, status: '1' });
    expect(added.body.success, added.body.message).toBe(true);
  });

  it('binds a terminal to one shop only, and lists a shop with its terminals', async () => {
    const market = (await get(admin, `/shop/shop/queryById?id=${marketId}`)).body.result;
    expect(market.terminals).toEqual([expect.objectContaining({ terminalId: tillId })]);
    expect(market.rent).toBe(3000);
    const [category] = (await get(admin, '/shop/category/list?name=%E6%B0%B4%E6%9E%9C')).body.result.records;
    const fruit = await call(admin, 'POST', '/shop/shop/add', {
      name: '鲜果坊',
      categoryId: category.id,
      manager: '陈果',
      phone: '13905710009',
      commissionPermille: 10,
      rent: 500,
      contractStart: today,
      contractEnd: addDays(today, 365),
      terminals: [{ terminalId: tillId }],
    });
    expect(fruit.body.success).toBe(false);
    expect(fruit.body.message).toBe(`终端 校园超市收银机（${TILL}）已绑定其他商铺`);
    const backwards = await call(admin, 'POST', '/shop/shop/add', {
      name: '鲜果坊',
      categoryId: category.id,
      manager: '陈果',
      phone: '13905710009',
      contractStart: today,
      contractEnd: addDays(today, -1),
    });
    expect(backwards.body.message).toBe('合同结束日期不能早于开始日期');
  });
});

describe('结算 through the ledger', () => {
  let cardNo: string;
  let paymentTxnId: string;
  // What the sample school's pupils already spent at the till today (its settlement of today counts them too).
  let before = { payments: 0, takings: 0 };

  it("refuses the till's payments while the shop is paused, and takes them again when it reopens", async () => {
    const [card] = await t0.db
      .select({ cardNo: t.cards.cardNo })
      .from(t.cards)
      .innerJoin(t.accounts, eq(t.accounts.id, t.cards.accountId))
      .where(and(eq(t.cards.cardStatus, '1'), eq(t.accounts.accountStatus, '1'), gte(t.accounts.cash, 10_000)))
      .orderBy(t.cards.cardNo)
      .limit(1);
    cardNo = card!.cardNo;
    const [sample] = await t0.db
      .select({ payments: sql<number>`count(*)::int`, takings: sql<number>`coalesce(sum(${t.ledgerTransactions.amount}), 0)::int` })
      .from(t.ledgerTransactions)
      .where(and(eq(t.ledgerTransactions.terminalId, tillId), eq(t.ledgerTransactions.txnType, 'CONSUME'), eq(t.ledgerTransactions.accDate, today)));
    before = sample!;
    const paused = await call(admin, 'POST', '/shop/shop/pause', { ids: [marketId] });
    expect(paused.body.success, paused.body.message).toBe(true);
    const refused = await pay(cardNo, 1000);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('商铺已暂停营业，终端不能收款');
    await call(admin, 'POST', '/shop/shop/resume', { ids: [marketId] });
    const numbers: string[] = [];
    for (const amount of [1250, 860, 2390]) {
      const paid = await pay(cardNo, amount);
      expect(paid.body.result[0], JSON.stringify(paid.body)).toMatchObject({ success: true });
      numbers.push(paid.body.result[0].txnNo);
    }
    const [payment] = await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.txnNo, numbers[1]!));
    paymentTxnId = payment!.id;
    const refunded = await call(admin, 'POST', '/pay/consume/refund', { idempotencyKey: randomUUID(), txnId: paymentTxnId, reason: '商品退货' });
    expect(refunded.body.success, refunded.body.message).toBe(true);
  });

  it("settles up to yesterday at the latest while open: the till's takings since the last settlement, less commission and a month's rent", async () => {
    const tooLate = await settle({ id: marketId, periodTo: today });
    expect(tooLate.body.message).toBe('结算截止日最晚为昨天（今天的营业尚未结束）');
    // The seed settled the first week; the evenings since wait (counted here from the ledger itself).
    const before = (await get(admin, `/shop/shop/queryById?id=${marketId}`)).body.result;
    expect(before.settledTo).toBe(addDays(seededDay(), -6));
    const [shop] = await t0.db.select().from(shops).where(eq(shops.id, marketId));
    const waiting = await t0.db
      .select({ amount: t.ledgerEntries.amount, postedAt: t.ledgerTransactions.postedAt })
      .from(t.ledgerTransactions)
      .innerJoin(t.ledgerEntries, and(eq(t.ledgerEntries.txnId, t.ledgerTransactions.id), eq(t.ledgerEntries.accountRef, '2004')))
      .where(and(eq(t.ledgerTransactions.terminalId, tillId), eq(t.ledgerTransactions.txnType, 'CONSUME')));
    const todayStart = new Date(`${today}T00:00:00+08:00`);
    const owed = waiting.filter((row) => row.postedAt >= shop!.settledUntil! && row.postedAt < todayStart).reduce((sum, row) => sum + row.amount, 0);
    expect(owed).toBeGreaterThan(0);
    const commission = Math.round((owed * 30) / 1000);
    const rentTooMuch = await settle({ id: marketId, periodTo: addDays(today, -1), rentMonths: 1 });
    expect(rentTooMuch.body.message).toBe(`营业额 ${(owed / 100).toFixed(2)} 元不足以扣除提成 ${(commission / 100).toFixed(2)} 元和租金 3000.00 元`);
    const settled = await settle({ id: marketId, periodTo: addDays(today, -1) });
    expect(settled.body.success, settled.body.message).toBe(true);
    const [row] = (await get(admin, `/shop/settlement/list?shopId=${marketId}&billNo=${settled.body.result.billNo}`)).body.result.records;
    expect(row).toMatchObject({
      periodFrom: addDays(seededDay(), -5),
      periodTo: addDays(today, -1),
      takings: owed / 100,
      refunds: 0,
      commission: commission / 100,
      payable: (owed - commission) / 100,
      payWay: '2',
    });
    const twice = await settle({ id: marketId, periodTo: addDays(today, -1) });
    expect(twice.body.message).toBe(`该商铺已结算至 ${addDays(today, -1)}`);
  });

  it('closes down only once settled, then settles today: takings less the refund, commission and rent, one balanced posting', async () => {
    // Today's takings do not hold the closing back; the till stays bound, refused, until settled.
    const closed = await call(admin, 'POST', '/shop/shop/close', { ids: [marketId], remark: '合同到期' });
    expect(closed.body.success, closed.body.message).toBe(true);
    expect((await pay(cardNo, 500)).body.message).toBe('商铺已停业，终端不能收款');
    const market = (await get(admin, `/shop/shop/queryById?id=${marketId}`)).body.result;
    const unbind = await call(admin, 'PUT', '/shop/shop/edit', { ...market, terminals: [] });
    expect(unbind.body.message).toBe('终端 校园超市收银机 尚有未结算的营业额，请先结算再解除绑定');
    const key = randomUUID();
    const first = await settle({ id: marketId, periodTo: today, idempotencyKey: key, payWay: '1', remark: '现金解款' });
    expect(first.body.success, first.body.message).toBe(true);
    expect(first.body.message).toMatch(/^结算完成，结算单 JS\d{8}\d+$/);
    // The test's three (¥45.00, ¥8.60 of it refunded) and the sample school's of today; 3% commission.
    const net = 4500 + before.takings - 860;
    const commission = Math.round((net * 30) / 1000);
    expect(first.body.result).toMatchObject({ txnType: 'SHOP_SETTLE', amountCents: net, accountId: null });
    // Sent again (the answer was lost): the first settlement, nothing posted twice.
    const again = await settle({ id: marketId, periodTo: today, idempotencyKey: key, payWay: '1', remark: '现金解款' });
    expect(again.body.message).toBe('该请求已办理');
    expect(again.body.result).toMatchObject({ txnNo: first.body.result.txnNo, billNo: first.body.result.billNo, replayed: true });
    const [settlement] = (await get(admin, `/shop/settlement/list?shopId=${marketId}&billNo=${first.body.result.billNo}`)).body.result.records;
    expect(settlement).toMatchObject({
      periodFrom: today,
      billNo: first.body.result.billNo,
      payments: 3 + before.payments,
      takings: (4500 + before.takings) / 100,
      refunds: 8.6,
      commission: commission / 100,
      rent: 0,
      payable: (net - commission) / 100,
      payWay: '1',
      txnNo: first.body.result.txnNo,
      periodTo: today,
    });
    const [txn] = await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.txnNo, first.body.result.txnNo));
    const lines = await t0.db.select().from(t.ledgerEntries).where(eq(t.ledgerEntries.txnId, txn!.id));
    expect(lines.map((line) => [line.accountRef, line.dc, line.amount])).toEqual([
      ['2004', 'D', net],
      ['1001', 'C', net - commission],
      ['6002', 'C', commission],
    ]);
    // Settled to its last day: the till is free for another shop.
    const shop = (await get(admin, `/shop/shop/queryById?id=${marketId}`)).body.result;
    expect(shop).toMatchObject({ status: '3', settledTo: today, terminals: [] });
    const twice = await settle({ id: marketId, periodTo: today });
    expect(twice.body.message).toBe(`该商铺已结算至 ${today}`);
    const history = await get(admin, `/sys/recordHistory/list?entity=shops.shop&id=${marketId}`);
    expect((history.body.result.records ?? history.body.result).map((row: { action: string }) => row.action)).toEqual(expect.arrayContaining(['pause', 'resume', 'close', 'settle']));
  });

  it('another school sees no shop, settlement or category of this one', async () => {
    const added = await call(admin, 'POST', '/sys/tenant/add', { name: '商铺隔离学校', adminUsername: 'shopsother', adminRealname: '王老师', adminPassword: 'Other-school-2026' });
    expect(added.body.success, added.body.message).toBe(true);
    const other = await signIn(t0.app, 'shopsother', 'Other-school-2026');
    expect((await get(other, '/shop/shop/list')).body.result.total).toBe(0);
    expect((await get(other, '/shop/settlement/list')).body.result.total).toBe(0);
    expect((await get(other, `/shop/shop/queryById?id=${marketId}`)).body.success).toBe(false);
    const stolen = await call(other, 'POST', '/shop/shop/settle', { idempotencyKey: randomUUID(), id: marketId, periodTo: today, payWay: '2' });
    expect(stolen.body.success).toBe(false);
  });
});
