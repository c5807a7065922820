import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as t from '@server/db/schema';
import { hashPassword } from '@server/modules/auth/passwords';
import { BASE, signIn, type TestApp } from './testApp';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of every route: tests read the fields they assert
  body: { success: boolean; message: string; code: number; result: any };
}

/** API calls as a signed-in user would make them, and the fixtures most tests need. */
export function apiOf(app: () => TestApp) {
  async function call(token: string, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await app().app.inject({ method, url: `${BASE}${url}`, headers: { 'X-Access-Token': token, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.json() };
  }
  const get = (token: string, url: string) => call(token, 'GET', url);

  /** Ids of permission rows by code, e.g. `system:users` (menu) or `user:add` (button). */
  async function permissionIds(...codes: string[]): Promise<string[]> {
    const rows = await app().db.select({ id: t.permissions.id, perms: t.permissions.perms }).from(t.permissions);
    return codes.map((code) => {
      const row = rows.find((r) => r.perms === code);
      if (!row) throw new Error(`no permission ${code}`);
      return row.id;
    });
  }
  async function parentAreaOf(code: string): Promise<string> {
    const [row] = await app().db.select().from(t.permissions).where(eq(t.permissions.perms, code));
    return row!.parentId!;
  }

  /**
   * Creates (as `admin`) a role with exactly these permission codes (plus the area of each screen) and a user holding it.
   * `ownPassword`: the holder sets the same password again themselves — a checker of another's work (审核, 冲正) must hold
   * a password nobody else set (the four-eyes rule).
   */
  async function roleWithUser(admin: string, name: string, codes: string[], options: { ownPassword?: boolean } = {}): Promise<{ roleId: string; userId: string; token: string; username: string }> {
    const role = await call(admin, 'POST', '/sys/role/add', { roleName: name, roleCode: name });
    expect(role.body.success, role.body.message).toBe(true);
    const roleId = role.body.result.id as string;
    const ids = await permissionIds(...codes);
    // A screen's menu comes with its area, as the 授权 tree ticks it.
    const menus = await app().db.select({ perms: t.permissions.perms }).from(t.permissions).where(eq(t.permissions.menuType, 1));
    const areas = await Promise.all(codes.filter((code) => menus.some((row) => row.perms === code)).map(parentAreaOf));
    const saved = await call(admin, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: [...ids, ...areas].join(','), lastpermissionIds: '' });
    expect(saved.body.success, saved.body.message).toBe(true);
    const username = `${name}_user`;
    const user = await call(admin, 'POST', '/sys/user/add', { username, realname: `${name}用户`, password: 'Clerk-Pass-61', selectedroles: roleId });
    expect(user.body.success, user.body.message).toBe(true);
    const token = await signIn(app().app, username, 'Clerk-Pass-61');
    if (!options.ownPassword) return { roleId, userId: user.body.result.id, token, username };
    const own = { username, oldpassword: 'Clerk-Pass-61', password: 'Clerk-Pass-61', confirmpassword: 'Clerk-Pass-61' };
    const changed = await call(token, 'PUT', '/sys/user/updatePassword', own);
    expect(changed.body.success, changed.body.message).toBe(true);
    // Changing it ends the holder's sessions.
    return { roleId, userId: user.body.result.id, token: await signIn(app().app, username, 'Clerk-Pass-61'), username };
  }

  /**
   * The school lets a new account check its creator's work at once (checker wait 0 days): for files whose
   * administrator both makes the work and creates the users who check it. A password someone else set still refuses.
   */
  async function waiveCheckerWait(admin: string): Promise<void> {
    const school = (await get(admin, '/sys/tenant/queryById?id=0')).body.result;
    const edited = await call(admin, 'PUT', '/sys/tenant/edit', { id: 0, name: school.name, checkerWaitDays: 0 });
    expect(edited.body.success, edited.body.message).toBe(true);
  }

  /** A second school (tenant) with its own administrator holding every permission; signs them in. */
  async function secondSchool(tenantId: number, username: string, password = 'School2-pass'): Promise<{ token: string; userId: string }> {
    const db = app().db;
    await db.insert(t.tenants).values({ id: tenantId, name: `第${tenantId}学校` });
    const roleId = `tenant${tenantId}adminrole`;
    await db.insert(t.roles).values({ id: roleId, tenantId, roleCode: 'admin', roleName: `${tenantId}校管理员` });
    const all = await db.select({ id: t.permissions.id }).from(t.permissions);
    await db.insert(t.rolePermissions).values(all.map((row) => ({ roleId, permissionId: row.id })));
    const userId = `tenant${tenantId}admin`;
    await db.insert(t.users).values({ id: userId, tenantId, username, realname: `${tenantId}校管理员`, passwordHash: await hashPassword(password) });
    await db.insert(t.userRoles).values({ userId, roleId });
    return { token: await signIn(app().app, username, password), userId };
  }

  return { call, get, permissionIds, parentAreaOf, roleWithUser, secondSchool, waiveCheckerWait };
}
