import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { hashPassword } from '@server/modules/auth/passwords';
import { apiOf, type Method } from '../support/api';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
let canteen: string;

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  canteen = await signIn(t0.app, 'canteen');
});
afterAll(async () => t0?.close());

const { call, get, permissionIds, parentAreaOf, roleWithUser: roleAs } = apiOf(() => t0);
/** Creates, as admin, a role with exactly these permission codes and a user holding it. */
const roleWithUser = (name: string, codes: string[]) => roleAs(admin, name, codes);

async function departIdByCode(orgCode: string): Promise<string> {
  const [row] = await t0.db.select().from(t.departments).where(eq(t.departments.orgCode, orgCode));
  return row!.id;
}

describe('users', () => {
  it('adds, lists, reads, edits and deletes a user with roles and departments', async () => {
    const roles = await get(admin, '/sys/role/queryall');
    const canteenRole = roles.body.result.find((role: { roleCode: string }) => role.roleCode === 'canteen_admin');
    const logistics = await departIdByCode('A01A02');
    const added = await call(admin, 'POST', '/sys/user/add', {
      username: 'zhang.san',
      realname: '张三',
      password: 'Zhang3-pass',
      phone: '13800138000',
      email: 'zhangsan@school.cn',
      sex: 1,
      selectedroles: `${canteenRole.id},`,
      selecteddeparts: logistics,
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ success: true, message: '添加成功！' });
    const id = added.body.result.id;

    const list = await get(admin, '/sys/user/list?username=*zhang*&pageNo=1&pageSize=10');
    expect(list.body.result.total).toBe(1);
    expect(list.body.result.records[0]).toMatchObject({
      id,
      username: 'zhang.san',
      realname: '张三',
      phone: '13800138000',
      sex_dictText: '男',
      status: 1,
      status_dictText: '正常',
      orgCodeTxt: '后勤处',
      orgCode: 'A01A02',
    });
    expect(list.body.result.records[0]).not.toHaveProperty('passwordHash');

    const byDepart = await get(admin, `/sys/user/queryUserByDepId?id=${logistics}`);
    expect(byDepart.body.result.map((u: { username: string }) => u.username)).toEqual(['zhang.san']);
    expect((await get(admin, `/sys/user/queryUserRole?userid=${id}`)).body.result).toEqual([canteenRole.id]);
    expect((await get(admin, `/sys/user/userDepartList?userId=${id}`)).body.result).toEqual([{ key: logistics, value: logistics, title: '后勤处', children: [] }]);

    const itCentre = await departIdByCode('A01A04');
    const edited = await call(admin, 'PUT', '/sys/user/edit', { id, realname: '张三丰', selectedroles: '', selecteddeparts: itCentre });
    expect(edited.body).toMatchObject({ success: true, message: '修改成功!' });
    const read = await get(admin, `/sys/user/queryById?id=${id}`);
    expect(read.body.result).toMatchObject({ realname: '张三丰', orgCodeTxt: '信息中心', orgCode: 'A01A04', selectedroles: '' });
    expect((await get(admin, `/sys/user/queryUserRole?userid=${id}`)).body).toMatchObject({ success: false, message: '未找到用户相关角色信息' });

    const removed = await call(admin, 'DELETE', `/sys/user/delete?id=${id}`);
    expect(removed.body).toMatchObject({ success: true });
    expect((await get(admin, '/sys/user/list?username=zhang')).body.result.total).toBe(0);
  });

  it('checks usernames live: free, taken, and the user being edited', async () => {
    expect((await get(admin, '/sys/user/checkOnlyUser?username=nobody')).body).toMatchObject({ success: true });
    expect((await get(admin, '/sys/user/checkOnlyUser?username=canteen')).body).toMatchObject({ success: false, message: '用户账号已存在' });
    const [self] = await t0.db.select().from(t.users).where(eq(t.users.username, 'canteen'));
    expect((await get(admin, `/sys/user/checkOnlyUser?username=canteen&id=${self!.id}`)).body).toMatchObject({ success: true });
  });

  it('freezes and unfreezes: a frozen user is signed out and cannot sign in', async () => {
    const { userId, token, username } = await roleWithUser('freezer', ['system:users']);
    const frozen = await call(admin, 'PUT', '/sys/user/frozenBatch', { ids: userId, status: 2 });
    expect(frozen.body).toMatchObject({ success: true, message: '操作成功!' });
    expect((await get(token, '/sys/user/list')).status).toBe(401);
    const login = await t0.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username, password: 'Clerk-Pass-61' } });
    expect(login.json()).toMatchObject({ success: false, code: 500, message: '该用户已冻结' });
    await call(admin, 'PUT', '/sys/user/frozenBatch', { ids: `${userId},`, status: 1 });
    expect(await signIn(t0.app, username, 'Clerk-Pass-61')).toBeTruthy();
  });

  it('an administrator resets a password; the user signs in with the new one', async () => {
    const { username, token } = await roleWithUser('resetme', ['system:users']);
    const mismatch = await call(admin, 'PUT', '/sys/user/changePassword', { username, password: 'NewPass-22', confirmpassword: 'Other-22x' });
    expect(mismatch).toMatchObject({ status: 400, body: { success: false, message: '两次输入的密码不一样！（confirmpassword）' } });
    const unknown = await call(admin, 'PUT', '/sys/user/changePassword', { username: 'ghost', password: 'NewPass-22', confirmpassword: 'NewPass-22' });
    expect(unknown.body.message).toBe('用户不存在！');
    const done = await call(admin, 'PUT', '/sys/user/changePassword', { username, password: 'NewPass-22', confirmpassword: 'NewPass-22' });
    expect(done.body).toMatchObject({ success: true, message: '密码修改成功!' });
    expect((await get(token, '/sys/user/list')).status).toBe(401);
    expect(await signIn(t0.app, username, 'NewPass-22')).toBeTruthy();
  });

  it('a user changes their own password with the spec messages; the session ends', async () => {
    const { username, token } = await roleWithUser('selfpw', []);
    const url = '/sys/user/updatePassword';
    expect((await call(token, 'PUT', url, { username, password: 'x', confirmpassword: 'x' })).body.message).toBe('请输入旧密码!（oldpassword）');
    expect((await call(token, 'PUT', url, { username, oldpassword: 'Clerk-Pass-61', confirmpassword: 'x' })).body.message).toBe('请输入新密码!（password）');
    expect((await call(token, 'PUT', url, { username, oldpassword: 'Clerk-Pass-61', password: 'Better-pass9' })).body.message).toBe('请确认新密码!（confirmpassword）');
    expect((await call(token, 'PUT', url, { username, oldpassword: 'Clerk-Pass-61', password: 'Better-pass9', confirmpassword: 'Better-pass8' })).body.message).toBe(
      '两次输入的密码不一样！（confirmpassword）',
    );
    expect((await call(token, 'PUT', url, { oldpassword: 'Clerk-Pass-61', password: 'Better-pass9', confirmpassword: 'Better-pass9' })).body.message).toBe('当前系统无登录用户!（username）');
    expect((await call(token, 'PUT', url, { username: 'admin', oldpassword: 'Clerk-Pass-61', password: 'Better-pass9', confirmpassword: 'Better-pass9' })).body.message).toBe('只允许修改自己的密码！');
    expect((await call(token, 'PUT', url, { username, oldpassword: 'wrong-1', password: 'Better-pass9', confirmpassword: 'Better-pass9' })).body.message).toBe('旧密码输入错误!');
    const done = await call(token, 'POST', url, { username, oldpassword: 'Clerk-Pass-61', password: 'Better-pass9', confirmpassword: 'Better-pass9' });
    expect(done.body).toMatchObject({ success: true, message: '密码重置成功!' });
    expect((await get(token, '/sys/user/getCurrentUserDeparts')).status).toBe(401);
    expect(await signIn(t0.app, username, 'Better-pass9')).toBeTruthy();
  });
});

