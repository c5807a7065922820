/**
 * 访客管理 through its routes, on PGlite and on PostgreSQL: a visit registered, reviewed, checked in
 * with a temporary card, checked out; each step only from the state it starts from, the
 * registration fixed once the visitor arrived, and the operations behind their own buttons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { apiOf } from '../support/api';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

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
    expect((await call(admin, 'POST', '/memb/visitor/checkIn', { id, tempCardNo: '99001234' })).body.message).toBe('只有审核通过的访客可以签到');
    expect((await call(admin, 'POST', '/memb/visitor/review', { id, decision: 'approve' })).body.message).toBe('审核通过');
    expect((await call(admin, 'POST', '/memb/visitor/review', { id, decision: 'approve' })).body.message).toBe('该访客已审核');
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
    expect((await call(admin, 'POST', '/memb/visitor/cancel', { id })).body.message).toBe('只能取消尚未到访的预约');
    expect((await call(admin, 'POST', '/memb/visitor/checkOut', { id })).body.message).toBe('签离成功！');
    expect((await statusOf(id)).visitStatus).toBe('4');
    expect((await statusOf(id)).leftAt).toBeInstanceOf(Date);
    expect((await call(admin, 'POST', '/memb/visitor/checkOut', { id })).body.message).toBe('该访客未在校内');
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
});
