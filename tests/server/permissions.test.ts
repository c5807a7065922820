import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem, PermissionResult } from '@shared/types';
import { SCREENS_NOT_BUILT } from '@shared/screens';
import { ALL_AREAS } from '../support/menuAreas';
import { apiOf } from '../support/api';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t: TestApp;
let adminToken: string;
let canteenToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await signIn(t.app, 'admin');
  canteenToken = await signIn(t.app, 'canteen');
});
afterAll(async () => t?.close());

async function permissionsOf(token: string): Promise<PermissionResult> {
  const response = await t.app.inject({ method: 'GET', url: `${BASE}/sys/permission/getUserPermissionByToken`, headers: { 'X-Access-Token': token } });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toMatchObject({ success: true, code: 200 });
  return body.result as PermissionResult;
}

const { get } = apiOf(() => t);
const titles = (menu: MenuItem[]) => menu.map((item) => item.meta.title);
const walk = (menu: MenuItem[]): MenuItem[] => menu.flatMap((item) => [item, ...walk(item.children ?? [])]);

describe('GET /sys/permission/getUserPermissionByToken', () => {
  it('gives the admin every area of the product, home first, in the contract shape', async () => {
    const { menu, auth, allAuth } = await permissionsOf(adminToken);
    expect(titles(menu)).toEqual([...ALL_AREAS]);
    const home = menu[0]!;
    expect(home).toMatchObject({ route: '1', path: '/dashboard/analysis', name: 'dashboard-analysis', component: 'dashboard/Analysis', redirect: null });
    expect(home.meta).toMatchObject({ title: '首页', titleEn: 'Home', icon: 'house', keepAlive: true, internalOrExternal: false, componentName: 'Analysis' });

    const system = menu.find((item) => item.meta.title === '系统管理')!;
    expect(system.component).toBe('layouts/RouteView');
    const users = system.children!.find((item) => item.path === '/system/users')!;
    expect(users).toMatchObject({ name: 'system-users', component: 'system/UserList', meta: { title: '用户管理', titleEn: 'Users' } });
    expect(users).not.toHaveProperty('redirect');
    expect(users).not.toHaveProperty('hidden');
    expect(users.meta.permissionList?.map((entry) => entry.action)).toContain('user:add');
    // Screens carry JeecgBoot's component names where it has the screen, so its own client opens them.
    const components = Object.fromEntries(walk(menu).map((item) => [item.meta.title, item.component]));
    expect(components).toMatchObject({
      对象存储: 'modules/oss/OSSFileList',
      个人中心: 'account/center/Index',
      个人设置: 'account/settings/Index',
      学校管理: 'system/TenantList',
      数据字典: 'system/DictList',
      磁盘监控: 'modules/monitor/DiskMonitoring',
      运行时信息: 'modules/monitor/JvmInfo',
      数据库监控: 'modules/monitor/RedisInfo',
      服务器信息: 'modules/monitor/TomcatInfo',
    });
    // JeecgBoot's avatar menu links to 账户设置 by the route name of its own menu's hidden child.
    const settings = walk(menu).filter((item) => item.component === 'account/settings/Index');
    expect(settings.map((item) => [item.name, item.path, item.hidden ?? false])).toEqual([
      ['account-settings', '/account/settings', false],
      ['account-settings-base', '/account/settings/base', true],
    ]);

    // Every built screen of ../shared/MENU.md is there, and none still to come: 105 screens (17 + 1 + 4
    // + 5 + 9 + 9 + 3 + 1 + 4 + 1 + 2 + 2 + 10 + 10 + 6 + 2 + 17 leaves + home, and 学校管理, which
    // issue 15 adds), 11 of them not built yet (94 built).
    // Beside them, each report published from Online 报表 and each form from Online 表单 (the sample school's office published one of each).
    const published = walk(menu).filter((item) => item.component === 'online/OnlineReportScreen' || item.component === 'online/OnlineFormScreen');
    expect(new Set(published.map((item) => item.component)).size).toBe(2);
    const leaves = walk(menu).filter((item) => !item.children && !item.hidden && !published.includes(item));
    expect(leaves).toHaveLength(105 - SCREENS_NOT_BUILT.size);
    expect(SCREENS_NOT_BUILT.size).toBe(0);
    expect(new Set(leaves.map((item) => item.path)).size).toBe(leaves.length);
    expect(leaves.filter((item) => SCREENS_NOT_BUILT.has(item.component))).toEqual([]);
    // 菜单管理 still lists them all: an administrator grants a screen before it ships.
    const managed = (await get(adminToken, '/sys/permission/list')).body.result as { component: string | null; children?: unknown[] }[];
    const flat = (rows: { component: string | null; children?: unknown[] }[]): { component: string | null }[] => rows.flatMap((row) => [row, ...flat((row.children ?? []) as typeof rows)]);
    expect(flat(managed).filter((row) => row.component === 'supply/SupplierList')).toHaveLength(1);

    expect(auth).toContainEqual({ action: 'user:add', type: '1', describe: '添加用户' });
    expect(allAuth).toContainEqual({ action: 'user:add', status: '1', type: '1', describe: '添加用户' });
    expect(auth.length).toBe(allAuth.length);
  });

  it('lists the codes each user holds, for the palette', async () => {
    const admin = await permissionsOf(adminToken);
    expect(admin.codes).toEqual(expect.arrayContaining(['system:permissions', 'system:users', 'user:add', 'meals:canteens']));
    const canteen = await permissionsOf(canteenToken);
    expect(canteen.codes).toEqual(expect.arrayContaining(['meals:canteens', 'canteen:add', 'dashboard:analysis']));
    expect(canteen.codes).not.toContain('system:permissions');
  });

  it('gives the canteen administrator home, the storeroom and the ordering area only, and no admin buttons', async () => {
    const { menu, auth, allAuth } = await permissionsOf(canteenToken);
    expect(titles(menu)).toEqual(['首页', '食材供应', '订餐管理']);
    expect(titles(menu[1]!.children!)).toEqual(['供应商管理', '食材库存', '采购管理', '出库管理', '退货管理']);
    expect(titles(menu[2]!.children!)).toEqual(['食堂管理', '档口管理', '餐桌管理', '套餐管理', '菜品分类', '自助餐规则', '白名单', '餐次配置', '退款合并']);
    const actions = auth.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['canteen:add', 'canteen:edit', 'canteen:delete']));
    expect(actions.some((action) => action.startsWith('user:') || action.startsWith('role:'))).toBe(false);
    // allAuth still lists every button of the system, for the disabled-button rule.
    expect(allAuth.map((entry) => entry.action)).toContain('user:add');
  });
});