describe('bad input: 400, a clear message, nothing half-written', () => {
  it('refuses grants to a role or department that does not exist', async () => {
    const [menu] = await permissionIds('system:users');
    expect(await call(admin, 'POST', '/sys/permission/saveRolePermission', { roleId: 'no-such-role', permissionIds: menu, lastpermissionIds: '' })).toMatchObject({
      status: 400,
      body: { message: '角色不存在（roleId）' },
    });
    expect(await call(admin, 'POST', '/sys/permission/saveDepartPermission', { departId: 'no-such-depart', permissionIds: menu, lastpermissionIds: '' })).toMatchObject({
      status: 400,
      body: { message: '部门不存在（departId）' },
    });
    expect(await call(admin, 'POST', '/sys/sysDepartRole/add', { departId: 'no-such-depart', roleName: '无', roleCode: 'none' })).toMatchObject({
      status: 400,
      body: { message: '部门不存在（departId）' },
    });
    expect(await call(admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: 'no-such-role', permissionIds: menu, lastpermissionIds: '' })).toMatchObject({
      status: 400,
      body: { message: '部门角色不存在（roleId）' },
    });
  });

  const countUsers = async () => (await t0.db.select().from(t.users)).length;

  it.each([
    ['a duplicate username', { username: 'admin', realname: '重复', password: 'Clerk-Pass-61' }, '用户账号已存在'],
    ['a missing name', { username: 'noname', password: 'Clerk-Pass-61' }, '请输入用户名称（realname）'],
    ['a missing username', { realname: '无账号', password: 'Clerk-Pass-61' }, '请输入用户账号（username）'],
    ['a weak password', { username: 'weak', realname: '弱', password: 'abc' }, '密码须为8到64位，且包含大写字母、小写字母、数字、符号中的至少三种（password）'],
    ['a password of one kind and a digit', { username: 'weak', realname: '弱', password: 'aaaaaaa1' }, '密码须为8到64位，且包含大写字母、小写字母、数字、符号中的至少三种（password）'],
    ['a password holding the account name', { username: 'weakling', realname: '弱', password: 'Weakling-2026' }, '密码不能包含用户账号（password）'],
    ['a bad mobile number', { username: 'badphone', realname: '号', password: 'Clerk-Pass-61', phone: '12345' }, '请输入正确的手机号码（phone）'],
    ['a role that does not exist', { username: 'norole', realname: '无角色', password: 'Clerk-Pass-61', selectedroles: 'nope' }, '所选角色不存在（selectedroles）'],
    ['a department that does not exist', { username: 'nodept', realname: '无部门', password: 'Clerk-Pass-61', selecteddeparts: 'nope' }, '所选部门不存在（selecteddeparts）'],
  ])('refuses %s', async (_name, payload, message) => {
    const before = await countUsers();
    const response = await call(admin, 'POST', '/sys/user/add', payload);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 400, message });
    expect(await countUsers()).toBe(before);
  });

  it('refuses deleting yourself and the last administrator', async () => {
    const [me] = await t0.db.select().from(t.users).where(eq(t.users.username, 'admin'));
    expect(await call(admin, 'DELETE', `/sys/user/delete?id=${me!.id}`)).toMatchObject({ status: 400, body: { message: '不能删除当前登录用户' } });
    // Only an administrator reaches an administrator; the last one cannot drop their own role.
    const deleter = await roleWithUser('deleter', ['system:users', 'user:delete', 'user:freeze', 'user:edit']);
    const above = { status: 403, body: { message: '该用户拥有您没有的权限，您不能修改、冻结或删除该用户' } };
    expect(await call(deleter.token, 'DELETE', `/sys/user/delete?id=${me!.id}`)).toMatchObject(above);
    expect(await call(deleter.token, 'PUT', '/sys/user/frozenBatch', { ids: me!.id, status: 2 })).toMatchObject(above);
    expect(await call(admin, 'PUT', '/sys/user/edit', { id: me!.id, realname: '管理员', selectedroles: '' })).toMatchObject({
      status: 400,
      body: { message: '不能移除最后一个系统管理员的管理员角色' },
    });
    const [still] = await t0.db.select().from(t.users).where(eq(t.users.id, me!.id));
    expect(still).toMatchObject({ delFlag: 0, status: 1 });
    expect((await get(admin, `/sys/user/queryUserRole?userid=${me!.id}`)).body.success).toBe(true);
  });

  it('refuses a department cycle and leaves the tree as it was', async () => {
    const academic = await departIdByCode('A01A03');
    const grade = await departIdByCode('A01A03A01');
    const moved = await call(admin, 'PUT', '/sys/sysDepart/edit', { id: academic, departName: '教务处', parentId: grade });
    expect(moved).toMatchObject({ status: 400, body: { message: '不能把部门移动到它自己或它的下级部门之下' } });
    const onto = await call(admin, 'PUT', '/sys/sysDepart/edit', { id: academic, departName: '教务处', parentId: academic });
    expect(onto.status).toBe(400);
    const [row] = await t0.db.select().from(t.departments).where(eq(t.departments.id, academic));
    expect(row).toMatchObject({ orgCode: 'A01A03', departName: '教务处' });
  });

  it('refuses a menu moved under its own button or child', async () => {
    const users = await parentAreaOf('user:add');
    const system = await parentAreaOf('system:users');
    const [addButton] = await permissionIds('user:add');
    const underButton = await call(admin, 'PUT', '/sys/permission/edit', { id: users, menuType: 1, name: '用户管理', url: '/system/users', parentId: addButton });
    expect(underButton.status).toBe(400);
    const cycle = await call(admin, 'PUT', '/sys/permission/edit', { id: system, menuType: 1, name: '系统管理', url: '/system', parentId: users });
    expect(cycle).toMatchObject({ status: 400, body: { message: '不能把菜单移动到它自己或它的下级菜单之下' } });
  });
});

