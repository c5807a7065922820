/**
 * Lists reload from what a request wrote (X-Changed-Entities): on PGlite and PostgreSQL, the
 * tables a request's statements wrote name the lists that changed — every declared entity by its
 * own table, its details' and the tables under its view — and a refused request names none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, getViewName, isTable, type View } from 'drizzle-orm';
import { CHANGED_ENTITIES_HEADER } from '@shared/constants';
import { entities } from '@shared/entities';
import { changedEntities } from '@server/modules/changedEntities';
import { entityTables } from '@server/modules/entities';
import { cardOfficeOf, key } from '../support/cardOffice';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const office = cardOfficeOf(
  () => t0,
  () => admin,
  731000,
);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

/** A request as the console sends it, and the lists its answer says changed. */
async function changed(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t0.app.inject({ method, url: `${BASE}${url}`, headers: { 'X-Access-Token': admin }, ...(payload ? { payload } : {}) });
  const header = response.headers[CHANGED_ENTITIES_HEADER];
  return { status: response.statusCode, body: response.json(), kinds: typeof header === 'string' ? header.split(',') : [] };
}

describe('which lists a request changed', () => {
  it('names every declared entity by its table, its details’ tables and the tables under its view', async () => {
    const kindsOf = changedEntities(t0.db);
    for (const [spec, table, , details] of entityTables()) {
      const own = isTable(table) ? getTableName(table) : getViewName(table as unknown as View);
      const written = isTable(table) ? [own] : [];
      if (!isTable(table)) {
        // A view's list changes with any of the tables it reads: each one named must name the entity.
        const rows = (await t0.db.execute(
          `select distinct t.relname as base from pg_rewrite r join pg_class v on v.oid = r.ev_class join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass join pg_class t on t.oid = d.refobjid where v.relname = '${own}' and t.relkind = 'r'`,
        )) as unknown as { rows: { base: string }[] };
        expect(rows.rows.length, spec.id).toBeGreaterThan(0);
        written.push(...rows.rows.map((row) => row.base));
      }
      written.push(...Object.values(details ?? {}).map((detail) => getTableName(detail)));
      for (const name of written) expect(await kindsOf({ tables: new Set([name]), kinds: new Set() }), `${spec.id} by ${name}`).toContain(spec.id);
    }
    // What a list declares it shows reloads it too.
    for (const spec of entities()) for (const shown of spec.alsoShows ?? []) expect(await kindsOf({ tables: new Set(), kinds: new Set([shown]) }), spec.id).toContain(spec.id);
  });

  it('answers a saved record’s list, and none for a refused request or a read', async () => {
    const added = await changed('POST', '/meals/canteen/add', { name: '变更食堂', code: 'BG01', status: '1' });
    expect(added.body.success, added.body.message).toBe(true);
    expect(added.kinds).toContain('meals.canteen');
    const refused = await changed('POST', '/meals/canteen/add', { name: '' });
    expect(refused.status).toBe(400);
    expect(refused.kinds).toEqual([]);
    expect((await changed('GET', '/meals/canteen/list')).kinds).toEqual([]);
  });

  it('answers what a recharge moved: the account, its card’s balance, the records and the member’s list', async () => {
    const { accountId } = await office.open();
    const recharged = await changed('POST', '/memb/account/recharge', { idempotencyKey: key(), accountId, amount: 50, channel: 'cash' });
    expect(recharged.body.success, recharged.body.message).toBe(true);
    expect(recharged.kinds).toEqual(expect.arrayContaining(['members.account', 'members.cardBalance', 'members.member', 'payments.charge', 'payments.consumption']));
    expect(recharged.kinds).not.toContain('meals.canteen');
  });

  it('answers the platform’s own lists: a role’s permissions', async () => {
    const roles = (await changed('GET', '/sys/role/list?pageSize=50')).body.result.records as { id: string; roleCode: string }[];
    const role = roles.find((row) => row.roleCode !== 'admin')!;
    const held = (await changed('GET', `/sys/permission/queryRolePermission?roleId=${role.id}`)).body.result as string[];
    // Saving what the role holds already writes nothing, and names no list.
    const same = await changed('POST', '/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: held.join(','), lastpermissionIds: held.join(',') });
    expect(same.body.success, same.body.message).toBe(true);
    expect(same.kinds).toEqual([]);
    const less = held.slice(0, -1);
    const saved = await changed('POST', '/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: less.join(','), lastpermissionIds: held.join(',') });
    expect(saved.body.success, saved.body.message).toBe(true);
    expect(saved.kinds).toEqual(expect.arrayContaining(['permissions', 'roles']));
    const edited = await changed('PUT', '/sys/role/edit', { ...role, description: '变更测试' });
    expect(edited.body.success, edited.body.message).toBe(true);
    expect(edited.kinds).toContain('roles');
  });
});
