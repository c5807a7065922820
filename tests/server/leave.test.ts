/**
 * 请假管理 through its routes, on PGlite and on PostgreSQL: a leave asked for a pupil is numbered,
 * counted in the school's half days and given the pupil's class; it does not overlap another that
 * holds; it is approved or rejected, withdrawn before it begins, or ended early by 销假 — each step
 * from the state it starts from, and each in the leave's history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { apiOf } from '../support/api';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
let pupil: { id: string; className: string };
const { call, get, roleWithUser } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  const [row] = await t0.db
    .select({ id: t.members.id, className: t.memberDepartments.name })
    .from(t.members)
    .innerJoin(t.memberDepartments, eq(t.memberDepartments.id, t.members.deptId))
    // A pupil the seed gave no leave (the seed's lie around today, whatever day the tests run).
    .where(and(eq(t.members.memberStatus, '1'), eq(t.memberDepartments.level, 3), sql`not exists (select 1 from memb_leave l where l.member_id = ${t.members.id})`))
    .limit(1);
  pupil = row!;
});
afterAll(async () => t0?.close());

const ask = (extra: Record<string, unknown> = {}) =>
  call(admin, 'POST', '/memb/leave/add', {
    memberId: pupil.id,
    leaveType: '2',
    startTime: '2026-12-01 08:00:00',
    endTime: '2026-12-02 12:00:00',
    reason: '发烧就医',
    source: '2',
    applicant: '王老师',
    ...extra,
  });

async function leaveOf(billNo: string) {
  const [record] = (await get(admin, `/memb/leave/list?billNo=${billNo}`)).body.result.records;
  return record;
}

describe('请假管理', () => {
  it('numbers a leave, counts its half days on the school’s clock, gives it the pupil’s class, and keeps two that hold from overlapping', async () => {
    const asked = await ask();
    expect(asked.body.success, asked.body.message).toBe(true);
    const [row] = await t0.db.select().from(t.leaves).where(eq(t.leaves.id, asked.body.result.id));
    expect(row!.billNo).toMatch(/^QJ\d{12}$/);
    const record = await leaveOf(row!.billNo);
    expect(record).toMatchObject({ days: 1.5, className: pupil.className, approveStatus: '0', approveStatus_dictText: '待审批', leaveType_dictText: '病假' });
    // The same pupil's afternoon of 2 December is already taken.
    expect((await ask({ startTime: '2026-12-02 10:00:00', endTime: '2026-12-02 17:00:00' })).body.message).toBe(`该人员在此期间已有请假（${row!.billNo}）`);
    expect((await ask({ startTime: '2026-12-05 12:00:00', endTime: '2026-12-05 08:00:00' })).body.message).toBe('结束时间须晚于开始时间');
    expect((await ask({ startTime: '2026-12-06 08:00:00', endTime: '2026-12-06 12:00:00', refundMeal: true })).body.message).toBe('退餐时请选择涉及餐次');
    const withMeals = await ask({ startTime: '2026-12-07 08:00:00', endTime: '2026-12-07 18:00:00', refundMeal: true, mealTypes: '2,3' });
    expect(withMeals.body.success, withMeals.body.message).toBe(true);
    // A rejected request holds nothing: its period may be asked for again.
    const rejected = (await t0.db.select({ id: t.leaves.id }).from(t.leaves).where(eq(t.leaves.id, withMeals.body.result.id)))[0]!.id;
    expect((await call(admin, 'POST', '/memb/leave/reject', { id: rejected })).body.message).toBe('请填写驳回原因（approveOpinion）');
    expect((await call(admin, 'POST', '/memb/leave/reject', { id: rejected, approveOpinion: '请附病历' })).body.message).toBe('已驳回');
    expect((await ask({ startTime: '2026-12-07 08:00:00', endTime: '2026-12-07 12:00:00' })).body.success).toBe(true);
  });

  it('is approved, then fixed; ends early by 销假 within its period; a leave under way is not withdrawn, one waiting is', async () => {
    const asked = await ask({ startTime: '2026-11-20 08:00:00', endTime: '2026-11-21 18:00:00' });
    expect(asked.body.success, asked.body.message).toBe(true);
    const id = asked.body.result.id as string;
    const clerk = await roleWithUser(admin, 'leavereader', ['members:leave']);
    expect((await call(clerk.token, 'POST', '/memb/leave/approve', { id })).status).toBe(403);
    expect((await call(admin, 'POST', '/memb/leave/approve', { id, approveOpinion: '注意休息' })).body.message).toBe('已审批通过');
    const approved = (await get(admin, `/memb/leave/queryById?id=${id}`)).body.result;
    expect(approved).toMatchObject({ approveStatus: '1', approveBy: 'admin', approveOpinion: '注意休息' });
    expect((await call(admin, 'PUT', '/memb/leave/edit', { ...approved, reason: '改' })).body.message).toBe(`「${approved.billNo}」当前状态为已通过，不能编辑`);
    // It began on 20 November: withdrawing it is refused, the return is recorded instead.
    expect((await call(admin, 'POST', '/memb/leave/revoke', { id })).body.message).toBe('该请假已开始，请办理销假');
    expect((await call(admin, 'POST', '/memb/leave/back', { id, backTime: '2026-11-22 08:00:00' })).body.message).toBe('返校时间须在请假期间内');
    expect((await call(admin, 'POST', '/memb/leave/back', { id, backTime: '2026-11-21 12:30:00' })).body.message).toBe('已销假');
    const back = (await get(admin, `/memb/leave/queryById?id=${id}`)).body.result;
    expect(back).toMatchObject({ approveStatus: '4', backTime: '2026-11-21 12:30:00' });
    const history = (await get(admin, `/sys/recordHistory/list?entity=members.leave&id=${id}`)).body.result;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['back', 'approve', 'add']);

    const waiting = await ask({ startTime: '2026-12-20 08:00:00', endTime: '2026-12-20 12:00:00' });
    expect((await call(admin, 'POST', '/memb/leave/revoke', { id: waiting.body.result.id })).body.message).toBe('已撤销');
    expect((await call(admin, 'POST', '/memb/leave/approve', { id: waiting.body.result.id })).body.message).toMatch(/当前状态为已撤销，不能审批通过$/);
  });
});