describe('roles and assignment', () => {
  it('lists and offers a role by its English name to an English console; its form keeps both names', async () => {
    const inEnglish = (url: string) => t0.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: { 'X-Access-Token': admin, 'accept-language': 'en' } }).then((response) => response.json().result);
    // roleCode is a like-filter (canteen_admin matches too): the admin role by its code.
    const listed = (await inEnglish('/sys/role/list?pageSize=50&roleCode=admin')).records.find((row: { roleCode: string }) => row.roleCode === 'admin');
    expect(listed).toMatchObject({ roleCode: 'admin', roleName: 'System administrator' });
    expect((await inEnglish('/sys/role/queryall')).map((row: { roleName: string }) => row.roleName)).toEqual(expect.arrayContaining(['System administrator', 'Canteen administrator']));
    expect(await inEnglish(`/sys/role/queryById?id=${listed.id}`)).toMatchObject({ roleName: '系统管理员', roleNameEn: 'System administrator' });
    expect((await get(admin, '/sys/role/list?pageSize=50&roleCode=admin')).body.result.records.find((row: { roleCode: string }) => row.roleCode === 'admin').roleName).toBe('系统管理员');
  });

  it('adds, edits, lists and deletes a role; role codes are unique', async () => {
    const added = await call(admin, 'POST', '/sys/role/add', { roleName: '财务', roleCode: 'finance', description: '收费' });
    expect(added.body).toMatchObject({ success: true, message: '添加成功！' });
    expect((await call(admin, 'POST', '/sys/role/add', { roleName: '财务2', roleCode: 'finance' })).body).toMatchObject({ success: false, message: '角色编码已存在（roleCode）' });
    expect((await get(admin, '/sys/role/checkRoleCode?roleCode=finance')).body).toMatchObject({ success: false, message: '角色编码已存在' });
    expect((await get(admin, `/sys/role/checkRoleCode?roleCode=finance&id=${added.body.result.id}`)).body.success).toBe(true);
    const edited = await call(admin, 'PUT', '/sys/role/edit', { id: added.body.result.id, roleName: '财务处', roleCode: 'finance', description: '收费' });
    expect(edited.body.message).toBe('修改成功!');
    const list = await get(admin, '/sys/role/list?roleName=财务');
    expect(list.body.result.records).toEqual([expect.objectContaining({ roleName: '财务处', roleCode: 'finance', description: '收费' })]);
    expect((await call(admin, 'DELETE', `/sys/role/delete?id=${added.body.result.id}`)).body.success).toBe(true);
    const adminRole = (await get(admin, '/sys/role/queryall')).body.result.find((role: { roleCode: string }) => role.roleCode === 'admin');
    expect(await call(admin, 'DELETE', `/sys/role/delete?id=${adminRole.id}`)).toMatchObject({ status: 400, body: { message: '系统管理员角色不能删除' } });
  });

  it('saveRolePermission applies the difference, not a replacement', async () => {
    const { body } = await call(admin, 'POST', '/sys/role/add', { roleName: '差异', roleCode: 'diff' });
    const roleId = body.result.id;
    const [a, b, c] = await permissionIds('user:add', 'user:edit', 'user:delete');
    await call(admin, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: `${a},${b}`, lastpermissionIds: '' });
    // A second administrator loaded only [a] and swaps it for c: b must survive.
    const saved = await call(admin, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: c, lastpermissionIds: a });
    expect(saved.body).toMatchObject({ success: true, message: '保存成功！', result: { added: 1, removed: 1 } });
    expect((await get(admin, `/sys/permission/queryRolePermission?roleId=${roleId}`)).body.result.sort()).toEqual([b, c].sort());
    const bad = await call(admin, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: `${a},missing`, lastpermissionIds: '' });
    expect(bad).toMatchObject({ status: 400, body: { message: '所选权限不存在（permissionIds）' } });
    expect((await get(admin, `/sys/permission/queryRolePermission?roleId=${roleId}`)).body.result).toHaveLength(2);
  });

  it('serves the assignment trees', async () => {
    const roleTree = await get(admin, '/sys/role/queryTreeList');
    expect(roleTree.body.result.ids.length).toBeGreaterThan(100);
    const system = roleTree.body.result.treeList.find((node: { slotTitle: string }) => node.slotTitle === '系统管理');
    expect(system.children.find((node: { slotTitle: string }) => node.slotTitle === '用户管理').children.map((n: { perms: string }) => n.perms)).toContain('user:add');
    const permTree = await get(admin, '/sys/permission/queryTreeList');
    expect(permTree.body.result.treeList[0]).toMatchObject({ title: '首页', isLeaf: true, children: null });
  });

  it('a permission removed from a role is gone on the next request, without signing in again', async () => {
    const { roleId, token } = await roleWithUser('revoke', ['system:users', 'user:add']);
    const first = await call(token, 'POST', '/sys/user/add', { username: 'made.by.revoke', realname: '被创建', password: 'Clerk-Pass-61' });
    expect(first.body.success).toBe(true);
    const [addId] = await permissionIds('user:add');
    await call(admin, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: '', lastpermissionIds: addId });
    const second = await call(token, 'POST', '/sys/user/add', { username: 'made.again', realname: '不应创建', password: 'Clerk-Pass-61' });
    expect(second).toMatchObject({ status: 403, body: { message: '没有权限，请联系管理员授权' } });
    const perms = await get(token, '/sys/permission/getUserPermissionByToken');
    expect(perms.body.result.codes).not.toContain('user:add');
    expect(perms.body.result.codes).toContain('system:users');
  });
});

