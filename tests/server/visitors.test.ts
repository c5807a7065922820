/**
 * 访客管理 through its routes, on PGlite and on PostgreSQL: a visit registered, reviewed, checked in
 * with a temporary card, checked out; each step only from the state it starts from, the
 * registration fixed once the visitor arrived, and the operations behind their own buttons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { and, eq } from 'drizzle-orm';
import { expireVisits } from '@server/modules/members/visitors';
import * as t from '@server/db/schema';
import { apiOf } from '../support/api';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser, secondSchool } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

async function register(extra: Record<string, unknown> = {}): Promise<string> {
  const [host] = await t0.db.select({ id: t.members.id }).from(t.members).where(eq(t.members.memberNo, 'T01001'));
  const added = await call(admin, 'POST', '/memb/visitor/add', {
    visitorName: '测试访客',
    mobile: '13800138000',
    visitReason: '1',
    hostMemberId: host!.id,
    visitTime: '2026-12-01 09:00:00',
    expectedLeaveTime: '2026-12-01 11:00:00',
    registerMode: '1',
    passType: '2',
    ...extra,
  });
  expect(added.body.success, added.body.message).toBe(true);
  const [row] = await t0.db
    .select({ id: t.visitors.id })
    .from(t.visitors)
    .where(and(eq(t.visitors.visitorName, String(extra.visitorName ?? '测试访客')), eq(t.visitors.visitStatus, '0')));
  return row!.id;
}

const statusOf = async (id: string) => (await t0.db.select().from(t.visitors).where(eq(t.visitors.id, id)))[0]!;

describe('访客管理', () => {
  it('lists the seed’s visits with their status', async () => {
    const list = (await get(admin, '/memb/visitor/list?pageSize=50')).body.result;
    expect(list.total).toBeGreaterThanOrEqual(11);
    expect(list.records.map((row: { visitStatus_dictText: string }) => row.visitStatus_dictText)).toEqual(expect.arrayContaining(['待审核', '已到访', '已离开', '已拒绝', '已取消']));
  });

  it('moves a visit from registration to departure, one step at a time', async () => {
    const id = await register({ visitorName: '王五' });
    expect((await call(admin, 'POST', '/memb/visitor/checkIn', { id, tempCardNo: '99001234' })).body.message).toBe('「王五」当前状态为待审核，不能签到');
    expect((await call(admin, 'POST', '/memb/visitor/review', { id, decision: 'approve' })).body.message).toBe('审核通过');
    expect((await call(admin, 'POST', '/memb/visitor/review', { id, decision: 'approve' })).body.message).toBe('「王五」当前状态为已通过，不能审核');
    expect((await call(admin, 'POST', '/memb/visitor/checkIn', { id })).body.message).toBe('请刷临时卡或输入临时卡号（4到20位数字）');
    expect((await call(admin, 'POST', '/memb/visitor/checkIn', { id, tempCardNo: '99001234' })).body.message).toBe('签到成功！');
    expect(await statusOf(id)).toMatchObject({ visitStatus: '3', tempCardNo: '99001234', checkBy: 'admin' });
    // Once in, the registration stays as it was.
    const edit = await call(admin, 'PUT', '/memb/visitor/edit', {
      id,
      visitorName: '王五',
      mobile: '13800138001',
      visitReason: '1',
      hostMemberId: (await statusOf(id)).hostMemberId,
      visitTime: '2026-12-01 09:00:00',
      registerMode: '1',
      passType: '2',
    });
    expect(edit.body.message).toBe('该访客已到访或已结束，不能修改登记信息');
    expect((await call(admin, 'POST', '/memb/visitor/cancel', { id })).body.message).toBe('「王五」当前状态为已到访，不能取消来访');
    expect((await call(admin, 'POST', '/memb/visitor/checkOut', { id })).body.message).toBe('签离成功！');
    expect((await statusOf(id)).visitStatus).toBe('4');
    expect((await statusOf(id)).leftAt).toBeInstanceOf(Date);
    expect((await call(admin, 'POST', '/memb/visitor/checkOut', { id })).body.message).toBe('「王五」当前状态为已离开，不能签离');

    // Its history, newest first: each step with who, the states it moved between and what was given;
    // the refused edit and steps left no trace.
    const history = (await get(admin, `/sys/recordHistory/list?entity=members.visitor&id=${id}`)).body.result;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['checkOut', 'checkIn', 'review', 'add']);
    expect(history[0]).toMatchObject({ actionText: '签离', operator: 'admin', from: [{ field: 'visitStatus', text: '已到访' }], to: [{ field: 'visitStatus', text: '已离开' }] });
    expect(history[1].inputs).toEqual([{ field: 'tempCardNo', title: '临时卡号', text: '99001234' }]);
    expect(history[2].inputs).toEqual(expect.arrayContaining([{ field: 'decision', title: '审核结果', text: '通过' }]));
    expect(history[3].changes).toEqual(expect.arrayContaining([{ field: 'visitorName', title: '访客姓名', before: null, after: '王五' }]));
    // In English, in English words.
    const english = await t0.app.inject({ method: 'GET', url: `${BASE}/sys/recordHistory/list?entity=members.visitor&id=${id}`, headers: { 'X-Access-Token': admin, 'Accept-Language': 'en' } });
    expect(english.json().result[0]).toMatchObject({ actionText: 'Check out', to: [{ title: 'Status', text: 'Left' }] });
    // The history is append-only: the database itself refuses to rewrite it.
    const refused = await t0.db
      .update(t.recordHistory)
      .set({ operator: 'someone' })
      .where(eq(t.recordHistory.recordId, id))
      .then(
        () => 'changed',
        (error: Error & { cause?: unknown }) => String(error.cause ?? error),
      );
    expect(refused).toMatch(/never updated or deleted/);
  });

  it('keeps each record’s history to those who may read its screen, and to its school', async () => {
    const id = await register({ visitorName: '历史访客' });
    const reader = await roleWithUser(admin, 'historyreader', ['members:people']);
    expect((await get(reader.token, `/sys/recordHistory/list?entity=members.visitor&id=${id}`)).status).toBe(403);
    expect((await get(admin, `/sys/recordHistory/list?entity=members.nothing&id=${id}`)).status).toBe(400);
    const other = (await secondSchool(38, 'school38')).token;
    expect((await get(other, `/sys/recordHistory/list?entity=members.visitor&id=${id}`)).body.result).toEqual([]);
  });

  it('refuses with a reason, cancels a booking, and checks the expected times', async () => {
    const refused = await register({ visitorName: '赵六' });
    expect((await call(admin, 'POST', '/memb/visitor/review', { id: refused, decision: 'reject' })).body.message).toBe('拒绝时请填写审核意见');
    expect((await call(admin, 'POST', '/memb/visitor/review', { id: refused, decision: 'reject', remark: '被访人不在校' })).body.message).toBe('已拒绝来访');
    expect(await statusOf(refused)).toMatchObject({ visitStatus: '2', checkRemark: '被访人不在校' });
    const booked = await register({ visitorName: '孙七', passType: '1' });
    await call(admin, 'POST', '/memb/visitor/review', { id: booked, decision: 'approve' });
    expect((await call(admin, 'POST', '/memb/visitor/cancel', { id: booked })).body.message).toBe('已取消来访');
    expect((await statusOf(booked)).visitStatus).toBe('6');
    const [host] = await t0.db.select({ id: t.members.id }).from(t.members).where(eq(t.members.memberNo, 'T01001'));
    const backwards = await call(admin, 'POST', '/memb/visitor/add', {
      visitorName: '倒序',
      mobile: '13800138002',
      visitReason: '1',
      hostMemberId: host!.id,
      visitTime: '2026-12-01 09:00:00',
      expectedLeaveTime: '2026-12-01 08:00:00',
      registerMode: '2',
      passType: '2',
    });
    expect(backwards.body.message).toMatch(/预计离开时间应晚于预约来访时间/);
  });

  it('needs each operation’s button, and keeps other schools out', async () => {
    const id = await register({ visitorName: '周八' });
    const guard = await roleWithUser(admin, 'gateguard', ['members:guests', 'visitor:checkIn']);
    expect((await call(guard.token, 'POST', '/memb/visitor/review', { id, decision: 'approve' })).status).toBe(403);
    const other = (await secondSchool(35, 'school35')).token;
    expect((await call(other, 'POST', '/memb/visitor/review', { id, decision: 'approve' })).status).toBe(404);
    expect((await statusOf(id)).visitStatus).toBe('0');
  });

  it('拉黑 blocks the person: their waiting visit is refused, a new registration and an approval are refused, and 解除拉黑 lifts it', async () => {
    const id = await register({ visitorName: '拉黑对象', mobile: '13911112222', idNo: '110101199001011234' });
    expect((await call(admin, 'POST', '/memb/visitor/block', { id, reason: '' })).status).toBe(400);
    expect((await call(admin, 'POST', '/memb/visitor/block', { id, reason: '冒用他人身份' })).body.message).toBe('已拉黑');
    expect(await statusOf(id)).toMatchObject({ visitStatus: '2', checkRemark: '已拉黑：冒用他人身份' });
    expect((await call(admin, 'POST', '/memb/visitor/block', { id, reason: '再次' })).body.message).toBe('该访客已在黑名单中');
    const listed = (await get(admin, '/memb/visitorBlock/list?mobile=13911112222')).body.result.records;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ visitorName: '拉黑对象', reason: '冒用他人身份', createBy: 'admin' });
    // The same mobile, or the same ID number under another mobile, cannot be registered.
    const [host] = await t0.db.select({ id: t.members.id }).from(t.members).where(eq(t.members.memberNo, 'T01001'));
    const again = { visitorName: '换个名字', mobile: '13911112222', visitReason: '1', hostMemberId: host!.id, visitTime: '2026-12-02 09:00:00', registerMode: '2', passType: '1' };
    expect((await call(admin, 'POST', '/memb/visitor/add', again)).body.message).toBe('该访客已被列入黑名单，不能登记');
    expect((await call(admin, 'POST', '/memb/visitor/add', { ...again, mobile: '13911113333', idNo: '110101199001011234' })).body.message).toBe('该访客已被列入黑名单，不能登记');
    // A visit registered before the block cannot be let in either.
    const earlier = await register({ visitorName: '先登记', mobile: '13922223333' });
    await call(admin, 'POST', '/memb/visitor/block', { id: earlier, reason: '多次违规' });
    await t0.db.update(t.visitors).set({ visitStatus: '0' }).where(eq(t.visitors.id, earlier));
    expect((await call(admin, 'POST', '/memb/visitor/review', { id: earlier, decision: 'approve' })).body.message).toBe('该访客已被列入黑名单，不能通过');
    // Lifted by someone who may; a reader may not.
    const reader = await roleWithUser(admin, 'gatereader', ['members:guests']);
    expect((await call(reader.token, 'POST', '/memb/visitor/unblock', { id: listed[0].id })).status).toBe(403);
    expect((await call(reader.token, 'POST', '/memb/visitor/block', { id: earlier, reason: 'x' })).status).toBe(403);
    expect((await call(admin, 'POST', '/memb/visitor/unblock', { id: listed[0].id })).body.message).toBe('已解除拉黑');
    expect((await call(admin, 'POST', '/memb/visitor/unblock', { id: listed[0].id })).status).toBe(404);
    expect((await call(admin, 'POST', '/memb/visitor/add', again)).body.success).toBe(true);
    const other = (await secondSchool(36, 'school36')).token;
    expect((await call(other, 'POST', '/memb/visitor/block', { id: earlier, reason: 'x' })).status).toBe(404);
  });

  it('已过期: a booking not checked in by the end of its day expires; a visit under way or of today does not', async () => {
    const past = await register({ visitorName: '过期预约', visitTime: '2026-01-05 09:00:00', expectedLeaveTime: null });
    const pastApproved = await register({ visitorName: '过期已通过', visitTime: '2026-01-06 09:00:00', expectedLeaveTime: null });
    await call(admin, 'POST', '/memb/visitor/review', { id: pastApproved, decision: 'approve' });
    const arrived = await register({ visitorName: '在校访客', visitTime: '2026-01-06 10:00:00', expectedLeaveTime: null });
    await call(admin, 'POST', '/memb/visitor/review', { id: arrived, decision: 'approve' });
    await call(admin, 'POST', '/memb/visitor/checkIn', { id: arrived, tempCardNo: '900001' });
    // Five past midnight of the school's today (Beijing), whatever the hour and zone the tests run in.
    const today = await register({ visitorName: '今日预约', visitTime: `${dayIn(DEFAULT_TIME_ZONE)} 00:05:00`, expectedLeaveTime: null });
    expect(await expireVisits(t0.db)).toBeGreaterThanOrEqual(2);
    expect((await statusOf(past)).visitStatus).toBe('5');
    expect((await statusOf(pastApproved)).visitStatus).toBe('5');
    expect((await statusOf(arrived)).visitStatus).toBe('3');
    expect((await statusOf(today)).visitStatus).toBe('0');
    expect((await call(admin, 'POST', '/memb/visitor/checkIn', { id: pastApproved, tempCardNo: '900002' })).body.message).toMatch(/当前状态为已过期，不能签到$/);
    expect(await expireVisits(t0.db)).toBe(0);
  });
});
