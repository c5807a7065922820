/**
 * The canteen's day through its routes, on PGlite and on PostgreSQL: a class's lunch ordered and
 * paid through the ledger (what cannot be placed said per pupil), an order cancelled into a refund
 * line, a stop-meal and a leave cancelling orders into refund lines, the terminal serving an
 * ordered meal (paid when served, a retry answered once, a stopped meal refused), the meals job
 * closing what was never collected, and 退款合并 paying each person once — even run twice at once —
 * with every balance equal to its ledger.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { newId } from '@server/db/ids';
import { ledgerService } from '@server/modules/ledger/service';
import { addSubsidyPeople, subsidyService } from '@server/modules/members/subsidies';
import { entityCodes } from '@shared/engine/derive';
import { refundBatch } from '@shared/entities/meals/refundBatch';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { terminalSigningText } from '@shared/terminal';
import { apiOf } from '../support/api';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser } = apiOf(() => t0);
const today = () => dayIn(DEFAULT_TIME_ZONE);
let tomorrow: string;
let canteenId: string;
let otherCanteenId: string;
/** A class whose pupils have accounts and no orders yet (the seed orders another class's lunches). */
let classId: string;
let pupils: { id: string; accountId: string; cash: number }[];
const SERIAL = 'POS0101';
let secret: string;

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  tomorrow = addDays(today(), 1);
  // Lunch may be ordered and cancelled until 23:59 of its own day; dinner is paid when served.
  await t0.db
    .update(t.mealConfigs)
    .set({ advanceDays: 0, orderDeadline: '23:59', cancelDeadline: '23:59', chargeMode: '1' })
    .where(and(eq(t.mealConfigs.mealType, '2'), isNull(t.mealConfigs.canteenId)));
  await t0.db
    .update(t.mealConfigs)
    .set({ chargeMode: '2' })
    .where(and(eq(t.mealConfigs.mealType, '3'), isNull(t.mealConfigs.canteenId)));
  const [device] = await t0.db.select().from(t.devices).where(eq(t.devices.serialNo, SERIAL));
  canteenId = device!.canteenId!;
  const [other] = await t0.db
    .select({ id: t.mealCanteens.id })
    .from(t.mealCanteens)
    .where(and(eq(t.mealCanteens.tenantId, 0), sql`${t.mealCanteens.id} <> ${canteenId}`));
  otherCanteenId = other!.id;
  secret = (await call(admin, 'POST', '/dev/device/issueKey', { id: device!.id })).body.result.secret;
  const [klass] = await t0.db
    .execute<{ dept_id: string }>(
      sql`select m.dept_id from memb_member m join memb_account a on a.member_id = m.id join member_departments d on d.id = m.dept_id
        where m.tenant_id = 0 and d.level = 3 and a.account_status = '1'
          and not exists (select 1 from meal_order o join memb_member x on x.id = o.member_id where x.dept_id = m.dept_id)
        group by m.dept_id order by count(*) desc limit 1`,
    )
    .then((result) => (result as unknown as { rows: { dept_id: string }[] }).rows);
  classId = klass!.dept_id;
  pupils = await t0.db
    .select({ id: t.members.id, accountId: t.accounts.id, cash: sql<number>`(${t.accounts.cash} + ${t.accounts.subsidy} + ${t.accounts.gift})::int` })
    .from(t.members)
    .innerJoin(t.accounts, eq(t.accounts.memberId, t.members.id))
    .where(and(eq(t.members.deptId, classId), eq(t.members.memberStatus, '1'), eq(t.accounts.accountStatus, '1')))
    .orderBy(t.members.memberNo);
});
afterAll(async () => t0?.close());

const place = (extra: Record<string, unknown> = {}) => call(admin, 'POST', '/meal/order/place', { deptId: classId, canteenId, mealType: '2', dateFrom: tomorrow, dateTo: tomorrow, ...extra });
const orderOf = async (memberId: string, day: string, mealType = '2') =>
  (
    await t0.db
      .select()
      .from(t.mealOrders)
      .where(and(eq(t.mealOrders.memberId, memberId), eq(t.mealOrders.diningDate, day), eq(t.mealOrders.mealType, mealType)))
      .orderBy(t.mealOrders.createdAt)
  ).at(-1)!;