describe('departments', () => {
  it('adds roots and children with generated org codes, edits, searches and deletes', async () => {
    const root = await call(admin, 'POST', '/sys/sysDepart/add', { departName: '分校', orgCategory: '1' });
    expect(root.body.success).toBe(true);
    const child = await call(admin, 'POST', '/sys/sysDepart/add', { departName: '分校教务', parentId: root.body.result.id });
    const [rootRow] = await t0.db.select().from(t.departments).where(eq(t.departments.id, root.body.result.id));
    const [childRow] = await t0.db.select().from(t.departments).where(eq(t.departments.id, child.body.result.id));
    expect(rootRow!.orgCode).toBe('A02');
    expect(childRow).toMatchObject({ orgCode: 'A02A01', orgType: '2', parentId: rootRow!.id });

    const tree = await get(admin, '/sys/sysDepart/queryTreeList');
    // The same order number: by name, as a dictionary orders it (fēn before shì).
    expect(tree.body.result.map((n: { title: string }) => n.title)).toEqual(['分校', '示例学校']);
    expect(tree.body.result[0].children[0]).toMatchObject({ title: '分校教务', isLeaf: true, children: null });
    const idTree = await get(admin, '/sys/sysDepart/queryIdTree');
    expect(idTree.body.result[0]).toEqual({ key: rootRow!.id, value: rootRow!.id, title: '分校', children: [{ key: childRow!.id, value: childRow!.id, title: '分校教务', children: [] }] });
    expect((await get(admin, `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('教务')}`)).body.result.map((n: { title: string }) => n.title).sort()).toEqual(['分校教务', '教务处']);
    expect((await get(admin, '/sys/sysDepart/searchBy?keyWord=zzz')).body).toMatchObject({ success: false, message: '未查询匹配数据！' });

    // Move the child under the main school: it gets a code there.
    const school = await departIdByCode('A01');
    const moved = await call(admin, 'PUT', '/sys/sysDepart/edit', { id: childRow!.id, departName: '分校教务处', parentId: school });
    expect(moved.body.success).toBe(true);
    const [after] = await t0.db.select().from(t.departments).where(eq(t.departments.id, childRow!.id));
    expect(after).toMatchObject({ orgCode: 'A01A05', departName: '分校教务处', parentId: school });

    // An edit that leaves fields out keeps them: no defaults, and no move to the top.
    await call(admin, 'PUT', '/sys/sysDepart/edit', { id: childRow!.id, departName: '分校教务处', orgCategory: '3', departOrder: 7, description: '说明' });
    const renamed = await call(admin, 'PUT', '/sys/sysDepart/edit', { id: childRow!.id, departName: '教务二处' });
    expect(renamed.body.success, renamed.body.message).toBe(true);
    const [kept] = await t0.db.select().from(t.departments).where(eq(t.departments.id, childRow!.id));
    expect(kept).toMatchObject({ departName: '教务二处', orgCategory: '3', departOrder: 7, description: '说明', parentId: school, orgCode: 'A01A05' });
    await call(admin, 'PUT', '/sys/sysDepart/edit', { id: childRow!.id, departName: '教务二处', description: '' });
    expect((await t0.db.select().from(t.departments).where(eq(t.departments.id, childRow!.id)))[0]!.description).toBeNull();

    expect((await call(admin, 'DELETE', `/sys/sysDepart/delete?id=${rootRow!.id}`)).body.success).toBe(true);
    expect((await call(admin, 'DELETE', `/sys/sysDepart/delete?id=${childRow!.id}`)).body.success).toBe(true);
  });

  it('refuses to delete a department that still has users or children, with the reason', async () => {
    const withUsers = await call(admin, 'DELETE', `/sys/sysDepart/delete?id=${await departIdByCode('A01A02A01')}`);
    expect(withUsers).toMatchObject({ status: 400, body: { message: '部门“学生食堂”下还有用户，不能删除' } });
    const withChildren = await call(admin, 'DELETE', `/sys/sysDepart/delete?id=${await departIdByCode('A01A03')}`);
    expect(withChildren).toMatchObject({ status: 400, body: { message: '部门“教务处”下还有下级部门，不能删除' } });
  });

  it('assigns department permissions and department roles within them; the role grants its users', async () => {
    const itCentre = await departIdByCode('A01A04');
    const [menu, add, del] = await permissionIds('system:roles', 'role:add', 'role:delete');
    const area = await parentAreaOf('system:roles');
    await call(admin, 'POST', '/sys/permission/saveDepartPermission', { departId: itCentre, permissionIds: [area, menu, add].join(','), lastpermissionIds: '' });
    expect((await get(admin, `/sys/permission/queryDepartPermission?departId=${itCentre}`)).body.result.sort()).toEqual([area, menu, add].sort());

    const role = await call(admin, 'POST', '/sys/sysDepartRole/add', { departId: itCentre, roleName: '信息员', roleCode: 'it_staff' });
    const roleId = role.body.result.id;
    const tree = await get(admin, `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${itCentre}`);
    expect(tree.body.result.ids.sort()).toEqual([area, menu, add].sort());
    const outside = await call(admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: del, lastpermissionIds: '' });
    expect(outside).toMatchObject({ status: 400, body: { message: '所选权限超出了部门的权限范围（permissionIds）' } });
    await call(admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: [area, menu, add].join(','), lastpermissionIds: '' });
    expect((await get(admin, `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`)).body.result).toHaveLength(3);

    const member = await call(admin, 'POST', '/sys/user/add', { username: 'it.member', realname: '信息员甲', password: 'Clerk-Pass-61', selecteddeparts: itCentre });
    const outsider = await call(admin, 'POST', '/sys/user/add', { username: 'it.outsider', realname: '外人', password: 'Clerk-Pass-61' });
    expect((await call(admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: outsider.body.result.id, newRoleId: roleId, oldRoleId: '' })).status).toBe(400);
    await call(admin, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: member.body.result.id, newRoleId: roleId, oldRoleId: '' });
    const token = await signIn(t0.app, 'it.member', 'Clerk-Pass-61');
    expect((await get(token, '/sys/role/list')).status).toBe(200);
    expect((await call(token, 'DELETE', '/sys/role/delete?id=x')).status).toBe(403);

    // The department gives the screen back: its role's grant of it ends on the next request.
    await call(admin, 'POST', '/sys/permission/saveDepartPermission', { departId: itCentre, permissionIds: [area, add].join(','), lastpermissionIds: [area, menu, add].join(',') });
    expect((await get(token, '/sys/role/list')).status).toBe(403);
    await call(admin, 'POST', '/sys/permission/saveDepartPermission', { departId: itCentre, permissionIds: [area, menu, add].join(','), lastpermissionIds: [area, add].join(',') });
    expect((await get(token, '/sys/role/list')).status).toBe(200);

    // The user leaves the department: the department's role leaves with them, at once and for good.
    const edited = await call(admin, 'PUT', '/sys/user/edit', { id: member.body.result.id, realname: '信息员甲', selectedroles: '', selecteddeparts: '' });
    expect(edited.body.success, edited.body.message).toBe(true);
    expect((await get(token, '/sys/role/list')).status).toBe(403);
    await call(admin, 'PUT', '/sys/user/edit', { id: member.body.result.id, realname: '信息员甲', selectedroles: '', selecteddeparts: itCentre });
    expect((await get(token, '/sys/role/list')).status).toBe(403);
    const links = await t0.db.select().from(t.departmentRoleUsers).where(eq(t.departmentRoleUsers.userId, member.body.result.id));
    expect(links).toEqual([]);
  });

  it('serves the member tree: school → grade → class', async () => {
    const tree = await get(admin, '/memb/deptinfo/queryTreeList');
    expect(tree.body.result).toHaveLength(1);
    expect(tree.body.result[0]).toMatchObject({ title: '示例学校', level: 1, level_dictText: '学校' });
    expect(tree.body.result[0].children[0]).toMatchObject({ level: 2, level_dictText: '年级' });
    // Last summer's leavers keep their classes under their own node until they are settled.
    expect(tree.body.result[0].children.map((n: { title: string }) => n.title)).toEqual(['高一年级', '高二年级', '高三年级', '2026届毕业生', '教职工']);
    expect(tree.body.result[0].children[3].children.map((n: { title: string }) => n.title)).toEqual(['2026届高三（1）班', '2026届高三（2）班']);
    expect(tree.body.result[0].children[4]).toMatchObject({ level: 4, level_dictText: '部门' });
    expect(tree.body.result[0].children[0].children.map((n: { title: string }) => n.title)).toEqual(['高一（1）班', '高一（2）班', '高一（3）班']);
    const classes = await get(admin, '/memb/deptinfo/class/queryTreeList');
    expect(classes.body.result[0]).toMatchObject({ selectable: false });
    expect(classes.body.result[0].children[0].children[0]).toMatchObject({ selectable: true, isLeaf: true });
    expect((await get(admin, `/memb/deptinfo/searchBy?keyWord=${encodeURIComponent('（2）班')}`)).body.result).toHaveLength(4);
    expect((await get(canteen, '/memb/deptinfo/queryTreeList')).status).toBe(403);
  });
});

