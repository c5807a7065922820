/**
 * Several server instances on one PostgreSQL: what one instance keeps in memory (sessions, what
 * users hold) is dropped on every instance when it changes elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createHmac } from 'node:crypto';
import * as t from '@server/db/schema';

import { terminalSigningText } from '@shared/terminal';
import { apiOf } from '../support/api';
import { BASE, createTestApp, signIn, startSecondInstance, type TestApp } from '../support/testApp';
import { timeOutsideMeals } from '../support/terminalTime';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let first: TestApp;
let second: Awaited<ReturnType<typeof startSecondInstance>>;
let admin: string;
const { call, permissionIds, roleWithUser } = apiOf(() => first);

beforeAll(async () => {
  if (!onPostgres) return;
  first = await createTestApp();
  second = await startSecondInstance(first);
  admin = await signIn(first.app, 'admin');
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const onSecond = (token: string, url: string) => second.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: { 'X-Access-Token': token } });

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  it('a permission revoked on one instance is refused on the other', async () => {
    const viewer = await roleWithUser(admin, 'inst_view', ['system:roles']);
    // The second instance has seen the grant (and keeps it in memory).
    expect((await onSecond(viewer.token, '/sys/role/list')).statusCode).toBe(200);
    const [menu] = await permissionIds('system:roles');
    const revoked = await call(admin, 'POST', '/sys/permission/saveRolePermission', { roleId: viewer.roleId, permissionIds: '', lastpermissionIds: menu });
    expect(revoked.body.success).toBe(true);
    await expect.poll(async () => (await onSecond(viewer.token, '/sys/role/list')).statusCode, { timeout: 2000, interval: 20 }).toBe(403);
  });

  it('a terminal disabled or given a new key on one instance is refused on the other, which kept it in memory', async () => {
    const [device] = await first.db.select().from(t.devices).where(eq(t.devices.serialNo, 'POS0102'));
    const key = (await call(admin, 'POST', '/dev/device/issueKey', { id: device!.id })).body.result.secret as string;
    const [card] = await first.db.select({ cardNo: t.cards.cardNo }).from(t.cards).where(eq(t.cards.cardStatus, '1')).limit(1);
    let serial = 0;
    const pay = (secret: string) => {
      const records = [{ serialNo: `I${(serial += 1)}`, cardNo: card!.cardNo, amount: 1, deviceTime: timeOutsideMeals('Asia/Shanghai') }];
      const timestamp = String(Date.now());
      const signature = createHmac('sha256', secret)
        .update(terminalSigningText('POS0102', timestamp, records))
        .digest('hex');
      return second.app
        .inject({
          method: 'POST',
          url: `${BASE}/terminal/consume`,
          headers: { 'content-type': 'application/json', 'x-terminal-serial': 'POS0102', 'x-timestamp': timestamp, 'x-signature': signature },
          payload: JSON.stringify({ records }),
        })
        .then((response) => response.statusCode);
    };
    expect(await pay(key)).toBe(200);
    const row = (await call(admin, 'GET', `/dev/device/queryById?id=${device!.id}`)).body.result;
    expect((await call(admin, 'PUT', '/dev/device/edit', { ...row, status: '0' })).body.success).toBe(true);
    await expect.poll(() => pay(key), { timeout: 2000, interval: 20 }).toBe(403);
    await call(admin, 'PUT', '/dev/device/edit', { ...row, status: '1' });
    await expect.poll(() => pay(key), { timeout: 2000, interval: 20 }).toBe(200);
    const newKey = (await call(admin, 'POST', '/dev/device/issueKey', { id: device!.id })).body.result.secret as string;
    await expect.poll(() => pay(key), { timeout: 2000, interval: 20 }).toBe(401);
    expect(await pay(newKey)).toBe(200);
  });

  it('keeps serving when PostgreSQL drops every connection it holds, and hears what it missed meanwhile', async () => {
    const token = await signIn(first.app, 'canteen');
    expect((await onSecond(token, '/sys/user/getCurrentUserDeparts')).statusCode).toBe(200);
    const admin0 = new pg.Client({ connectionString: first.databaseUrl });
    await admin0.connect();
    const cut = await admin0.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    await admin0.end();
    expect(cut.rowCount).toBeGreaterThan(0);
    // The pools hear of it and open new connections; an unheard pool error would end the process.
    for (const app of [first.app, second.app]) {
      await expect
        .poll(async () => (await app.inject({ method: 'GET', url: `${BASE}/sys/user/getCurrentUserDeparts`, headers: { 'X-Access-Token': admin } })).statusCode, { timeout: 5000, interval: 100 })
        .toBe(200);
    }
    // Signed out on the first while the second may not be listening yet: the second must not go on
    // trusting the session it remembers.
    await first.app.inject({ method: 'POST', url: `${BASE}/sys/logout`, headers: { 'X-Access-Token': token } });
    await expect.poll(async () => (await onSecond(token, '/sys/user/getCurrentUserDeparts')).statusCode, { timeout: 5000, interval: 50 }).toBe(401);
  });

  it('a session ended on one instance is refused on the other', async () => {
    const token = await signIn(first.app, 'canteen');
    expect((await onSecond(token, '/sys/user/getCurrentUserDeparts')).statusCode).toBe(200);
    await first.app.inject({ method: 'POST', url: `${BASE}/sys/logout`, headers: { 'X-Access-Token': token } });
    await expect.poll(async () => (await onSecond(token, '/sys/user/getCurrentUserDeparts')).statusCode, { timeout: 2000, interval: 20 }).toBe(401);
  });

  it('an export written by one instance downloads from the other', async () => {
    const started = await call(admin, 'GET', '/meals/canteen/exportXls');
    expect(started.body.success, started.body.message).toBe(true);
    const id = started.body.result.id as string;
    await expect
      .poll(async () => (await onSecond(admin, '/syz/download/list')).json().result.records.find((job: { id: string }) => job.id === id)?.status, { timeout: 10_000, interval: 100 })
      .toBe('1');
    const file = await onSecond(admin, `/syz/download/file?id=${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
  });

  it('a dictionary item changed on one instance reads changed on the other', async () => {
    const [dict] = await first.db.select().from(t.dictionaries).where(eq(t.dictionaries.dictCode, 'canteen_status'));
    const [item] = await first.db.select().from(t.dictionaryItems).where(eq(t.dictionaryItems.dictId, dict!.id));
    const text = async () =>
      ((await onSecond(admin, '/sys/dict/getDictItems/canteen_status')).json().result as { value: string; text: string }[]).find((entry) => entry.value === item!.itemValue)?.text;
    expect(await text()).toBe(item!.itemText);
    const edited = await call(admin, 'PUT', '/sys/dictItem/edit', { id: item!.id, dictId: dict!.id, itemText: '两实例', itemValue: item!.itemValue, status: '1' });
    expect(edited.body.success, edited.body.message).toBe(true);
    await expect.poll(text, { timeout: 2000, interval: 20 }).toBe('两实例');
  });

  it('a user frozen on one instance is signed out on the other', async () => {
    const user = await roleWithUser(admin, 'inst_freeze', ['system:roles']);
    expect((await onSecond(user.token, '/sys/role/list')).statusCode).toBe(200);
    const [row] = await first.db.select().from(t.users).where(eq(t.users.username, user.username));
    await call(admin, 'PUT', '/sys/user/frozenBatch', { ids: row!.id, status: 2 });
    await expect.poll(async () => (await onSecond(user.token, '/sys/role/list')).statusCode, { timeout: 2000, interval: 20 }).toBe(401);
  });
});
