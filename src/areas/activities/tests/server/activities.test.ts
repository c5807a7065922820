/**
 * 活动管理 through its routes, on PGlite and on PostgreSQL: a campaign's refusals, submitted and
 * audited by someone else; 充值赠送 given by the recharge itself, once per person, a retried recharge
 * giving nothing more; 消费满减 given back after the payments reaching it, by the job, once each; 参与赠送 to a class within the budget, those past it listed; 撤回 while the
 * wallet holds the gift and refused once it was spent; an expired gift taken back by the daily job;
 * the ledger balanced throughout; another school sees none of it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { giftsBackOnRefunds, giftsOnPayments } from '../../server/gifts';
import { activities, activityParticipants } from '../../server/tables';
import { ledgerService } from '@server/modules/ledger/service';
import { entityCodes } from '@shared/engine/derive';
import { activity } from '../../shared/entities/activity';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { apiOf } from '../../../../../tests/support/api';
import { createTestApp, signIn, type TestApp } from '../../../../../tests/support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser, waiveCheckerWait } = apiOf(() => t0);
const today = dayIn(DEFAULT_TIME_ZONE);
let auditor: string;

type Holder = { memberId: string; memberNo: string; accountId: string; cardNo: string; deptId: string };
let pupils: Holder[];
let classSize: number;

const balances = async (accountId: string) =>
  (await t0.db.select({ cash: t.accounts.cash, gift: t.accounts.gift, subsidy: t.accounts.subsidy }).from(t.accounts).where(eq(t.accounts.id, accountId)))[0]!;
const participants = async (activityId: string) => (await get(admin, `/act/participant/list?activityId=${activityId}&pageSize=100`)).body.result.records as Record<string, unknown>[];

/** A campaign added by the administrator, submitted and put live by the auditor. */
async function liveCampaign(values: Record<string, unknown>): Promise<string> {
  const added = await call(admin, 'POST', '/act/activity/add', { startDate: today, endDate: addDays(today, 10), wallet: 'GIFT', maxTimes: 1, ...values });
  expect(added.body.success, added.body.message).toBe(true);
  const id = added.body.result.id as string;
  expect((await call(admin, 'POST', '/act/activity/submit', { ids: [id] })).body.success).toBe(true);
  const approved = await call(auditor, 'POST', '/act/activity/approve', { ids: [id] });
  expect(approved.body.success, approved.body.message).toBe(true);
  return id;
}

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  // The administrator makes the work and creates its checkers: the school lets them check at once.
  await waiveCheckerWait(admin);
  auditor = (await roleWithUser(admin, 'campaign_auditor', [entityCodes(activity).read, 'activity:approve', 'activity:reject'], { ownPassword: true })).token;
  // The pupils of one class holding cards with money.
  const rows = await t0.db
    .select({ memberId: t.members.id, memberNo: t.members.memberNo, accountId: t.accounts.id, cardNo: t.cards.cardNo, deptId: t.members.deptId })
    .from(t.members)
    .innerJoin(t.accounts, and(eq(t.accounts.memberId, t.members.id), eq(t.accounts.accountStatus, '1')))
    .innerJoin(t.cards, and(eq(t.cards.accountId, t.accounts.id), eq(t.cards.cardStatus, '1')))
    .orderBy(t.members.memberNo);
  const deptId = rows.find((row) => rows.filter((other) => other.deptId === row.deptId).length >= 5)!.deptId;
  pupils = rows.filter((row) => row.deptId === deptId);
  // A campaign gives to every open account of the class, a card reported lost or not.
  classSize = (
    await t0.db
      .select({ id: t.accounts.id })
      .from(t.members)
      .innerJoin(t.accounts, and(eq(t.accounts.memberId, t.members.id), eq(t.accounts.accountStatus, '1')))
      .where(eq(t.members.deptId, deptId))
  ).length;
  // What they hold is what the sample school's weeks left (parents top up when it runs low): each is
  // topped up at the counter for the tests' payments.
  for (const pupil of pupils) await ledgerService(t0.db).recharge({ tenantId: 0, username: 'admin' }, { key: randomUUID(), accountId: pupil.accountId, amountCents: 30000, channel: 'cash' });
  // They paid for today's meals already (the sample school lived today too): the tests' payments are
  // more than a school day's number, so the class's daily limits are lifted.
  await t0.db
    .update(t.accounts)
    .set({ dailyLimit: null, dailyLimitCount: null })
    .where(
      inArray(
        t.accounts.id,
        pupils.map((pupil) => pupil.accountId),
      ),
    );
});
afterAll(async () => t0?.close());