describe('menus and data rules', () => {
  it('adds a menu and a button, lists them lazily, edits and deletes them', async () => {
    const system = await parentAreaOf('system:users');
    const menu = await call(admin, 'POST', '/sys/permission/add', {
      menuType: 1,
      name: '考勤统计',
      url: 'system/attendance',
      component: '/views/system/AttendanceList.vue',
      parentId: system,
      sortNo: 20,
    });
    expect(menu.body).toMatchObject({ success: true, message: '添加成功！' });
    const button = await call(admin, 'POST', '/sys/permission/add', { menuType: 2, name: '导出考勤', perms: 'attendance:export', parentId: menu.body.result.id });
    expect(button.body.success).toBe(true);
    const [row] = await t0.db.select().from(t.permissions).where(eq(t.permissions.id, menu.body.result.id));
    expect(row).toMatchObject({ url: '/system/attendance', component: 'system/AttendanceList', isLeaf: false });

    const top = await get(admin, '/sys/permission/getSystemMenuList');
    expect(top.body.result.map((n: { name: string }) => n.name)).toContain('系统管理');
    const sub = await get(admin, `/sys/permission/getSystemSubmenu?parentId=${menu.body.result.id}`);
    expect(sub.body.result).toEqual([expect.objectContaining({ name: '导出考勤', perms: 'attendance:export', isLeaf: true })]);
    const batch = await get(admin, `/sys/permission/getSystemSubmenuBatch?parentIds=${menu.body.result.id},${system}`);
    expect(batch.body.result[menu.body.result.id]).toHaveLength(1);
    expect(batch.body.result[system].length).toBeGreaterThan(5);

    expect((await call(admin, 'POST', '/sys/permission/add', { menuType: 1, name: '无路径', parentId: system })).body.message).toBe('请输入菜单路径（url）');
    expect((await call(admin, 'POST', '/sys/permission/add', { menuType: 2, name: '无标识', parentId: system })).body.message).toBe('请输入授权标识（perms）');
    expect(await call(admin, 'DELETE', `/sys/permission/delete?id=${menu.body.result.id}`)).toMatchObject({ status: 400, body: { message: '该菜单下还有子菜单或按钮，请先删除它们' } });
    expect((await call(admin, 'DELETE', `/sys/permission/deleteBatch?ids=${menu.body.result.id},${button.body.result.id},`)).body.success).toBe(true);
    expect((await get(admin, `/sys/permission/getSystemSubmenu?parentId=${system}`)).body.result.map((n: { name: string }) => n.name)).not.toContain('考勤统计');
  });

  it('a new menu granted to a role shows in that user’s next permission fetch', async () => {
    const { roleId, token } = await roleWithUser('newmenu', ['system:users']);
    const system = await parentAreaOf('system:users');
    const menu = await call(admin, 'POST', '/sys/permission/add', {
      menuType: 1,
      name: '宿舍管理',
      url: '/system/dorms',
      component: 'system/DormList',
      parentId: system,
      perms: 'system:dorms',
      sortNo: 99,
    });
    await call(admin, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: menu.body.result.id, lastpermissionIds: '' });
    const perms = await get(token, '/sys/permission/getUserPermissionByToken');
    const area = perms.body.result.menu.find((item: { meta: { title: string } }) => item.meta.title === '系统管理');
    expect(area.children.map((item: { meta: { title: string } }) => item.meta.title)).toEqual(['用户管理', '宿舍管理']);
  });

  it('keeps data rules per permission', async () => {
    const [menuId] = await permissionIds('system:users');
    const added = await call(admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: menuId,
      ruleName: '只看本部门',
      ruleColumn: 'orgCode',
      ruleConditions: '=',
      ruleValue: '#{sys_org_code}',
    });
    expect(added.body.success).toBe(true);
    const list = await get(admin, `/sys/permission/getPermRuleListByPermId?permissionId=${menuId}`);
    expect(list.body.result).toEqual([expect.objectContaining({ ruleName: '只看本部门', ruleConditions: '=', status: '1' })]);
    expect((await get(admin, `/sys/permission/queryPermissionRule?permissionId=${menuId}&ruleName=${encodeURIComponent('本部门')}`)).body.result).toHaveLength(1);
    // `%` and `_` in a search are characters, not wildcards.
    expect((await get(admin, `/sys/permission/queryPermissionRule?permissionId=${menuId}&ruleName=${encodeURIComponent('%')}`)).body.result).toHaveLength(0);
    expect((await get(admin, `/sys/permission/queryPermissionRule?permissionId=${menuId}&ruleValue=${encodeURIComponent('sys_org')}`)).body.result).toHaveLength(1);
    expect((await get(admin, `/sys/permission/queryPermissionRule?permissionId=${menuId}&ruleValue=${encodeURIComponent('sys_org_codes')}`)).body.result).toHaveLength(0);
    expect((await call(admin, 'POST', '/sys/permission/addPermissionRule', { permissionId: menuId, ruleName: '坏', ruleConditions: 'DROP', ruleValue: '1' })).body.message).toBe(
      '请选择条件规则（ruleConditions）',
    );
    expect((await call(admin, 'DELETE', `/sys/permission/deletePermissionRule?id=${added.body.result.id}`)).body.success).toBe(true);
    const [row] = await t0.db.select().from(t.permissions).where(eq(t.permissions.id, menuId!));
    expect(row!.ruleFlag).toBe(0);
  });

  it('binds a role to chosen data rules of a menu it holds', async () => {
    const [menuId] = await permissionIds('system:departments');
    const none = await get(admin, `/sys/role/datarule/${menuId}/x`);
    expect(none).toMatchObject({ status: 404 });
    const { roleId } = await roleWithUser('ruled', ['system:departments']);
    expect((await get(admin, `/sys/role/datarule/${menuId}/${roleId}`)).body).toMatchObject({ success: false, message: '未找到权限配置信息' });

    const ownDept = await call(admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: menuId,
      ruleName: '本部门',
      ruleColumn: 'sys_org_code',
      ruleConditions: '=',
      ruleValue: '#{sys_org_code}',
    });
    const mine = await call(admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: menuId,
      ruleName: '本人创建',
      ruleColumn: 'create_by',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
    });
    const listed = await get(admin, `/sys/role/datarule/${menuId}/${roleId}`);
    expect(listed.body.result.datarule.map((rule: { ruleName: string }) => rule.ruleName).sort()).toEqual(['本人创建', '本部门']);
    expect(listed.body.result.drChecked).toBe('');

    const saved = await call(admin, 'POST', '/sys/role/datarule', { permissionId: menuId, roleId, dataRuleIds: ownDept.body.result.id });
    expect(saved.body).toMatchObject({ success: true, message: '保存成功!' });
    expect((await get(admin, `/sys/role/datarule/${menuId}/${roleId}`)).body.result.drChecked).toBe(ownDept.body.result.id);

    // A rule of another menu, or a menu the role does not hold: refused, nothing changes.
    const [otherMenu] = await permissionIds('system:users');
    expect(await call(admin, 'POST', '/sys/role/datarule', { permissionId: menuId, roleId, dataRuleIds: `${mine.body.result.id},other` })).toMatchObject({
      status: 400,
      body: { message: '所选数据规则不属于该菜单（dataRuleIds）' },
    });
    expect(await call(admin, 'POST', '/sys/role/datarule', { permissionId: otherMenu, roleId, dataRuleIds: '' })).toMatchObject({ status: 400, body: { message: '请先保存角色菜单权限!' } });
    expect((await get(admin, `/sys/role/datarule/${menuId}/${roleId}`)).body.result.drChecked).toBe(ownDept.body.result.id);

    await call(admin, 'POST', '/sys/role/datarule', { permissionId: menuId, roleId, dataRuleIds: '' });
    expect((await get(admin, `/sys/role/datarule/${menuId}/${roleId}`)).body.result.drChecked).toBe('');
  });
});