/** What an account can spend: a payment takes its subsidy and gift (充值赠送) before its cash. */
const cashOf = async (accountId: string) =>
  (
    await t0.db
      .select({ cash: sql<number>`(${t.accounts.cash} + ${t.accounts.subsidy} + ${t.accounts.gift})::int` })
      .from(t.accounts)
      .where(eq(t.accounts.id, accountId))
  )[0]!.cash;
const linesOf = (sourceId: string) => t0.db.select().from(t.mealRefundItems).where(eq(t.mealRefundItems.sourceId, sourceId));

/** Posts as the terminal would: the records signed with its key (a served order's amount signed empty). */
async function serve(records: { serialNo: string; cardNo: string; deviceTime: string }[]) {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', secret)
    .update(terminalSigningText(SERIAL, timestamp, records))
    .digest('hex');
  const response = await t0.app.inject({
    method: 'POST',
    url: `${BASE}/terminal/serve`,
    headers: { 'content-type': 'application/json', 'x-terminal-serial': SERIAL, 'x-timestamp': timestamp, 'x-signature': signature },
    payload: JSON.stringify({ records }),
  });
  return response.json() as { success: boolean; result: { serialNo: string; success: boolean; message: string; charged?: number }[] };
}

describe('报餐/订餐', () => {
  it('orders a class’s lunch for tomorrow, each pupil paid once through the ledger, and says per pupil what it could not place', async () => {
    expect(pupils.length).toBeGreaterThan(3);
    const placed = await place();
    expect(placed.body.success, placed.body.message).toBe(true);
    expect(placed.body.result).toMatchObject({ placed: pupils.length, charged: pupils.length, amount: pupils.length * 1200, skipped: [] });
    expect(placed.body.message).toBe(`报餐 ${pupils.length} 份，扣费 ${(pupils.length * 12).toFixed(2)} 元`);
    const order = await orderOf(pupils[0]!.id, tomorrow);
    expect(order).toMatchObject({ status: '1', amount: 1200, chargeMode: '1', canteenId });
    expect(order.orderNo).toMatch(/^DC\d{12}$/);
    expect(await cashOf(pupils[0]!.accountId)).toBe(pupils[0]!.cash - 1200);
    const [paid] = await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.id, order.payTxnId!));
    expect(paid).toMatchObject({ txnType: 'CONSUME', amount: 1200, mealType: '2', summary: `订餐 ${order.orderNo}（${tomorrow}）` });
    // Ordered already: nothing placed twice, nothing charged twice.
    const again = await place();
    expect(again.body.result.placed).toBe(0);
    expect(new Set(again.body.result.skipped.map((line: { reason: string }) => line.reason))).toEqual(new Set(['已报餐']));
    expect(await cashOf(pupils[0]!.accountId)).toBe(pupils[0]!.cash - 1200);
    // Another canteen's lunch closes three days ahead: tomorrow's is past its deadline.
    await call(admin, 'POST', '/meals/config/add', {
      mealName: '西区午餐',
      mealType: '2',
      canteenId: otherCanteenId,
      startTime: '11:00',
      endTime: '13:00',
      orderMode: '1',
      advanceDays: 3,
      orderDeadline: '09:00',
      chargeMode: '1',
      standardPrice: '10',
      noShowPolicy: '1',
      unorderedPolicy: '1',
      status: '1',
    });
    const late = await place({ canteenId: otherCanteenId });
    expect(late.body.result.placed).toBe(0);
    expect(late.body.result.skipped[0].reason).toBe(`已过报餐截止时间（${addDays(tomorrow, -3)} 09:00）`);
    expect((await place({ dateFrom: today(), dateTo: addDays(today(), 40) })).body.message).toBe('一次最多报31天');
    // 就餐人次 of tomorrow: this class's lunches among the ordered at its canteen.
    const counts = (await get(admin, `/meal/order/counts?day=${tomorrow}`)).body.result;
    expect(counts.day).toBe(tomorrow);
    const lunch = counts.rows.find((row: { canteenId: string; mealType: string }) => row.canteenId === canteenId && row.mealType === '2');
    expect(lunch.ordered).toBeGreaterThanOrEqual(pupils.length);
    expect(lunch).toMatchObject({ served: 0, notServed: 0 });
    expect((await place({ dateFrom: addDays(today(), -1), dateTo: today() })).body.message).toBe('不能为已过去的日期报餐');
  });

  it('cancels an order before its deadline: its payment waits as a refund line, and a cancelled order is not cancelled again', async () => {
    const order = await orderOf(pupils[1]!.id, tomorrow);
    const cancelled = await call(admin, 'POST', '/meal/order/cancel', { id: order.id, cancelReason: '家长接回' });
    expect(cancelled.body.success, cancelled.body.message).toBe(true);
    expect(await orderOf(pupils[1]!.id, tomorrow)).toMatchObject({ status: '4', cancelReason: '家长接回' });
    expect(await linesOf(order.id)).toMatchObject([{ sourceType: '1', sourceNo: order.orderNo, amount: 1200, status: '0', memberId: pupils[1]!.id }]);
    expect((await call(admin, 'POST', '/meal/order/cancel', { id: order.id })).status).toBe(400);
    // Cancelled, it may be ordered again.
    expect((await call(admin, 'POST', '/meal/order/place', { memberIds: [pupils[1]!.id], canteenId, mealType: '2', dateFrom: tomorrow, dateTo: tomorrow })).body.result.placed).toBe(1);
  });

  it('stops a pupil’s meals: its audit cancels their orders in the window into refund lines, and no meal is ordered while it holds', async () => {
    const pupil = pupils[2]!;
    const order = await orderOf(pupil.id, tomorrow);
    const added = await call(admin, 'POST', '/meal/stop/add', { memberId: pupil.id, stopType: '1', startDate: tomorrow, endDate: addDays(tomorrow, 2), mealTypes: '2', reasonType: '4', source: '1' });
    expect(added.body.success, added.body.message).toBe(true);
    const waiting = (await get(admin, `/meal/stop/queryById?id=${added.body.result.id}`)).body.result;
    expect(waiting).toMatchObject({ status: '0', estRefund: 12 });
    expect(waiting.billNo).toMatch(/^TC\d{12}$/);
    expect(
      (await call(admin, 'POST', '/meal/stop/add', { memberId: pupil.id, stopType: '1', startDate: addDays(tomorrow, 1), endDate: addDays(tomorrow, 5), mealTypes: '3', reasonType: '9', source: '1' }))
        .body.message,
    ).toBe(`该人员在此期间已有停餐（${waiting.billNo}）`);
    const audited = await call(admin, 'POST', '/meal/stop/audit', { id: waiting.id, auditOpinion: '同意' });
    expect(audited.body.success, audited.body.message).toBe(true);
    expect((await get(admin, `/meal/stop/queryById?id=${waiting.id}`)).body.result).toMatchObject({ status: '1', cancelledOrders: 1, estRefund: 12, auditBy: 'admin' });
    expect(await orderOf(pupil.id, tomorrow)).toMatchObject({ status: '4', stopId: waiting.id, cancelReason: `停餐 ${waiting.billNo}` });
    expect(await linesOf(order.id)).toMatchObject([{ sourceType: '3', amount: 1200, status: '0' }]);
    const refused = await call(admin, 'POST', '/meal/order/place', { memberIds: [pupil.id], canteenId, mealType: '2', dateFrom: tomorrow, dateTo: tomorrow });
    expect(refused.body.result.skipped).toEqual([expect.objectContaining({ day: tomorrow, reason: `已停餐（${waiting.billNo}）` })]);
    // Back the day after tomorrow: in force until then, and lunch may be ordered for that day.
    const resumed = await call(admin, 'POST', '/meal/stop/resume', { id: waiting.id, resumeDate: addDays(tomorrow, 1) });
    expect(resumed.body.success, resumed.body.message).toBe(true);
    expect((await get(admin, `/meal/stop/queryById?id=${waiting.id}`)).body.result).toMatchObject({ status: '1', endDate: tomorrow, resumeDate: addDays(tomorrow, 1) });
    expect((await call(admin, 'POST', '/meal/order/place', { memberIds: [pupil.id], canteenId, mealType: '2', dateFrom: addDays(tomorrow, 1), dateTo: addDays(tomorrow, 1) })).body.result.placed).toBe(
      1,
    );
  });

  it('a leave that refunds meals puts a stop in force when approved: the pupil’s orders in it become 请假退餐 lines', async () => {
    const pupil = pupils[3]!;
    const order = await orderOf(pupil.id, tomorrow);
    const asked = await call(admin, 'POST', '/memb/leave/add', {
      memberId: pupil.id,
      leaveType: '2',
      startTime: `${tomorrow} 07:00:00`,
      endTime: `${tomorrow} 18:00:00`,
      reason: '住院检查',
      source: '2',
      refundMeal: true,
      mealTypes: '2',
    });
    expect(asked.body.success, asked.body.message).toBe(true);
    expect((await call(admin, 'POST', '/memb/leave/approve', { id: asked.body.result.id })).body.success).toBe(true);
    const [stop] = await t0.db.select().from(t.mealStops).where(eq(t.mealStops.leaveId, asked.body.result.id));
    expect(stop).toMatchObject({ status: '1', source: '2', stopType: '3', startDate: tomorrow, endDate: tomorrow, mealTypes: '2', cancelledOrders: 1, estRefund: 1200 });
    expect(await orderOf(pupil.id, tomorrow)).toMatchObject({ status: '4', stopId: stop!.id });
    expect(await linesOf(order.id)).toMatchObject([{ sourceType: '2', amount: 1200, status: '0' }]);
  });
});