describe('the permission guard', () => {
  it('lets the admin read the permission tree', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${BASE}/sys/permission/list`, headers: { 'X-Access-Token': adminToken } });
    expect(response.statusCode).toBe(200);
    const tree = response.json().result;
    const system = tree.find((node: { name: string }) => node.name === '系统管理');
    expect(system).toMatchObject({ key: system.id, title: '系统管理', leaf: false, isLeaf: false, menuType: 0 });
    const users = system.children.find((node: { url: string }) => node.url === '/system/users');
    expect(users.children.map((node: { perms: string }) => node.perms)).toContain('user:add');
    expect(users.children[0]).toMatchObject({ menuType: 2, leaf: true, children: null });
  });

  it('answers 403 to the canteen administrator on an admin-only route', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${BASE}/sys/permission/list`, headers: { 'X-Access-Token': canteenToken } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 403, message: '没有权限，请联系管理员授权', result: null });
  });
});

describe('departments and dictionaries', () => {
  it('lists the current user departments with the current orgCode', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${BASE}/sys/user/getCurrentUserDeparts`, headers: { 'X-Access-Token': adminToken } });
    expect(response.json().result).toMatchObject({ orgCode: 'A01', list: [{ departName: '示例学校' }, { departName: '信息中心' }] });
  });

  it('switches department with PUT or POST and refuses one the user is not in', async () => {
    const headers = { 'X-Access-Token': adminToken };
    const put = await t.app.inject({ method: 'PUT', url: `${BASE}/sys/selectDepart`, headers, payload: { orgCode: 'A01A04', username: 'admin' } });
    expect(put.statusCode).toBe(200);
    expect(put.json().result.userInfo.orgCode).toBe('A01A04');
    const post = await t.app.inject({ method: 'POST', url: `${BASE}/sys/selectDepart`, headers, payload: { orgCode: 'A01' } });
    expect(post.json().result.userInfo.orgCode).toBe('A01');
    const foreign = await t.app.inject({ method: 'PUT', url: `${BASE}/sys/selectDepart`, headers, payload: { orgCode: 'A01A02A01' } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain('orgCode');
    const missing = await t.app.inject({ method: 'PUT', url: `${BASE}/sys/selectDepart`, headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('请选择部门（orgCode）');
  });

  it('serves one dictionary and all of them', async () => {
    const headers = { 'X-Access-Token': canteenToken };
    const one = await t.app.inject({ method: 'GET', url: `${BASE}/sys/dict/getDictItems/user_status`, headers });
    expect(one.json().result).toEqual([
      { value: '1', text: '正常', title: '正常', color: '#52c41a' },
      { value: '2', text: '冻结', title: '冻结', color: '#f5222d' },
    ]);
    // An unknown code is an empty list, as the JeecgBoot family answers.
    const unknown = await t.app.inject({ method: 'GET', url: `${BASE}/sys/dict/getDictItems/no_such_dict`, headers });
    expect(unknown.json()).toMatchObject({ success: true, result: [] });
    const bad = await t.app.inject({ method: 'GET', url: `${BASE}/sys/dict/getDictItems/${encodeURIComponent("x' or 1=1")}`, headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('字典Code格式不正确！');
    const all = await t.app.inject({ method: 'GET', url: `${BASE}/sys/dict/queryAllDictItems`, headers });
    expect(Object.keys(all.json().result)).toEqual(expect.arrayContaining(['sex', 'priority', 'menu_type', 'meal_type']));
  });

  it('serves the zh-CN label overrides without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${BASE}/home/info/i18n` });
    expect(response.json()).toMatchObject({ success: true, result: { workNo: '学号' } });
  });

  it('counts sign-ins for the home page', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${BASE}/sys/loginfo`, headers: { 'X-Access-Token': adminToken } });
    const result = response.json().result;
    expect(result.totalVisitCount).toBeGreaterThanOrEqual(2);
    expect(result.todayVisitCount).toBeGreaterThanOrEqual(2);
    expect(result.todayIp).toBeGreaterThanOrEqual(1);
    const days = await t.app.inject({ method: 'GET', url: `${BASE}/sys/visitInfo`, headers: { 'X-Access-Token': adminToken } });
    const week = days.json().result as { tian: string; visit: number; ip: number; type: string }[];
    // Seven consecutive days ending today, quiet days as zeros.
    expect(week).toHaveLength(7);
    expect(week.at(-1)).toMatchObject({ visit: expect.any(Number), ip: expect.any(Number), type: expect.stringMatching(/^\d\d-\d\d$/) });
    expect(week.at(-1)!.visit).toBeGreaterThanOrEqual(2);
    expect(week.slice(0, 6).every((day) => day.visit === 0)).toBe(true);
    expect(new Set(week.map((day) => day.tian)).size).toBe(7);
  });

  it("counts only the caller's own school", async () => {
    const counts = async (token: string) => {
      const info = (await t.app.inject({ method: 'GET', url: `${BASE}/sys/loginfo`, headers: { 'X-Access-Token': token } })).json().result;
      const days = (await t.app.inject({ method: 'GET', url: `${BASE}/sys/visitInfo`, headers: { 'X-Access-Token': token } })).json().result as { visit: number }[];
      return { total: info.totalVisitCount as number, week: days.reduce((sum, day) => sum + day.visit, 0) };
    };
    const before = await counts(adminToken);
    const other = await apiOf(() => t).secondSchool(12, 'school12');
    await signIn(t.app, 'school12', 'School2-pass');
    // Two sign-ins of school 12: its own counts, not school 0's.
    expect(await counts(other.token)).toEqual({ total: 2, week: 2 });
    expect(await counts(adminToken)).toEqual(before);
  });
});