describe('hidden columns are removed from answers', () => {
  it('a role without the phone and e-mail columns gets users without them', async () => {
    const { token } = await roleWithUser('nocols', ['system:users']);
    const restricted = await get(token, '/sys/user/list?username=admin');
    expect(restricted.body.result.records[0]).toMatchObject({ username: 'admin' });
    expect(restricted.body.result.records[0]).not.toHaveProperty('phone');
    expect(restricted.body.result.records[0]).not.toHaveProperty('email');
    const full = await get(admin, '/sys/user/list?username=admin');
    expect(full.body.result.records[0]).toHaveProperty('phone');
    const withPhone = await roleWithUser('phonecol', ['system:users', 'user:col:phone']);
    const partial = (await get(withPhone.token, '/sys/user/list?username=admin')).body.result.records[0];
    expect(partial).toHaveProperty('phone');
    expect(partial).not.toHaveProperty('email');
  });

  it('a hidden column cannot be read back by filtering or a uniqueness check on it', async () => {
    const { token } = await roleWithUser('nooracle', ['system:users']);
    await call(admin, 'POST', '/sys/user/add', { username: 'oracle.target', realname: '目标', password: 'Clerk-Pass-61', phone: '13912345678', email: 'target@example.cn' });
    const total = async (query: string) => (await get(token, `/sys/user/list?pageSize=100&${query}`)).body.result.total as number;
    const everyone = await total('');
    // A filter on the phone the caller cannot see is ignored: right and wrong digits answer alike.
    expect(await total('phone=13912345678')).toBe(everyone);
    expect(await total('phone=10000000000')).toBe(everyone);
    // The uniqueness check tells nothing about hidden columns either.
    expect((await get(token, '/sys/user/checkOnlyUser?phone=13912345678')).body.success).toBe(true);
    expect((await get(token, '/sys/user/checkOnlyUser?email=target@example.cn')).body.success).toBe(true);
    // Someone who may see the phone filters on it.
    expect((await get(admin, '/sys/user/list?phone=13912345678')).body.result.total).toBe(1);
    expect((await get(admin, '/sys/user/checkOnlyUser?phone=13912345678')).body.success).toBe(false);
  });

  it('an editor who cannot see a column does not erase it', async () => {
    const editor = await roleWithUser('coleditor', ['system:users', 'user:edit']);
    const added = await call(admin, 'POST', '/sys/user/add', { username: 'keeps.phone', realname: '留号码', password: 'Clerk-Pass-61', phone: '13800138000', email: 'keep@example.cn' });
    const id = added.body.result.id as string;
    const seen = (await get(editor.token, `/sys/user/queryById?id=${id}`)).body.result;
    expect(seen).not.toHaveProperty('phone');
    // The form sends what it has: no phone or e-mail, as the editor never saw them.
    const edited = await call(editor.token, 'PUT', '/sys/user/edit', { id, realname: '改了名字', phone: '', email: '', selectedroles: '', selecteddeparts: '' });
    expect(edited.body.success, edited.body.message).toBe(true);
    const [row] = await t0.db.select().from(t.users).where(eq(t.users.id, id));
    expect(row).toMatchObject({ realname: '改了名字', phone: '13800138000', email: 'keep@example.cn' });
  });
});

