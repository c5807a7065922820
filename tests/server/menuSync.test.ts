import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { seedDatabase } from '@server/db/seed';
import { ADMIN_PASSWORD, BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const codesOf = async (username: string) => {
  const token = await signIn(app.app, username);
  const answer = await app.app.inject({ method: 'GET', url: `${BASE}/sys/permission/getUserPermissionByToken`, headers: { 'X-Access-Token': token } });
  return answer.json().result.codes as string[];
};
const rowOf = async (code: string) => (await app.db.select().from(t.permissions).where(eq(t.permissions.perms, code)))[0];

describe('an installed database after an upgrade', () => {
  it('gains the buttons the release added, under their screen and granted to 系统管理员, and keeps what administrators deleted', async () => {
    // As if the database was seeded before 补卡撤销 existed.
    const cancel = (await rowOf('cardReplace:cancel'))!;
    await app.db.delete(t.permissions).where(eq(t.permissions.id, cancel.id));
    expect(await codesOf('admin')).not.toContain('cardReplace:cancel');
    // An administrator deleted the sibling button 打印凭条 (soft delete): it stays deleted.
    const exported = (await rowOf('cardReplace:print'))!;
    await app.db.update(t.permissions).set({ delFlag: 1 }).where(eq(t.permissions.id, exported.id));

    const before = (await app.db.select({ id: t.permissions.id }).from(t.permissions)).length;
    await seedDatabase(app.db, { adminPassword: ADMIN_PASSWORD });
    const back = (await rowOf('cardReplace:cancel'))!;
    expect(back.parentId).toBe(cancel.parentId);
    expect(back.name).toBe('补卡撤销');
    // Granted to 系统管理员 only (the canteen administrator is granted nothing by an upgrade).
    const holders = await app.db
      .select({ roleCode: t.roles.roleCode })
      .from(t.rolePermissions)
      .innerJoin(t.roles, eq(t.roles.id, t.rolePermissions.roleId))
      .where(eq(t.rolePermissions.permissionId, back.id));
    expect(holders).toEqual([{ roleCode: 'admin' }]);
    expect((await rowOf('cardReplace:print'))!.delFlag).toBe(1);
    expect((await app.db.select({ id: t.permissions.id }).from(t.permissions)).length).toBe(before + 1);

    // Started again: nothing more to add.
    await seedDatabase(app.db, { adminPassword: ADMIN_PASSWORD });
    expect((await app.db.select({ id: t.permissions.id }).from(t.permissions)).length).toBe(before + 1);
    expect(await app.db.select().from(t.rolePermissions).where(eq(t.rolePermissions.permissionId, back.id))).toHaveLength(1);
  });
});