describe('the terminal serving an ordered meal', () => {
  it('serves yesterday’s dinner paid when served, answers its retry once, and refuses a second serving, no order and a stopped meal', async () => {
    const yesterday = addDays(today(), -1);
    const [holder] = await t0.db
      .select({ cardNo: t.cards.cardNo, memberId: t.accounts.memberId, accountId: t.accounts.id, cash: t.accounts.cash })
      .from(t.cards)
      .innerJoin(t.accounts, eq(t.accounts.id, t.cards.accountId))
      .innerJoin(t.members, eq(t.members.id, t.accounts.memberId))
      .where(and(eq(t.cards.cardStatus, '1'), eq(t.members.deptId, classId)))
      .limit(1);
    // Ordered yesterday for yesterday's dinner (placed then, before its deadline).
    const orderId = newId();
    await t0.db.insert(t.mealOrders).values({
      id: orderId,
      tenantId: 0,
      orderNo: `DCTEST${orderId.slice(0, 8)}`,
      memberId: holder!.memberId!,
      accountId: holder!.accountId,
      canteenId,
      mealType: '3',
      diningDate: yesterday,
      amount: 1000,
      chargeMode: '2',
    });
    const tap = { serialNo: `S${orderId.slice(0, 10)}`, cardNo: holder!.cardNo, deviceTime: `${yesterday} 17:30:00` };
    const cash = await cashOf(holder!.accountId);
    const served = await serve([tap]);
    expect(served.result[0]).toMatchObject({ success: true, message: '就餐成功！', charged: 1000 });
    const [order] = await t0.db.select().from(t.mealOrders).where(eq(t.mealOrders.id, orderId));
    expect(order).toMatchObject({ status: '2', servedBy: expect.any(String) });
    expect(order!.payTxnId).toBeTruthy();
    expect(await cashOf(holder!.accountId)).toBe(cash - 1000);
    expect((await serve([tap])).result[0]).toMatchObject({ success: true, message: '该请求已办理' });
    expect((await serve([{ ...tap, serialNo: `X${orderId.slice(0, 10)}` }])).result[0]).toMatchObject({ success: false, message: '本餐已就餐' });
    expect(await cashOf(holder!.accountId)).toBe(cash - 1000);
    // No order for yesterday's lunch; nobody eats between meals.
    expect((await serve([{ ...tap, serialNo: `L${orderId.slice(0, 10)}`, deviceTime: `${yesterday} 12:00:00` }])).result[0]).toMatchObject({ success: false, message: '未报餐，请按消费刷卡' });
    expect((await serve([{ ...tap, serialNo: `N${orderId.slice(0, 10)}`, deviceTime: `${yesterday} 15:00:00` }])).result[0]).toMatchObject({ success: false, message: '当前不在就餐时段' });
    // A stop in force for yesterday's breakfast refuses it, ordered or not.
    await t0.db
      .insert(t.mealStops)
      .values({ id: newId(), tenantId: 0, billNo: `TCTEST${orderId.slice(0, 6)}`, memberId: holder!.memberId!, startDate: yesterday, endDate: yesterday, mealTypes: '1', status: '1' });
    expect((await serve([{ ...tap, serialNo: `B${orderId.slice(0, 10)}`, deviceTime: `${yesterday} 07:00:00` }])).result[0]!.message).toMatch(/^该人员本餐已停餐（TCTEST/);
  });

  it('closes meals never collected as 未就餐 by the meal’s rule (charged as usual when paid at the meal), from the scheduled job', async () => {
    const pupil = pupils[4]!;
    const day = addDays(today(), -2);
    const orderId = newId();
    await t0.db.insert(t.mealOrders).values({
      id: orderId,
      tenantId: 0,
      orderNo: `DCNOSHOW${orderId.slice(0, 6)}`,
      memberId: pupil.id,
      accountId: pupil.accountId,
      canteenId,
      mealType: '3',
      diningDate: day,
      amount: 1000,
      chargeMode: '2',
    });
    const cash = await cashOf(pupil.accountId);
    const ran = await get(admin, '/sys/quartzJob/execute?jobClassName=mealDayClose');
    expect(ran.body.success, ran.body.message).toBe(true);
    const [order] = await t0.db.select().from(t.mealOrders).where(eq(t.mealOrders.id, orderId));
    expect(order).toMatchObject({ status: '3' });
    expect(order!.payTxnId).toBeTruthy();
    expect(await cashOf(pupil.accountId)).toBe(cash - 1000);
    // Booked on the dinner's day, whenever the job ran.
    const [charged] = await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.id, order!.payTxnId!));
    expect(charged!.accDate).toBe(day);

    // Its record uploaded late (the terminal was offline): served after all, and not charged twice.
    const [card] = await t0.db
      .select({ cardNo: t.cards.cardNo })
      .from(t.cards)
      .where(and(eq(t.cards.accountId, pupil.accountId), eq(t.cards.cardStatus, '1')));
    const tap = (serialNo: string, on: string) => ({ serialNo, cardNo: card!.cardNo, deviceTime: `${on} 17:40:00` });
    expect((await serve([tap(`LATE${orderId.slice(0, 8)}`, day)])).result[0]).toMatchObject({ success: true });
    expect((await t0.db.select().from(t.mealOrders).where(eq(t.mealOrders.id, orderId)))[0]).toMatchObject({ status: '2', payTxnId: order!.payTxnId });
    expect(await cashOf(pupil.accountId)).toBe(cash - 1000);
    // Closed with its payment waiting as a refund line: the line is withdrawn; with it refunded already: charged again.
    const closedOrder = async (on: string, lineStatus: string) => {
      const id = newId();
      await t0.db.insert(t.mealOrders).values({
        id,
        tenantId: 0,
        orderNo: `DCLATE${id.slice(0, 8)}`,
        memberId: pupil.id,
        accountId: pupil.accountId,
        canteenId,
        mealType: '3',
        diningDate: on,
        amount: 1000,
        chargeMode: '1',
        status: '3',
        payTxnId: order!.payTxnId,
      });
      await t0.db.insert(t.mealRefundItems).values({
        id: `RL${id}`.slice(0, 40),
        tenantId: 0,
        memberId: pupil.id,
        accountId: pupil.accountId,
        sourceType: '1',
        sourceId: id,
        canteenId,
        mealType: '3',
        diningDate: on,
        amount: 1000,
        status: lineStatus,
      });
      return id;
    };
    const waiting = await closedOrder(addDays(today(), -3), '0');
    expect((await serve([tap(`LATE${waiting.slice(0, 8)}`, addDays(today(), -3))])).result[0]).toMatchObject({ success: true });
    expect((await linesOf(waiting))[0]).toMatchObject({ status: '3', failReason: '已就餐（离线记录晚于餐次结算）' });
    expect(await cashOf(pupil.accountId)).toBe(cash - 1000);
    const refunded = await closedOrder(addDays(today(), -4), '2');
    expect((await serve([tap(`LATE${refunded.slice(0, 8)}`, addDays(today(), -4))])).result[0]).toMatchObject({ success: true, charged: 1000 });
    expect((await t0.db.select().from(t.mealOrders).where(eq(t.mealOrders.id, refunded)))[0]!.status).toBe('2');
    expect(await cashOf(pupil.accountId)).toBe(cash - 2000);
  });
});

