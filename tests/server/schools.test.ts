/**
 * 学校管理 on PGlite and PostgreSQL: the platform creates a school with its first administrator,
 * who sees the school's screens and none of the platform's; renames it and sets its footer lines;
 * freezing it ends its sessions and refuses its sign-ins. Schools cannot reach any of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { apiOf } from '../support/api';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

const school = (values: Record<string, unknown> = {}) => ({
  name: '第二实验小学',
  copyright: 'Copyright © 2026 第二实验小学',
  icp: '苏ICP备12345678号-1',
  adminUsername: 'shiyan2',
  adminRealname: '王老师',
  adminPassword: 'Shiyan-2026',
  ...values,
});

/** The leaf screens of a user's menu, by path. */
async function screensOf(token: string): Promise<string[]> {
  const { menu } = (await get(token, '/sys/permission/getUserPermissionByToken')).body.result as { menu: { path: string; children?: unknown[] }[] };
  const out: string[] = [];
  const walk = (items: { path: string; children?: unknown[] }[]) => items.forEach((item) => (item.children ? walk(item.children as typeof items) : out.push(item.path)));
  walk(menu);
  return out;
}

describe('学校管理', () => {
  let schoolId: number;
  let schoolAdmin: string;

  it('refuses a school without its administrator, or with a weak password, and writes nothing', async () => {
    const before = await t0.db.select().from(t.tenants);
    const refused = await call(admin, 'POST', '/sys/tenant/add', school({ adminPassword: 'short' }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('密码须为8到64位');
    expect((await call(admin, 'POST', '/sys/tenant/add', school({ name: ' ' }))).body.message).toBe('请输入学校名称（name）');
    expect((await call(admin, 'POST', '/sys/tenant/add', school({ adminUsername: 'admin' }))).body.message).toBe('用户账号已存在');
    expect((await call(admin, 'POST', '/sys/tenant/add', school({ id: 0 }))).body.message).toBe('学校编号须为正整数（id）');
    expect(await t0.db.select().from(t.tenants)).toHaveLength(before.length);
    expect(await t0.db.select().from(t.users).where(eq(t.users.username, 'shiyan2'))).toHaveLength(0);
  });

  it('creates a school, its administrator role, its trees and its first administrator in one go', async () => {
    const added = await call(admin, 'POST', '/sys/tenant/add', school());
    expect(added.body.success, added.body.message).toBe(true);
    schoolId = added.body.result.id;
    expect(schoolId).toBeGreaterThan(0);
    // The next free number unless one is chosen; a number or a name taken is refused.
    expect((await call(admin, 'POST', '/sys/tenant/add', school({ name: '另一所', adminUsername: 'other1', id: schoolId }))).body.message).toBe('学校编号已存在');
    expect((await call(admin, 'POST', '/sys/tenant/add', school({ adminUsername: 'other1' }))).body.message).toBe('学校名称已存在');

    const record = (await get(admin, `/sys/tenant/queryById?id=${schoolId}`)).body.result;
    expect(record).toMatchObject({ id: schoolId, name: '第二实验小学', status: 1, icp: '苏ICP备12345678号-1', userCount: 1, createBy: 'admin', beginDate: null, endDate: null });
    const page = (await get(admin, '/sys/tenant/list?name=实验&pageSize=50')).body.result;
    expect(page.records.map((row: { id: number }) => row.id)).toContain(schoolId);
    expect(page.records.every((row: { name: string }) => row.name.includes('实验'))).toBe(true);

    schoolAdmin = await signIn(t0.app, 'shiyan2', 'Shiyan-2026');
    const screens = await screensOf(schoolAdmin);
    expect(screens).toEqual(expect.arrayContaining(['/system/users', '/system/roles', '/members/people', '/meals/canteens']));
    // The platform's own screens are not the school's, nor their area left empty (系统监控).
    expect(screens).not.toContain('/system/schools');
    expect(screens.filter((path) => path.startsWith('/monitor'))).toEqual([]);
    // The school starts empty: its own users only, its own department tree with the school at its root.
    const users = (await get(schoolAdmin, '/sys/user/list?pageSize=50')).body.result.records;
    expect(users.map((user: { username: string }) => user.username)).toEqual(['shiyan2']);
    const departs = (await get(schoolAdmin, '/sys/sysDepart/queryTreeList')).body.result;
    expect(departs.map((depart: { departName: string }) => depart.departName)).toEqual(['第二实验小学']);
    // And its administrator administers: a user of the school is added.
    const clerk = await call(schoolAdmin, 'POST', '/sys/user/add', { username: 'shiyan2_clerk', realname: '李会计', password: 'Clerk-pass1' });
    expect(clerk.body.success, clerk.body.message).toBe(true);
  });

  it('keeps 学校管理 to the platform: a school administrator is refused every route', async () => {
    expect((await get(schoolAdmin, '/sys/tenant/list')).status).toBe(403);
    expect((await get(schoolAdmin, `/sys/tenant/queryById?id=${schoolId}`)).status).toBe(403);
    expect((await call(schoolAdmin, 'POST', '/sys/tenant/add', school({ name: '越权学校', adminUsername: 'sneaky1' }))).status).toBe(403);
    expect((await call(schoolAdmin, 'PUT', '/sys/tenant/edit', { id: schoolId, name: '改名' })).status).toBe(403);
    expect((await call(schoolAdmin, 'POST', '/sys/tenant/freeze', { id: 0 })).status).toBe(403);
    // JeecgBoot's user form lists the schools to give a user: a school sees only itself, the platform all.
    const own = await get(schoolAdmin, '/sys/tenant/queryList');
    expect(own.body).toMatchObject({ success: true, code: 0, result: [{ id: schoolId, name: '第二实验小学', status: 1 }] });
    expect((await get(admin, '/sys/tenant/queryList')).body.result.map((row: { id: number }) => row.id)).toEqual(expect.arrayContaining([0, schoolId]));
    // The rest of that form: no posts, no third-party apps — answered, not a 404.
    expect((await get(schoolAdmin, '/sys/position/list?pageNo=1&pageSize=5')).body).toMatchObject({ success: true, code: 0, result: { records: [], total: 0 } });
    expect((await get(schoolAdmin, '/sys/thirdApp/getEnabledType')).body.result).toEqual({ wechatEnterprise: false, dingtalk: false });
    expect((await get(await signIn(t0.app, 'canteen'), '/sys/tenant/queryList')).status).toBe(403);
    // A platform user without the buttons is refused too.
    const viewer = await roleWithUser(admin, 'school_viewer', ['system:schools']);
    expect((await get(viewer.token, '/sys/tenant/list')).status).toBe(200);
    expect((await call(viewer.token, 'POST', '/sys/tenant/freeze', { id: schoolId })).status).toBe(403);
    expect((await call(viewer.token, 'POST', '/sys/tenant/add', school({ name: '越权学校', adminUsername: 'sneaky2' }))).status).toBe(403);
  });

  it('renames a school and sets its footer lines, which its users see', async () => {
    const edited = await call(admin, 'PUT', '/sys/tenant/edit', { id: schoolId, name: '第二实验小学（东校区）', copyright: 'Copyright © 2026 第二实验小学 东校区', icp: '' });
    expect(edited.body.success, edited.body.message).toBe(true);
    expect((await get(admin, `/sys/tenant/queryById?id=${schoolId}`)).body.result).toMatchObject({ name: '第二实验小学（东校区）', icp: null, copyright: 'Copyright © 2026 第二实验小学 东校区' });
    expect((await call(admin, 'PUT', '/sys/tenant/edit', { id: 99999, name: '无' })).status).toBe(404);
    const login = await t0.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username: 'shiyan2', password: 'Shiyan-2026' }, remoteAddress: '10.251.0.1' });
    expect(login.json().result.userInfo).toMatchObject({ tenantId: schoolId, companyName: '第二实验小学（东校区）', copyright: 'Copyright © 2026 第二实验小学 东校区', icp: null });
  });

  it('freezing a school ends its sessions and refuses its sign-ins until it is unfrozen', async () => {
    expect((await get(schoolAdmin, '/sys/user/list')).status).toBe(200);
    const frozen = await call(admin, 'POST', '/sys/tenant/freeze', { id: schoolId });
    expect(frozen.body.success, frozen.body.message).toBe(true);
    expect((await get(schoolAdmin, '/sys/user/list')).status).toBe(401);
    const refused = await t0.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username: 'shiyan2', password: 'Shiyan-2026' }, remoteAddress: '10.251.0.2' });
    expect(refused.json().success).toBe(false);
    expect((await get(admin, `/sys/tenant/list?status=0`)).body.result.records.map((row: { id: number }) => row.id)).toEqual([schoolId]);
    // The platform keeps its own school: freezing it would lock everyone out.
    expect((await call(admin, 'POST', '/sys/tenant/freeze', { id: 0 })).body.message).toBe('不能冻结平台学校');
    expect((await get(admin, '/sys/user/list')).status).toBe(200);

    // A frozen school is not frozen twice: the flow names its state.
    expect((await call(admin, 'POST', '/sys/tenant/freeze', { id: schoolId })).body.message).toBe('「第二实验小学（东校区）」当前状态为冻结，不能冻结学校');
    expect((await call(admin, 'POST', '/sys/tenant/unfreeze', { id: schoolId })).body.success).toBe(true);
    expect(await signIn(t0.app, 'shiyan2', 'Shiyan-2026')).toBeTruthy();
    const history = (await get(admin, `/sys/recordHistory/list?entity=system.school&id=${schoolId}`)).body.result;
    expect(history.map((entry: { action: string; operator: string }) => [entry.action, entry.operator])).toEqual([
      ['unfreeze', 'admin'],
      ['freeze', 'admin'],
    ]);
  });
});
