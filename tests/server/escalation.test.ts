/**
 * No one grants what they do not hold: each door through which one admin button could make its
 * holder an administrator (roles on a user, a new user, a password reset, a role's or a
 * department's grants, department roles) refuses with 403 and the reason, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { apiOf } from '../support/api';
import { ADMIN_PASSWORD, BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
let adminRoleId: string;
let allIds: string[];
const { call, get, permissionIds, roleWithUser } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  const [role] = await t0.db.select().from(t.roles).where(eq(t.roles.roleCode, 'admin'));
  adminRoleId = role!.id;
  allIds = (await t0.db.select({ id: t.permissions.id }).from(t.permissions)).map((row) => row.id);
});
afterAll(async () => t0?.close());

const codesOf = async (token: string): Promise<string[]> => (await get(token, '/sys/permission/getUserPermissionByToken')).body.result.codes;
const rolesOfUser = async (userId: string) => (await t0.db.select({ roleId: t.userRoles.roleId }).from(t.userRoles).where(eq(t.userRoles.userId, userId))).map((row) => row.roleId).sort();

describe('roles given to users', () => {
  it('user:edit cannot add the admin role to oneself', async () => {
    const editor = await roleWithUser(admin, 'esc_edit', ['system:users', 'user:edit']);
    const before = await codesOf(editor.token);
    const answer = await call(editor.token, 'PUT', '/sys/user/edit', { id: editor.userId, realname: '编辑者', selectedroles: `${editor.roleId},${adminRoleId}` });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ success: false, code: 403, message: '只有系统管理员才能授予或设置系统管理员角色' });
    expect(await rolesOfUser(editor.userId)).toEqual([editor.roleId]);
    expect(await codesOf(editor.token)).toEqual(before);
  });

  it('user:edit cannot add a role holding permissions the editor lacks, but may give one it covers', async () => {
    const editor = await roleWithUser(admin, 'esc_edit2', ['system:users', 'user:edit']);
    const wider = await roleWithUser(admin, 'esc_wider', ['system:users', 'user:edit', 'user:delete']);
    const refused = await call(editor.token, 'PUT', '/sys/user/edit', { id: editor.userId, realname: '编辑者', selectedroles: `${editor.roleId},${wider.roleId}` });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('所选角色拥有您没有的权限，不能授予（selectedroles）');
    expect(await rolesOfUser(editor.userId)).toEqual([editor.roleId]);

    // A plain user gets the editor's own role: nothing beyond what the editor holds.
    const plain = await call(admin, 'POST', '/sys/user/add', { username: 'esc_plain', realname: '普通', password: 'Plain-pass1' });
    const given = await call(editor.token, 'PUT', '/sys/user/edit', { id: plain.body.result.id, realname: '普通', selectedroles: editor.roleId });
    expect(given.body).toMatchObject({ success: true });
    expect(await rolesOfUser(plain.body.result.id)).toEqual([editor.roleId]);
  });

  it('user:edit cannot edit a user who holds more than the editor', async () => {
    const editor = await roleWithUser(admin, 'esc_edit3', ['system:users', 'user:edit']);
    const [adminUser] = await t0.db.select().from(t.users).where(eq(t.users.username, 'admin'));
    const answer = await call(editor.token, 'PUT', '/sys/user/edit', { id: adminUser!.id, realname: '被改了', selectedroles: adminRoleId });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('该用户拥有您没有的权限，您不能修改、冻结或删除该用户');
    const [after] = await t0.db.select().from(t.users).where(eq(t.users.id, adminUser!.id));
    expect(after!.realname).toBe(adminUser!.realname);
  });

  it('user:add cannot create a user with the admin role', async () => {
    const adder = await roleWithUser(admin, 'esc_add', ['system:users', 'user:add']);
    const answer = await call(adder.token, 'POST', '/sys/user/add', { username: 'esc_mole', realname: '卧底', password: 'Mole-pass1', selectedroles: adminRoleId });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('只有系统管理员才能授予或设置系统管理员角色');
    expect(await t0.db.select().from(t.users).where(eq(t.users.username, 'esc_mole'))).toEqual([]);
    const login = await t0.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username: 'esc_mole', password: 'Mole-pass1' } });
    expect(login.json().success).toBe(false);
  });

  it('freezing or deleting a user who holds more is refused too', async () => {
    const freezer = await roleWithUser(admin, 'esc_freeze', ['system:users', 'user:freeze', 'user:delete']);
    const [adminUser] = await t0.db.select().from(t.users).where(eq(t.users.username, 'admin'));
    const frozen = await call(freezer.token, 'PUT', '/sys/user/frozenBatch', { ids: adminUser!.id, status: 2 });
    expect(frozen.status).toBe(403);
    const deleted = await call(freezer.token, 'DELETE', `/sys/user/delete?id=${adminUser!.id}`);
    expect(deleted.status).toBe(403);
    expect((await get(admin, '/sys/user/getCurrentUserDeparts')).status).toBe(200);
  });
});

describe('password resets', () => {
  it('user:resetPassword cannot set the admin password, and the admin still signs in with theirs', async () => {
    const resetter = await roleWithUser(admin, 'esc_reset', ['system:users', 'user:resetPassword']);
    const answer = await call(resetter.token, 'PUT', '/sys/user/changePassword', { username: 'admin', password: 'Taken-over1', confirmpassword: 'Taken-over1' });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('该用户拥有您没有的权限，您不能重置其密码');
    const takeover = await t0.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username: 'admin', password: 'Taken-over1' } });
    expect(takeover.json().success).toBe(false);
    await signIn(t0.app, 'admin', ADMIN_PASSWORD);
  });

  it('still resets the password of a user holding no more than the caller', async () => {
    const resetter = await roleWithUser(admin, 'esc_reset2', ['system:users', 'user:resetPassword']);
    await call(admin, 'POST', '/sys/user/add', { username: 'esc_forgot', realname: '忘了密码', password: 'Forgot-pass1' });
    const answer = await call(resetter.token, 'PUT', '/sys/user/changePassword', { username: 'esc_forgot', password: 'New-pass-22', confirmpassword: 'New-pass-22' });
    expect(answer.body).toMatchObject({ success: true });
    await signIn(t0.app, 'esc_forgot', 'New-pass-22');
  });
});

describe('grants to roles and departments', () => {
  it('role:authorize cannot grant every permission to its own role', async () => {
    const authoriser = await roleWithUser(admin, 'esc_auth', ['system:roles', 'role:authorize']);
    const before = await codesOf(authoriser.token);
    const answer = await call(authoriser.token, 'POST', '/sys/permission/saveRolePermission', { roleId: authoriser.roleId, permissionIds: allIds.join(','), lastpermissionIds: '' });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('不能授予或收回您自己没有的权限（permissionIds）');
    expect(await codesOf(authoriser.token)).toEqual(before);
    // Nor change the administrators' role at all.
    const [mine] = await permissionIds('role:authorize');
    const adminRole = await call(authoriser.token, 'POST', '/sys/permission/saveRolePermission', { roleId: adminRoleId, permissionIds: '', lastpermissionIds: mine });
    expect(adminRole.status).toBe(403);
    expect(adminRole.body.message).toBe('只有系统管理员才能授予或设置系统管理员角色');
  });

  it('role:authorize may pass on what it holds', async () => {
    const authoriser = await roleWithUser(admin, 'esc_auth2', ['system:roles', 'role:authorize', 'role:add']);
    const target = await call(authoriser.token, 'POST', '/sys/role/add', { roleName: '下级', roleCode: 'esc_lower' });
    const ids = await permissionIds('system:roles', 'role:add');
    const answer = await call(authoriser.token, 'POST', '/sys/permission/saveRolePermission', { roleId: target.body.result.id, permissionIds: ids.join(','), lastpermissionIds: '' });
    expect(answer.body).toMatchObject({ success: true });
    // and cannot name a role 'admin'
    const named = await call(authoriser.token, 'POST', '/sys/role/add', { roleName: '假管理员', roleCode: 'admin' });
    expect(named.status).toBe(403);
  });

  it('depart:authorize cannot give a department, or a department role, permissions it lacks', async () => {
    const authoriser = await roleWithUser(admin, 'esc_depart', ['system:departments', 'depart:authorize']);
    const [depart] = await t0.db.select().from(t.departments).where(eq(t.departments.orgCode, 'A01A02'));
    const answer = await call(authoriser.token, 'POST', '/sys/permission/saveDepartPermission', { departId: depart!.id, permissionIds: allIds.join(','), lastpermissionIds: '' });
    expect(answer.status).toBe(403);
    expect(await t0.db.select().from(t.departmentPermissions).where(eq(t.departmentPermissions.departId, depart!.id))).toEqual([]);

    // An administrator lets the department hold everything and makes a wide department role.
    expect((await call(admin, 'POST', '/sys/permission/saveDepartPermission', { departId: depart!.id, permissionIds: allIds.join(','), lastpermissionIds: '' })).body.success).toBe(true);
    const role = await call(admin, 'POST', '/sys/sysDepartRole/add', { departId: depart!.id, roleName: '部门全权', roleCode: 'esc_depart_all' });
    expect((await call(admin, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: role.body.result.id, permissionIds: allIds.join(','), lastpermissionIds: '' })).body.success).toBe(
      true,
    );
    // The authoriser is a member of the department, but cannot hand themselves the wide role…
    await t0.db.insert(t.userDepartments).values({ userId: authoriser.userId, departId: depart!.id });
    const self = await call(authoriser.token, 'POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: authoriser.userId, newRoleId: role.body.result.id, oldRoleId: '' });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('所选部门角色拥有您没有的权限，不能授予（newRoleId）');
    // …nor widen a department role of their own making beyond what they hold.
    const own = await call(authoriser.token, 'POST', '/sys/sysDepartRole/add', { departId: depart!.id, roleName: '自建', roleCode: 'esc_depart_own' });
    const widened = await call(authoriser.token, 'POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: own.body.result.id, permissionIds: allIds.join(','), lastpermissionIds: '' });
    expect(widened.status).toBe(403);
    expect(await codesOf(authoriser.token)).not.toContain('user:add');
  });

  it('permission:edit cannot rename a granted button to a code it does not hold', async () => {
    const editor = await roleWithUser(admin, 'esc_menu', ['system:permissions', 'permission:edit', 'permission:add']);
    const [button] = await t0.db.select().from(t.permissions).where(eq(t.permissions.perms, 'permission:edit'));
    const renamed = await call(editor.token, 'PUT', '/sys/permission/edit', { ...button, perms: 'permission:edit,user:add,role:authorize', route: true, menuType: 2, status: '1' });
    expect(renamed.status).toBe(403);
    expect(renamed.body.message).toBe('授权标识只能使用您自己拥有的权限编码（perms）');
    expect(await codesOf(editor.token)).not.toContain('role:authorize');
    const added = await call(editor.token, 'POST', '/sys/permission/add', { menuType: 2, name: '后门', parentId: button!.parentId, perms: 'role:authorize' });
    expect(added.status).toBe(403);
    // Codes it holds it may write.
    const fine = await call(editor.token, 'PUT', '/sys/permission/edit', { ...button, name: '编辑菜单', route: true, menuType: 2, status: '1' });
    expect(fine.body.success, fine.body.message).toBe(true);
  });
});