describe('tenant isolation', () => {
  it('a second school sees only its own users, roles and departments, and cannot touch the first', async () => {
    await t0.db.insert(t.tenants).values({ id: 7, name: '第二学校' });
    const roleId = 'tenant7adminrole';
    await t0.db.insert(t.roles).values({ id: roleId, tenantId: 7, roleCode: 'admin', roleName: '二校管理员' });
    const all = await t0.db.select({ id: t.permissions.id }).from(t.permissions);
    await t0.db.insert(t.rolePermissions).values(all.map((row) => ({ roleId, permissionId: row.id })));
    await t0.db.insert(t.users).values({ id: 'tenant7admin', tenantId: 7, username: 'school2', realname: '二校管理员', passwordHash: await hashPassword('School2-pass') });
    await t0.db.insert(t.userRoles).values({ userId: 'tenant7admin', roleId });
    const other = await signIn(t0.app, 'school2', 'School2-pass');

    const users = await get(other, '/sys/user/list?pageSize=100');
    expect(users.body.result.records.map((u: { username: string }) => u.username)).toEqual(['school2']);
    expect((await get(other, '/sys/role/queryall')).body.result.map((r: { roleName: string }) => r.roleName)).toEqual(['二校管理员']);
    expect((await get(other, '/sys/sysDepart/queryTreeList')).body.result).toEqual([]);

    const [adminRow] = await t0.db.select().from(t.users).where(eq(t.users.username, 'canteen'));
    expect((await get(other, `/sys/user/queryById?id=${adminRow!.id}`)).status).toBe(404);
    expect((await call(other, 'PUT', '/sys/user/edit', { id: adminRow!.id, realname: '被篡改' })).status).toBe(404);
    expect((await call(other, 'DELETE', `/sys/user/delete?id=${adminRow!.id}`)).status).toBe(404);
    const firstRoles = (await get(admin, '/sys/role/queryall')).body.result;
    expect(await call(other, 'POST', '/sys/permission/saveRolePermission', { roleId: firstRoles[0].id, permissionIds: '', lastpermissionIds: all[0]!.id })).toMatchObject({
      status: 400,
      body: { message: '角色不存在（roleId）' },
    });
    expect((await call(other, 'POST', '/sys/user/add', { username: 'x7', realname: '跨校', password: 'Clerk-Pass-61', selectedroles: firstRoles[0].id })).body.message).toBe(
      '所选角色不存在（selectedroles）',
    );
    // The tenant header cannot reach the other school either.
    expect((await call(admin, 'GET', '/sys/user/list', undefined, { tenant_id: '7' })).status).toBe(403);
    // The menu tree is shared by every school: the second school's administrator may grant it, not change it.
    const menusBefore = (await t0.db.select().from(t.permissions)).length;
    expect(await call(other, 'POST', '/sys/permission/add', { menuType: 0, name: '二校菜单', url: '/school7' })).toMatchObject({
      status: 403,
      body: { message: '菜单、字典等为所有学校共用，只能由平台管理员修改' },
    });
    expect((await call(other, 'DELETE', `/sys/permission/delete?id=${all[0]!.id}`)).status).toBe(403);
    expect((await t0.db.select().from(t.permissions)).length).toBe(menusBefore);
    // …and its permission answer carries no buttons for it, while the platform's administrator keeps them.
    const otherAnswer = (await get(other, '/sys/permission/getUserPermissionByToken')).body.result;
    expect(otherAnswer.codes).toContain('system:permissions');
    expect(otherAnswer.codes).not.toContain('permission:add');
    expect(otherAnswer.auth.map((entry: { action: string }) => entry.action)).not.toContain('permission:delete');
    expect((await get(admin, '/sys/permission/getUserPermissionByToken')).body.result.codes).toContain('permission:add');
    const [unchanged] = await t0.db.select().from(t.users).where(eq(t.users.id, adminRow!.id));
    expect(unchanged).toMatchObject({ realname: '食堂管理员', delFlag: 0 });
  });
});