describe('退款合并', () => {
  it('merges the waiting lines of a period into a batch audited by another person, and pays each person once — even run twice at once', async () => {
    const clerk = await roleWithUser(admin, 'refund_clerk', [entityCodes(refundBatch).read, 'refundBatch:add', 'refundBatch:audit']);
    const waiting = await t0.db
      .select()
      .from(t.mealRefundItems)
      .where(and(eq(t.mealRefundItems.tenantId, 0), eq(t.mealRefundItems.status, '0'), sql`${t.mealRefundItems.diningDate} between ${today()} and ${addDays(today(), 7)}`));
    expect(waiting.length).toBeGreaterThan(2);
    const owed = new Map<string, number>();
    for (const line of waiting) owed.set(line.memberId, (owed.get(line.memberId) ?? 0) + line.amount);
    const made = await call(clerk.token, 'POST', '/meal/refundBatch/add', { dateFrom: today(), dateTo: addDays(today(), 7), refundTo: '1' });
    expect(made.body.success, made.body.message).toBe(true);
    const batchId = made.body.result.id as string;
    const batch = (await get(admin, `/meal/refundBatch/queryById?id=${batchId}`)).body.result;
    expect(batch).toMatchObject({ persons: owed.size, lines: waiting.length, total: [...owed.values()].reduce((a, b) => a + b, 0) / 100, auditStatus: '1', refundStatus: '0' });
    expect(batch.billNo).toMatch(/^TK\d{12}$/);
    // Nothing left to merge in that period; the lines are the batch's.
    expect((await call(clerk.token, 'POST', '/meal/refundBatch/add', { dateFrom: today(), dateTo: addDays(today(), 7), refundTo: '1' })).body.message).toBe('所选期间没有待合并的退款明细');
    expect((await call(clerk.token, 'POST', '/meal/refundBatch/audit', { id: batchId })).status).toBe(400);
    expect((await call(admin, 'POST', '/meal/refundBatch/execute', { id: batchId })).status).toBe(400);
    expect((await call(admin, 'POST', '/meal/refundBatch/audit', { id: batchId, auditOpinion: '核对无误' })).body.success).toBe(true);

    // A refund goes back to the wallets the order was paid from (subsidy and gift before cash, as it was
    // taken): what each holds in all rises by what it is owed.
    const held = (account: typeof t.accounts.$inferSelect) => account.cash + account.subsidy + account.gift;
    const before = new Map<string, number>();
    for (const memberId of owed.keys()) {
      const [account] = await t0.db.select().from(t.accounts).where(eq(t.accounts.memberId, memberId));
      before.set(account!.id, held(account!));
    }
    const [first, second] = await Promise.all([call(admin, 'POST', '/meal/refundBatch/execute', { id: batchId }), call(admin, 'POST', '/meal/refundBatch/execute', { id: batchId })]);
    expect(first.body.success, first.body.message).toBe(true);
    expect(second.status === 200 || second.status === 400, second.body.message).toBe(true);
    const postings = await t0.db
      .select()
      .from(t.ledgerTransactions)
      .where(and(eq(t.ledgerTransactions.txnType, 'MEAL_REFUND'), sql`${t.ledgerTransactions.summary} like ${`退款合并 ${batch.billNo}%`}`));
    expect(postings).toHaveLength(owed.size);
    for (const [memberId, amount] of owed) {
      const [account] = await t0.db.select().from(t.accounts).where(eq(t.accounts.memberId, memberId));
      expect(held(account!)).toBe(before.get(account!.id)! + amount);
    }
    expect((await get(admin, `/meal/refundBatch/queryById?id=${batchId}`)).body.result).toMatchObject({ refundStatus: '2', failed: 0, refundedBy: 'admin' });
    const lines = await t0.db.select().from(t.mealRefundItems).where(eq(t.mealRefundItems.batchId, batchId));
    expect(new Set(lines.map((line) => line.status))).toEqual(new Set(['2']));
    // The orders they gave back are 已退款.
    const orders = await t0.db
      .select({ status: t.mealOrders.status })
      .from(t.mealOrders)
      .where(inArray(t.mealOrders.id, lines.map((line) => line.sourceId!).filter(Boolean)));
    expect(new Set(orders.map((row) => row.status))).toEqual(new Set(['5']));
    // Paid: not again.
    expect((await call(admin, 'POST', '/meal/refundBatch/execute', { id: batchId })).status).toBe(400);
    const report = await ledgerService(t0.db).reconcile(0);
    expect(report.drift).toEqual([]);
    expect(report.unbalanced).toEqual([]);
  });

  it('pays an order back into the wallets it was paid from — subsidy stays subsidy — and no line asks back more than its order cost', async () => {
    const pupil = pupils[5]!;
    const day = addDays(today(), 3);
    // ¥5.00 of subsidy, then a ¥12.00 lunch: subsidy first, the rest cash.
    const caller = { tenantId: 0, username: 'admin' };
    const batchId = `SB-REFUND-${pupil.id}`.slice(0, 40);
    await t0.db.insert(t.subsidyBatches).values({ id: batchId, tenantId: 0, billNo: 'BZ-REFUND-1', name: '退款测试补助', subsidyType: '1', startDate: today(), auditStatus: '2', issueStatus: '4' });
    await addSubsidyPeople(t0.db, caller, batchId, [{ memberId: pupil.id, accountId: pupil.accountId, amount: 500 }]);
    await subsidyService(t0).issue(caller, batchId);
    const [before] = await t0.db.select().from(t.accounts).where(eq(t.accounts.id, pupil.accountId));
    expect((await call(admin, 'POST', '/meal/order/place', { memberIds: [pupil.id], canteenId, mealType: '2', dateFrom: day, dateTo: day })).body.result.placed).toBe(1);
    const order = await orderOf(pupil.id, day);
    expect((await call(admin, 'POST', '/meal/order/cancel', { id: order.id, cancelReason: '外出研学' })).body.success).toBe(true);
    const [line] = await linesOf(order.id);
    const tooMuch = await call(admin, 'PUT', '/meal/refundItem/edit', { ...line, id: line!.id, amount: '12.01' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(`退款金额不能超过订单 ${order.orderNo} 的金额 12.00 元`);

    const clerk = await roleWithUser(admin, 'refund_clerk2', [entityCodes(refundBatch).read, 'refundBatch:add']);
    const made = await call(clerk.token, 'POST', '/meal/refundBatch/add', { dateFrom: day, dateTo: day, refundTo: '1' });
    expect(made.body.success, made.body.message).toBe(true);
    expect((await call(admin, 'POST', '/meal/refundBatch/audit', { id: made.body.result.id })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/meal/refundBatch/execute', { id: made.body.result.id })).body.success).toBe(true);
    const [after] = await t0.db.select().from(t.accounts).where(eq(t.accounts.id, pupil.accountId));
    expect({ subsidy: after!.subsidy - before!.subsidy, cash: after!.cash - before!.cash }).toEqual({ subsidy: 0, cash: 0 });
    const report = await ledgerService(t0.db).reconcile(0);
    expect(report.drift).toEqual([]);
  });

  it('lets a rejected batch’s lines wait again, and a deleted one’s', async () => {
    const pupil = pupils[5]!;
    const order = await orderOf(pupil.id, tomorrow);
    expect((await call(admin, 'POST', '/meal/order/cancel', { id: order.id })).body.success).toBe(true);
    const clerk = await signIn(t0.app, 'refund_clerk_user', 'Clerk-Pass-61');
    const made = await call(clerk, 'POST', '/meal/refundBatch/add', { dateFrom: tomorrow, dateTo: tomorrow, refundTo: '1', sourceType: '1' });
    expect(made.body.success, made.body.message).toBe(true);
    expect((await linesOf(order.id))[0]).toMatchObject({ status: '1', batchId: made.body.result.id });
    expect((await call(admin, 'POST', '/meal/refundBatch/reject', { id: made.body.result.id, auditOpinion: '金额待核' })).body.success).toBe(true);
    expect((await linesOf(order.id))[0]).toMatchObject({ status: '0', batchId: null });
    const again = await call(clerk, 'POST', '/meal/refundBatch/add', { dateFrom: tomorrow, dateTo: tomorrow, refundTo: '1', sourceType: '1' });
    expect((await call(clerk, 'DELETE', `/meal/refundBatch/delete?id=${again.body.result.id}`)).status).toBe(403);
    expect((await call(admin, 'DELETE', `/meal/refundBatch/delete?id=${again.body.result.id}`)).body.success).toBe(true);
    expect((await linesOf(order.id))[0]).toMatchObject({ status: '0', batchId: null });
  });
});
