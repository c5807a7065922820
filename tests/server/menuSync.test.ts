/**
 * A database seeded by an older version lacks the buttons of entities declared since: the start-up
 * sync adds them under their screens and gives them to administrators only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { syncDeclaredButtons } from '@server/db/seed/syncButtons';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

describe('start-up button sync', () => {
  it('a fresh database has every declared button already', async () => {
    expect(await syncDeclaredButtons(app.db)).toBe(0);
  });

  it("adds a newer version's buttons to an older database, for administrators only, and keeps deleted ones deleted", async () => {
    const { db } = app;
    // As an older version left it: no table buttons at all, and the store's delete removed by the platform.
    const tableButtons = await db.select({ id: t.permissions.id }).from(t.permissions).where(like(t.permissions.perms, 'diningTable:%'));
    await db.delete(t.permissions).where(
      inArray(
        t.permissions.id,
        tableButtons.map((row) => row.id),
      ),
    );
    await db.update(t.permissions).set({ delFlag: 1 }).where(eq(t.permissions.perms, 'store:delete'));

    expect(await syncDeclaredButtons(db)).toBe(5);
    const added = await db.select().from(t.permissions).where(like(t.permissions.perms, 'diningTable:%'));
    expect(added.map((row) => row.perms).sort()).toEqual(['diningTable:add', 'diningTable:delete', 'diningTable:edit', 'diningTable:export', 'diningTable:import']);
    expect((await db.select().from(t.permissions).where(eq(t.permissions.perms, 'store:delete')))[0]!.delFlag).toBe(1);

    const holders = await db
      .select({ code: t.roles.roleCode })
      .from(t.rolePermissions)
      .innerJoin(t.roles, eq(t.roles.id, t.rolePermissions.roleId))
      .where(
        and(
          inArray(
            t.rolePermissions.permissionId,
            added.map((row) => row.id),
          ),
        ),
      );
    expect([...new Set(holders.map((row) => row.code))]).toEqual(['admin']);

    // The administrator can use them at once; the canteen administrator is given them by 授权.
    const admin = await signIn(app.app, 'admin');
    const answer = await app.app.inject({ method: 'GET', url: `${BASE}/sys/permission/getUserPermissionByToken`, headers: { 'X-Access-Token': admin } });
    expect(answer.json().result.codes).toContain('diningTable:add');
    expect(await syncDeclaredButtons(db)).toBe(0);
  });
});