/** Every administration route, each with a body that would succeed for the admin. */
const ADMIN_ROUTES: [Method, string, unknown?][] = [
  ['GET', '/sys/user/list'],
  ['GET', '/sys/user/queryById?id=x'],
  ['GET', '/sys/user/checkOnlyUser?username=x'],
  ['POST', '/sys/user/add', { username: 'matrix', realname: '矩阵', password: 'Clerk-Pass-61' }],
  ['PUT', '/sys/user/edit', { id: 'x', realname: '矩阵' }],
  ['DELETE', '/sys/user/delete?id=x'],
  ['DELETE', '/sys/user/deleteBatch?ids=x'],
  ['PUT', '/sys/user/frozenBatch', { ids: 'x', status: 2 }],
  ['GET', '/sys/user/queryUserRole?userid=x'],
  ['GET', '/sys/user/userDepartList?userId=x'],
  ['GET', '/sys/user/queryUserByDepId?id=x'],
  ['PUT', '/sys/user/changePassword', { username: 'admin', password: 'Clerk-Pass-61', confirmpassword: 'Clerk-Pass-61' }],
  ['GET', '/sys/role/list'],
  ['GET', '/sys/role/queryall'],
  ['GET', '/sys/role/checkRoleCode?roleCode=x'],
  ['POST', '/sys/role/add', { roleName: '矩阵', roleCode: 'matrix' }],
  ['PUT', '/sys/role/edit', { id: 'x', roleName: '矩阵', roleCode: 'matrix' }],
  ['DELETE', '/sys/role/delete?id=x'],
  ['DELETE', '/sys/role/deleteBatch?ids=x'],
  ['GET', '/sys/role/queryTreeList'],
  ['GET', '/sys/permission/list'],
  ['GET', '/sys/permission/queryTreeList'],
  ['GET', '/sys/permission/getSystemMenuList'],
  ['GET', '/sys/permission/getSystemSubmenu?parentId=x'],
  ['GET', '/sys/permission/getSystemSubmenuBatch?parentIds=x'],
  ['POST', '/sys/permission/add', { menuType: 0, name: '矩阵', url: '/matrix' }],
  ['PUT', '/sys/permission/edit', { id: 'x', menuType: 0, name: '矩阵', url: '/matrix' }],
  ['DELETE', '/sys/permission/delete?id=x'],
  ['DELETE', '/sys/permission/deleteBatch?ids=x'],
  ['GET', '/sys/permission/queryRolePermission?roleId=x'],
  ['POST', '/sys/permission/saveRolePermission', { roleId: 'x', permissionIds: '', lastpermissionIds: '' }],
  ['GET', '/sys/permission/queryDepartPermission?departId=x'],
  ['POST', '/sys/permission/saveDepartPermission', { departId: 'x', permissionIds: '', lastpermissionIds: '' }],
  ['GET', '/sys/permission/getPermRuleListByPermId?permissionId=x'],
  ['GET', '/sys/permission/queryPermissionRule?permissionId=x'],
  ['POST', '/sys/permission/addPermissionRule', { permissionId: 'x', ruleName: 'r', ruleConditions: '=', ruleValue: '1' }],
  ['PUT', '/sys/permission/editPermissionRule', { id: 'x', permissionId: 'x', ruleName: 'r', ruleConditions: '=', ruleValue: '1' }],
  ['DELETE', '/sys/permission/deletePermissionRule?id=x'],
  ['GET', '/sys/sysDepart/queryTreeList'],
  ['GET', '/sys/sysDepart/queryIdTree'],
  ['GET', '/sys/sysDepart/searchBy?keyWord=x'],
  ['POST', '/sys/sysDepart/add', { departName: '矩阵' }],
  ['PUT', '/sys/sysDepart/edit', { id: 'x', departName: '矩阵' }],
  ['DELETE', '/sys/sysDepart/delete?id=x'],
  ['DELETE', '/sys/sysDepart/deleteBatch?ids=x'],
  ['GET', '/sys/sysDepartRole/list?deptId=x'],
  ['POST', '/sys/sysDepartRole/add', { departId: 'x', roleName: '矩阵', roleCode: 'matrix' }],
  ['PUT', '/sys/sysDepartRole/edit', { id: 'x', roleName: '矩阵', roleCode: 'matrix' }],
  ['DELETE', '/sys/sysDepartRole/delete?id=x'],
  ['GET', '/sys/sysDepartRole/getDeptRoleByUserId?userId=x&departId=x'],
  ['POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: 'x', newRoleId: '', oldRoleId: '' }],
  ['GET', '/sys/sysDepartPermission/queryTreeListForDeptRole?departId=x'],
  ['GET', '/sys/sysDepartPermission/queryDeptRolePermission?roleId=x'],
  ['POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: 'x', permissionIds: '', lastpermissionIds: '' }],
  ['GET', '/sys/role/datarule/x/y'],
  ['POST', '/sys/role/datarule', { permissionId: 'x', roleId: 'y', dataRuleIds: '' }],
  ['GET', '/memb/deptinfo/queryTreeList'],
  ['GET', '/memb/deptinfo/class/queryTreeList'],
  ['GET', '/memb/deptinfo/searchBy?keyWord=x'],
];
// Every edit route also takes POST (JeecgBoot clients send either): the POST door is guarded too.
ADMIN_ROUTES.push(...ADMIN_ROUTES.filter(([method]) => method === 'PUT').map(([, url, payload]): [Method, string, unknown?] => ['POST', url, payload]));

describe('403 matrix: every administration route refuses the canteen administrator', () => {
  it.each(ADMIN_ROUTES)('%s %s', async (method, url, payload) => {
    const before = { users: (await t0.db.select().from(t.users)).length, roles: (await t0.db.select().from(t.roles)).length, menus: (await t0.db.select().from(t.permissions)).length };
    const response = await call(canteen, method, url, payload);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ success: false, code: 403, message: '没有权限，请联系管理员授权' });
    expect({ users: (await t0.db.select().from(t.users)).length, roles: (await t0.db.select().from(t.roles)).length, menus: (await t0.db.select().from(t.permissions)).length }).toEqual(before);
  });

  it.each(ADMIN_ROUTES)('without a token: %s %s → 401', async (method, url, payload) => {
    const response = await t0.app.inject({ method, url: `${BASE}${url}`, ...(payload ? { payload: payload as object } : {}) });
    expect(response.statusCode).toBe(401);
  });
});
