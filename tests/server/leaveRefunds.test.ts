/**
 * 请假退餐费 through its routes, on PGlite and on PostgreSQL: a pupil on a meal plan whose leave with
 * meals refunded is approved gets a refund to count; 核算 counts the plan's meals of the leave from
 * the school's 生效点 (次日起, 当餐起) on term weekdays, less a meal paid as an order, × each meal's
 * 退餐单价 — refusing a leave not over, and nothing below the school's minimum days; 调整 and 审核 by
 * two people; 加入合并 makes a 退款合并 line whose batch pays the card through the ledger, and the
 * refund reads 已退款; 撤销 and 销假 follow the stop.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import dayjs from 'dayjs';
import * as t from '@server/db/schema';
import { newId } from '@server/db/ids';
import { ledgerService } from '@server/modules/ledger/service';
import { entityCodes } from '@shared/engine/derive';
import { mealLeaveRefund } from '@shared/entities/payments/mealLeaveRefund';
import { refundBatch } from '@shared/entities/meals/refundBatch';
import { addDays, dayIn, DEFAULT_TIME_ZONE, parseSchoolTime } from '@shared/schoolTime';
import { apiOf } from '../support/api';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
let teacher: string;
const { call, get, roleWithUser } = apiOf(() => t0);
let pupil: { id: string; accountId: string };
// Monday to Wednesday three weeks ago: over, and within a term the test gives it.
const monday = dayjs(`${dayIn(DEFAULT_TIME_ZONE)}T00:00:00`)
  .add(-21, 'day')
  .day(1)
  .format('YYYY-MM-DD');
const wednesday = addDays(monday, 2);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  teacher = (
    await roleWithUser(admin, 'meal_refund_teacher', [
      entityCodes(mealLeaveRefund).read,
      'leaveRefund:calculate',
      'leaveRefund:adjust',
      'leaveRefund:approve',
      entityCodes(refundBatch).read,
      entityCodes(refundBatch).add,
    ])
  ).token;
  // A pupil who opens an account now: none of the sample school's meals of those days are theirs
  // (a meal eaten on a day of the leave is not refunded).
  const [row] = await t0.db
    .select({ id: t.members.id })
    .from(t.members)
    .leftJoin(t.accounts, eq(t.accounts.memberId, t.members.id))
    .innerJoin(t.memberTypes, eq(t.memberTypes.id, t.members.memberTypeId))
    .where(and(eq(t.members.tenantId, 0), eq(t.memberTypes.code, 'STUDENT'), eq(t.members.memberStatus, '1'), isNull(t.accounts.id)))
    .limit(1);
  const opened = await ledgerService(t0.db).openAccount({ tenantId: 0, username: 'admin' }, { key: randomUUID(), memberId: row!.id, cardNo: '29990101', physNo: 'LR29990101' });
  pupil = { id: row!.id, accountId: opened.accountId! };
  await t0.db.update(t.members).set({ mealPlan: '3' }).where(eq(t.members.id, pupil.id));
  await t0.db.insert(t.schoolTerms).values({ id: newId(), tenantId: 0, schoolYear: '2090-2091', term: '3', name: '测试学期', startDate: monday, endDate: wednesday });
  // Lunch refunds ¥8 (its price is ¥12); breakfast ¥5 and dinner ¥10 at their prices.
  await t0.db
    .update(t.mealConfigs)
    .set({ leaveRefundPrice: 800 })
    .where(and(eq(t.mealConfigs.tenantId, 0), eq(t.mealConfigs.mealType, '2')));
  // Tuesday's lunch was ordered and paid: its refund is the order's.
  await t0.db.insert(t.mealOrders).values({
    id: newId(),
    tenantId: 0,
    orderNo: `DC-TEST-${Date.now()}`,
    memberId: pupil.id,
    canteenId: (await t0.db.select({ id: t.mealCanteens.id }).from(t.mealCanteens).where(eq(t.mealCanteens.tenantId, 0)).limit(1))[0]!.id,
    mealType: '2',
    diningDate: addDays(monday, 1),
    orderWay: '1',
    amount: 1200,
    chargeMode: '1',
    status: '4',
    payTxnId: 'paid-elsewhere',
  });
});
afterAll(async () => t0?.close());

const refundOf = async (sourceNo: string) => (await get(admin, `/pay/leaveRefund/list?sourceNo=${sourceNo}`)).body.result.records[0] as Record<string, unknown> & { id: string; billNo: string };

async function approvedLeave(from: string, to: string): Promise<{ id: string; billNo: string }> {
  const added = await call(admin, 'POST', '/memb/leave/add', { memberId: pupil.id, leaveType: '1', startTime: from, endTime: to, reason: '回家', refundMeal: true, mealTypes: '1,2,3', source: '4' });
  expect(added.body.success, added.body.message).toBe(true);
  const leave = (await get(admin, `/memb/leave/list?memberId=${pupil.id}&column=createTime&order=desc`)).body.result.records[0];
  const approved = await call(admin, 'POST', '/memb/leave/approve', { id: leave.id });
  expect(approved.body.success, approved.body.message).toBe(true);
  return leave;
}

describe('请假退餐费', () => {
  let leave: { id: string; billNo: string };

  it('opens with the approved leave, and counts the plan’s meals from the day after the school was told', async () => {
    leave = await approvedLeave(`${monday} 08:00:00`, `${wednesday} 18:00:00`);
    expect(await refundOf(leave.billNo)).toMatchObject({ status: '0', dateFrom: monday, dateTo: wednesday, memberId: pupil.id });
    // Told the Friday before: 次日起 starts with the leave, at Monday 08:00 (breakfast was under way).
    await t0.db
      .update(t.leaves)
      .set({ approveTime: parseSchoolTime(DEFAULT_TIME_ZONE, `${addDays(monday, -3)} 16:00:00`) })
      .where(eq(t.leaves.id, leave.id));
    const refund = await refundOf(leave.billNo);
    expect((await call(teacher, 'POST', '/pay/leaveRefund/calculate', { ids: [refund.id] })).body.success).toBe(true);
    // Breakfast Tue, Wed · lunch Mon, Wed (Tuesday's was an order) · dinner Mon–Wed: 2 × 5 + 2 × 8 + 3 × 10.
    expect(await refundOf(leave.billNo)).toMatchObject({ status: '1', breakfastCount: 2, lunchCount: 2, dinnerCount: 3, lunchPrice: 8, calcAmount: 56, amount: 56 });
    expect((await refundOf(leave.billNo)).calcNote).toContain('已订餐 1 餐按订单退');
  });

  it('counts the meal under way with 当餐起, and nothing below the school’s minimum days', async () => {
    const refund = await refundOf(leave.billNo);
    await t0.db.update(t.tenants).set({ mealRefundStart: '2' }).where(eq(t.tenants.id, 0));
    const school = await call(admin, 'PUT', '/sys/tenant/edit', {
      id: 0,
      name: (await t0.db.select().from(t.tenants).where(eq(t.tenants.id, 0)))[0]!.name,
      mealRefundStart: '2',
      mealRefundMinDays: 2,
    });
    expect(school.body.success, school.body.message).toBe(true);
    expect((await call(teacher, 'POST', '/pay/leaveRefund/calculate', { ids: [refund.id] })).body.success).toBe(true);
    // Monday's breakfast (until 08:30) counts; two full days (Monday, Wednesday) meet the minimum.
    expect(await refundOf(leave.billNo)).toMatchObject({ breakfastCount: 3, calcAmount: 61 });
    await call(admin, 'PUT', '/sys/tenant/edit', { id: 0, name: (await t0.db.select().from(t.tenants).where(eq(t.tenants.id, 0)))[0]!.name, mealRefundMinDays: 3 });
    expect((await call(teacher, 'POST', '/pay/leaveRefund/calculate', { ids: [refund.id] })).body.success).toBe(true);
    expect(await refundOf(leave.billNo)).toMatchObject({ breakfastCount: 0, calcAmount: 0 });
    expect((await refundOf(leave.billNo)).calcNote).toContain('不足 3 整天，不退');
    await call(admin, 'PUT', '/sys/tenant/edit', { id: 0, name: (await t0.db.select().from(t.tenants).where(eq(t.tenants.id, 0)))[0]!.name, mealRefundMinDays: 0 });
    expect((await call(teacher, 'POST', '/pay/leaveRefund/calculate', { ids: [refund.id] })).body.success).toBe(true);
    expect(await refundOf(leave.billNo)).toMatchObject({ amount: 61 });
  });

  it('is adjusted and audited by two people, merged, and paid to the card through 退款合并', async () => {
    const refund = await refundOf(leave.billNo);
    expect((await call(teacher, 'POST', '/pay/leaveRefund/adjust', { id: refund.id, amount: '60', adjustReason: '周三晚餐已在家长处就餐' })).body.success).toBe(true);
    expect((await call(teacher, 'POST', '/pay/leaveRefund/approve', { id: refund.id, refundWay: '1' })).status).toBe(400);
    expect((await call(admin, 'POST', '/pay/leaveRefund/approve', { id: refund.id, refundWay: '1' })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/pay/leaveRefund/merge', { ids: [refund.id] })).body.success).toBe(true);
    const [line] = await t0.db.select().from(t.mealRefundItems).where(eq(t.mealRefundItems.sourceId, refund.id));
    expect(line).toMatchObject({ sourceType: '2', sourceNo: refund.billNo, amount: 6000, status: '0' });

    const before = (await t0.db.select().from(t.accounts).where(eq(t.accounts.id, pupil.accountId)))[0]!.cash;
    const batch = await call(teacher, 'POST', '/meal/refundBatch/add', { dateFrom: wednesday, dateTo: wednesday, sourceType: '2', refundTo: '1' });
    expect(batch.body.success, batch.body.message).toBe(true);
    const batchId = (await get(admin, '/meal/refundBatch/list?sourceType=2&column=createTime&order=desc')).body.result.records[0].id;
    expect((await call(admin, 'POST', '/meal/refundBatch/audit', { id: batchId })).body.success).toBe(true);
    const paid = await call(admin, 'POST', '/meal/refundBatch/execute', { id: batchId });
    expect(paid.body.success, paid.body.message).toBe(true);
    expect(await refundOf(leave.billNo)).toMatchObject({ status: '4', batchId });
    expect((await t0.db.select().from(t.accounts).where(eq(t.accounts.id, pupil.accountId)))[0]!.cash).toBe(before + 6000);
    expect((await ledgerService(t0.db).reconcile(0)).drift).toEqual([]);
  });

  it('refuses to count a leave not over; 撤销 ends it, 销假 shortens it', async () => {
    const tomorrow = addDays(dayIn(DEFAULT_TIME_ZONE), 1);
    const later = await approvedLeave(`${tomorrow} 08:00:00`, `${addDays(tomorrow, 2)} 18:00:00`);
    const refund = await refundOf(later.billNo);
    const refused = await call(admin, 'POST', '/pay/leaveRefund/calculate', { ids: [refund.id] });
    expect(refused.body.message).toBe(`${refund.billNo} 的请假/停餐尚未结束，结束后再核算`);
    expect((await call(admin, 'POST', '/memb/leave/revoke', { id: later.id })).body.success).toBe(true);
    expect(await refundOf(later.billNo)).toMatchObject({ status: '5' });

    // Back early: the refund runs to the day of return, to be counted again.
    const today = dayIn(DEFAULT_TIME_ZONE);
    const away = await approvedLeave(`${addDays(today, -6)} 08:00:00`, `${addDays(today, -2)} 18:00:00`);
    expect((await call(admin, 'POST', '/memb/leave/back', { id: away.id, backTime: `${addDays(today, -4)} 19:00:00` })).body.success).toBe(true);
    expect(await refundOf(away.billNo)).toMatchObject({ status: '0', dateFrom: addDays(today, -6), dateTo: addDays(today, -4) });
  });
});