describe('活动管理', () => {
  it('refuses a campaign that cannot work, and is audited by someone other than who made it', async () => {
    const base = { name: '测试活动', activityType: '3', startDate: today, endDate: addDays(today, 5), gift: 10, budget: 100, wallet: 'GIFT', maxTimes: 1 };
    expect((await call(admin, 'POST', '/act/activity/add', { ...base, endDate: addDays(today, -1) })).body.message).toBe('结束日期不能早于开始日期');
    expect((await call(admin, 'POST', '/act/activity/add', { ...base, gift: 200 })).body.message).toBe('赠送金额不能超过活动预算');
    expect((await call(admin, 'POST', '/act/activity/add', { ...base, activityType: '1' })).body.message).toBe('充值赠送须填写充值满多少元');
    const added = await call(admin, 'POST', '/act/activity/add', base);
    expect((await get(admin, `/act/activity/queryById?id=${added.body.result.id}`)).body.result.billNo).toMatch(/^HD\d{8}/);
    await call(admin, 'POST', '/act/activity/submit', { ids: [added.body.result.id] });
    expect((await call(admin, 'POST', '/act/activity/approve', { ids: [added.body.result.id] })).status).toBe(400);
    const rejected = await call(auditor, 'POST', '/act/activity/reject', { ids: [added.body.result.id], rejectReason: '预算未批' });
    expect(rejected.body.success, rejected.body.message).toBe(true);
    expect((await get(admin, `/act/activity/queryById?id=${added.body.result.id}`)).body.result).toMatchObject({ status: '0', rejectReason: '预算未批' });
  });

  it('is 未开始, 进行中 or 已结束 by the school’s day: on approval, and as the day’s job moves it', async () => {
    // The sample school's campaigns of other weeks, as the first start's run of the day's job left them.
    const sample = (await get(admin, '/act/activity/list?pageSize=50')).body.result.records as { name: string; status: string }[];
    expect(Object.fromEntries(sample.filter((row) => ['国庆充值有礼', '元旦加餐', '开学充值有礼'].includes(row.name)).map((row) => [row.name, row.status]))).toEqual({
      国庆充值有礼: '3',
      元旦加餐: '5',
      开学充值有礼: '2',
    });
    // Approved ten days before its first day: 未开始, and no gift is given by it.
    const id = await liveCampaign({ name: '下月加餐', activityType: '3', startDate: addDays(today, 10), endDate: addDays(today, 12), gift: 5, budget: 100 });
    const record = async () => (await get(admin, `/act/activity/queryById?id=${id}`)).body.result as { status: string; status_dictText: string };
    expect(await record()).toMatchObject({ status: '5' });
    const given = await call(admin, 'POST', '/act/activity/give', { ids: [id], memberNos: pupils[0]!.memberNo });
    expect(given.body.message).toContain('未开始');
    // Its first day comes (the dates moved back as the calendar would): the day's job makes it 进行中;
    // its last day gone, 已结束.
    const daysLater = async (dates: { startDate?: string; endDate?: string }, status: string) => {
      await t0.db.update(activities).set(dates).where(eq(activities.id, id));
      expect((await get(admin, '/sys/quartzJob/execute?jobClassName=dailyExpiry')).body.success).toBe(true);
      await expect.poll(async () => (await record()).status).toBe(status);
    };
    await daysLater({ startDate: addDays(today, -2) }, '2');
    await daysLater({ endDate: addDays(today, -1) }, '3');
  });

  it('gives 充值赠送 with the recharge itself, once per person; a retried recharge gives nothing more', async () => {
    const id = await liveCampaign({ name: '充五十送五', activityType: '1', threshold: 50, gift: 5, budget: 1000, giftValidDays: 30 });
    const pupil = pupils[0]!;
    const before = await balances(pupil.accountId);
    const key = randomUUID();
    const small = await call(admin, 'POST', '/memb/account/recharge', { idempotencyKey: randomUUID(), accountId: pupil.accountId, amount: 20, channel: 'cash' });
    expect(small.body.success, small.body.message).toBe(true);
    expect((await participants(id)).filter((row) => row.memberId === pupil.memberId)).toEqual([]);
    const big = await call(admin, 'POST', '/memb/account/recharge', { idempotencyKey: key, accountId: pupil.accountId, amount: 60, channel: 'cash' });
    expect(big.body.success, big.body.message).toBe(true);
    const again = await call(admin, 'POST', '/memb/account/recharge', { idempotencyKey: key, accountId: pupil.accountId, amount: 60, channel: 'cash' });
    expect(again.body.message).toBe('该请求已办理');
    // Past the campaign's once a person (and short of the seeded 充100送10).
    await call(admin, 'POST', '/memb/account/recharge', { idempotencyKey: randomUUID(), accountId: pupil.accountId, amount: 80, channel: 'cash' });
    const after = await balances(pupil.accountId);
    expect(after.cash - before.cash).toBe(16000);
    expect(after.gift - before.gift).toBe(500);
    const [gift] = await participants(id);
    expect(gift).toMatchObject({ memberId: pupil.memberId, triggerRef: big.body.result.txnNo, gift: 5, wallet: 'GIFT', status: '1', validUntil: addDays(today, 29) });
    const [posting] = await t0.db
      .select()
      .from(t.ledgerTransactions)
      .where(eq(t.ledgerTransactions.txnNo, String(gift!.txnNo)));
    const lines = await t0.db.select().from(t.ledgerEntries).where(eq(t.ledgerEntries.txnId, posting!.id));
    expect(posting!.txnType).toBe('GIFT');
    expect(lines.map((line) => [line.accountRef, line.wallet, line.dc, line.amount])).toEqual([
      ['6601', null, 'D', 500],
      [pupil.accountId, 'GIFT', 'C', 500],
    ]);
    expect((await get(admin, `/act/activity/queryById?id=${id}`)).body.result).toMatchObject({ given: 5, participants: 1 });
    // The recharge reversed (冲正, by another clerk): its gift goes back at the job's next run.
    const clerk = await roleWithUser(admin, 'reversal_clerk', ['members:accounts', 'account:rechargeReversal'], { ownPassword: true });
    const reversed = await call(clerk.token, 'POST', '/memb/account/rechargeReversal', { idempotencyKey: randomUUID(), txnId: big.body.result.id, reason: '收错金额' });
    expect(reversed.body.success, reversed.body.message).toBe(true);
    expect(await giftsBackOnRefunds(t0.db)).toBe(1);
    expect((await participants(id))[0]).toMatchObject({ status: '2', reason: '原单退款后余 0.00 元，不再满足活动条件，收回 5.00 元' });
    expect((await balances(pupil.accountId)).gift - before.gift).toBe(0);
    expect((await get(admin, `/act/activity/queryById?id=${id}`)).body.result).toMatchObject({ given: 0, participants: 0 });
  });

  it('gives 消费满减 back after a payment reaching 满X, once per payment within the times and budget, only while the campaign runs', async () => {
    expect((await call(admin, 'POST', '/act/activity/add', { name: '满十返一', activityType: '2', startDate: today, endDate: addDays(today, 3), gift: 1, budget: 10 })).body.message).toBe(
      '消费满减须填写消费满多少元',
    );
    const pupil = pupils[5]!;
    const pay = async (amount: string) => {
      const paid = await call(admin, 'POST', '/pay/consume', { idempotencyKey: randomUUID(), cardNo: pupil.cardNo, amount });
      expect(paid.body.success, paid.body.message).toBe(true);
      return paid.body.result.txnNo as string;
    };
    // The job's first run marks where it starts: a payment before the campaign gives nothing.
    await giftsOnPayments(t0.db, 0);
    await pay('30.00');
    const id = await liveCampaign({ name: '满十返一', activityType: '2', threshold: 10, gift: 1, budget: 10, maxTimes: 2 });
    const small = await pay('9.99');
    const first = await pay('10.00');
    const second = await pay('12.00');
    const third = await pay('15.00');
    expect(await giftsOnPayments(t0.db, 0)).toBe(2);
    // Taken once: a second run gives nothing more.
    expect(await giftsOnPayments(t0.db, 0)).toBe(0);
    const given = await participants(id);
    expect(given.map((row) => [row.triggerRef, row.gift, row.status]).sort()).toEqual(
      [
        [first, 1, '1'],
        [second, 1, '1'],
      ].sort(),
    );
    expect(given.some((row) => row.triggerRef === small || row.triggerRef === third)).toBe(false);
    const postings = await t0.db
      .select({ type: t.ledgerTransactions.txnType, amount: t.ledgerTransactions.amount, accountId: t.ledgerTransactions.accountId })
      .from(t.ledgerTransactions)
      .where(
        inArray(
          t.ledgerTransactions.txnNo,
          given.map((row) => String(row.txnNo)),
        ),
      );
    expect(postings).toEqual([
      { type: 'GIFT', amount: 100, accountId: pupil.accountId },
      { type: 'GIFT', amount: 100, accountId: pupil.accountId },
    ]);
    // Refunds: a payment still at 满X keeps its gift; one refunded below it gives its gift back (已撤回), once.
    const idOf = async (txnNo: string) => (await t0.db.select({ id: t.ledgerTransactions.id }).from(t.ledgerTransactions).where(eq(t.ledgerTransactions.txnNo, txnNo)))[0]!.id;
    const refund = async (txnNo: string, amount: string) => {
      const refunded = await call(admin, 'POST', '/pay/consume/refund', { idempotencyKey: randomUUID(), txnId: await idOf(txnNo), amount, reason: '退菜' });
      expect(refunded.body.success, refunded.body.message).toBe(true);
    };
    await refund(second, '2.00');
    expect(await giftsBackOnRefunds(t0.db)).toBe(0);
    await refund(first, '0.01');
    expect(await giftsBackOnRefunds(t0.db)).toBe(1);
    expect(await giftsBackOnRefunds(t0.db)).toBe(0);
    const after = await participants(id);
    expect(after.find((row) => row.triggerRef === second)).toMatchObject({ status: '1' });
    const back = after.find((row) => row.triggerRef === first)!;
    expect(back).toMatchObject({ status: '2', reason: '原单退款后余 9.99 元，不再满足活动条件，收回 1.00 元' });
    const [reversal] = await t0.db
      .select({ type: t.ledgerTransactions.txnType, amount: t.ledgerTransactions.amount, accountId: t.ledgerTransactions.accountId })
      .from(t.ledgerTransactions)
      .where(eq(t.ledgerTransactions.txnNo, String(back.withdrawTxnNo)));
    expect(reversal).toEqual({ type: 'GIFT_REVERSAL', amount: 100, accountId: pupil.accountId });
    expect((await get(admin, `/act/activity/queryById?id=${id}`)).body.result).toMatchObject({ given: 1, participants: 1 });
    // Stopped: payments while it is off give nothing, even once it runs again.
    expect((await call(admin, 'POST', '/act/activity/disable', { ids: [id] })).body.success).toBe(true);
    await pay('20.00');
    expect(await giftsOnPayments(t0.db, 0)).toBe(0);
    expect((await get(admin, `/act/activity/queryById?id=${id}`)).body.result).toMatchObject({ given: 1, participants: 1 });
  });

  it('gives 参与赠送 to a class within the budget and lists who got nothing and why', async () => {
    const id = await liveCampaign({ name: '班级加餐', activityType: '3', gift: 12, budget: 36, wallet: 'SUBSIDY', deptId: pupils[0]!.deptId });
    const before = await Promise.all(pupils.map((pupil) => balances(pupil.accountId)));
    // The wizard's 审核 step: what it would give, run and rolled back — no gift, no participant, no history.
    const checked = await call(admin, 'POST', '/act/activity/give?preview=1', { ids: [id], deptId: pupils[0]!.deptId });
    expect(checked.body.result).toEqual({ done: `将赠送 3 人，合计 36.00 元；不发放 ${classSize - 3} 人：超出活动预算（剩余 0.00 元）`, preview: true });
    expect(await participants(id)).toHaveLength(0);
    expect(await Promise.all(pupils.map((pupil) => balances(pupil.accountId)))).toEqual(before);
    expect((await get(admin, `/act/activity/queryById?id=${id}`)).body.result).toMatchObject({ given: 0, participants: 0 });
    const given = await call(admin, 'POST', '/act/activity/give', { ids: [id], deptId: pupils[0]!.deptId });
    expect(given.body.success, given.body.message).toBe(true);
    expect(given.body.message).toBe(`已赠送 3 人，未发放 ${classSize - 3} 人：超出活动预算（剩余 0.00 元）`);
    const rows = await participants(id);
    expect(rows.filter((row) => row.status === '1')).toHaveLength(3);
    expect(rows.filter((row) => row.status === '3').every((row) => row.reason === '超出活动预算（剩余 0.00 元）')).toBe(true);
    const after = await Promise.all(pupils.map((pupil) => balances(pupil.accountId)));
    expect(after.reduce((sum, row, index) => sum + row.subsidy - before[index]!.subsidy, 0)).toBe(3600);
    // Outside the campaign's range: a number from another class is refused by name.
    const outsider = (await t0.db.select({ memberNo: t.members.memberNo, deptId: t.members.deptId }).from(t.members)).find((row) => row.deptId !== pupils[0]!.deptId)!;
    const none = await call(admin, 'POST', '/act/activity/give', { ids: [id], memberNos: outsider.memberNo });
    expect(none.body.message).toBe('所选对象中没有活动范围内的在校人员');
    expect((await call(admin, 'POST', '/act/activity/give', { ids: [id] })).body.message).toBe('请选择赠送对象：部门/班级、人员类型或学号');
  });

  it('takes a gift back while the wallet holds it, refuses once it was spent, and the daily job takes back an expired one', async () => {
    const id = await liveCampaign({ name: '撤回测试', activityType: '4', gift: 8, budget: 100, giftValidDays: 5 });
    const [first, second, third] = pupils.slice(1, 4);
    const given = await call(admin, 'POST', '/act/activity/give', { ids: [id], memberNos: [first!.memberNo, second!.memberNo, third!.memberNo].join('\n') });
    expect(given.body.message).toBe('已赠送 3 人');
    const rows = await participants(id);
    const of = (holder: Holder) => rows.find((row) => row.memberId === holder.memberId)!;
    const before = await balances(first!.accountId);
    const back = await call(admin, 'POST', '/act/participant/withdraw', { ids: [of(first!).id], reason: '重复参与' });
    expect(back.body.success, back.body.message).toBe(true);
    expect((await balances(first!.accountId)).gift).toBe(before.gift - 800);
    expect((await call(admin, 'POST', '/act/participant/withdraw', { ids: [of(first!).id], reason: '再次' })).status).toBe(400);
    // Spent: a payment takes subsidy, then gift, first.
    const held = await balances(second!.accountId);
    const paid = await call(admin, 'POST', '/pay/consume', { idempotencyKey: randomUUID(), cardNo: second!.cardNo, amount: (held.subsidy + held.gift) / 100 });
    expect(paid.body.success, paid.body.message).toBe(true);
    const spent = await call(admin, 'POST', '/act/participant/withdraw', { ids: [of(second!).id], reason: '误发' });
    expect(spent.body.message).toBe('钱包余额 0.00 元不足 8.00 元，赠送已被使用，不能撤回');
    // The third's gift expired yesterday: the job takes back what is left of it.
    await t0.db
      .update(activityParticipants)
      .set({ validUntil: addDays(today, -1) })
      .where(inArray(activityParticipants.id, [String(of(third!).id)]));
    const giftBefore = (await balances(third!.accountId)).gift;
    const run = await get(admin, '/sys/quartzJob/execute?jobClassName=dailyExpiry');
    expect(run.body.success, run.body.message).toBe(true);
    await expect.poll(async () => (await participants(id)).find((row) => row.memberId === third!.memberId)!.status).toBe('4');
    expect((await balances(third!.accountId)).gift).toBe(giftBefore - 800);
    expect((await get(admin, `/act/activity/queryById?id=${id}`)).body.result).toMatchObject({ given: 8 });
    // Every posting of the day balanced, every account equal to its ledger.
    const reconciled = await ledgerService(t0.db).reconcile(0);
    expect(reconciled.drift).toEqual([]);
    expect(reconciled.unbalanced).toEqual([]);
  });

  it('another school sees no campaign or participant of this one', async () => {
    const created = await call(admin, 'POST', '/sys/tenant/add', { name: '活动隔离学校', adminUsername: 'actother', adminRealname: '孙老师', adminPassword: 'Act-school-2026' });
    expect(created.body.success, created.body.message).toBe(true);
    const other = await signIn(t0.app, 'actother', 'Act-school-2026');
    expect((await get(other, '/act/activity/list')).body.result.total).toBe(0);
    expect((await get(other, '/act/participant/list')).body.result.total).toBe(0);
    const [any] = (await get(admin, '/act/activity/list')).body.result.records;
    expect((await call(other, 'POST', '/act/activity/give', { ids: [any.id], memberNos: '1' })).body.success).toBe(false);
  });
});
