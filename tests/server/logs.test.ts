/**
 * 日志管理 on PGlite and PostgreSQL: every changing request of a signed-in user is written to the
 * operation log (allowed or refused, never its body), read through the engine's lists and through
 * JeecgBoot's `/sys/log/list`, each school seeing its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { apiOf } from '../support/api';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser, secondSchool } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

/** The operation log's rows for a path, newest first, once the one expected has been written (after the answer). */
async function logged(path: string, rows = 1) {
  let found: (typeof t.operationLogs.$inferSelect)[] = [];
  await expect
    .poll(async () => {
      found = await t0.db.select().from(t.operationLogs).where(eq(t.operationLogs.requestUrl, path)).orderBy(desc(t.operationLogs.id));
      return found.length;
    })
    .toBeGreaterThanOrEqual(rows);
  return found;
}

describe('操作日志', () => {
  it('writes who, the route, its permission, the record named and the result of each change; reads are not written', async () => {
    const added = await call(admin, 'POST', '/meals/canteen/add', { name: '日志食堂', code: 'LOG01', status: '1' });
    expect(added.body.success, added.body.message).toBe(true);
    const [row] = await logged(`${'/meals/canteen/add'}`);
    expect(row).toMatchObject({
      tenantId: 0,
      username: 'admin',
      operateType: '2',
      requestMethod: 'POST',
      route: '/meals/canteen/add',
      permission: 'canteen:add',
      target: `id=${added.body.result.id}`,
      status: 200,
      success: true,
      message: added.body.message,
    });
    expect(row!.costMs).toBeGreaterThanOrEqual(0);
    expect(row!.ip).toBeTruthy();
    // A refusal is written with its message; a read is not written at all.
    const bad = await call(admin, 'PUT', '/meals/canteen/edit', { id: added.body.result.id, name: '', code: 'LOG01', status: '1' });
    expect(bad.status).toBe(400);
    const [refused] = await logged('/meals/canteen/edit');
    expect(refused).toMatchObject({ operateType: '3', status: 400, success: false, message: bad.body.message, target: `id=${added.body.result.id}` });
    await get(admin, '/meals/canteen/list');
    expect(await t0.db.select().from(t.operationLogs).where(eq(t.operationLogs.requestUrl, '/meals/canteen/list'))).toEqual([]);
    const deleted = await call(admin, 'DELETE', `/meals/canteen/delete?id=${added.body.result.id}`);
    expect(deleted.body.success).toBe(true);
    expect((await logged('/meals/canteen/delete'))[0]).toMatchObject({ operateType: '4', target: `id=${added.body.result.id}`, success: true });
  });

  it('writes a forbidden attempt under the caller’s name, and never a password', async () => {
    const reader = await roleWithUser(admin, 'logreader', ['system:logs']);
    const refused = await call(reader.token, 'POST', '/meals/canteen/add', { name: '越权食堂', code: 'LOG02', status: '1' });
    expect(refused.status).toBe(403);
    const rows = await logged('/meals/canteen/add', 2);
    expect(rows.find((row) => row.username === reader.username)).toMatchObject({ status: 403, success: false, permission: 'canteen:add' });
    const secret = 'Quite-Secret-9';
    await call(admin, 'PUT', '/sys/user/changePassword', { username: reader.username, password: secret, confirmpassword: secret });
    const written = await logged('/sys/user/changePassword');
    expect(written[0]!.target).toBe(`username=${reader.username}`);
    expect(JSON.stringify(await t0.db.select().from(t.operationLogs))).not.toContain(secret);
    // The log is read by whoever holds its screen (signed in again: a new password ends the sessions).
    reader.token = await signIn(t0.app, reader.username, secret);
    const answer = await get(reader.token, '/sys/operationLog/list?pageSize=50&username=admin');
    expect(answer.body.success, answer.body.message).toBe(true);
    const list = answer.body.result;
    expect(list.records.length).toBeGreaterThan(0);
    expect(list.records[0]).toMatchObject({ username: 'admin', operateType_dictText: expect.any(String) });
    const jeecg = (await get(reader.token, '/sys/log/list?logType=2&pageSize=5&keyWord=canteen')).body.result;
    expect(jeecg).toMatchObject({ current: 1, size: 5 });
    expect(jeecg.total).toBeGreaterThanOrEqual(3);
    expect(jeecg.records[0]).toMatchObject({ logType: 2, requestType: expect.stringMatching(/^(POST|PUT|DELETE)$/), username: expect.any(String), costTime: expect.any(Number) });
    expect(jeecg.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const signIns = (await get(reader.token, '/sys/log/list?logType=1&pageSize=50')).body.result;
    expect(signIns.records.map((record: { logContent: string }) => record.logContent)).toContain('用户名: admin,登录成功');
    expect((await get(reader.token, '/sys/loginLog/list?pageSize=5&username=admin')).body.result.records[0]).toMatchObject({ username: 'admin', success: true, message: '登录成功' });
    // An English console reads the results in English.
    const english = await t0.app.inject({ method: 'GET', url: `${BASE}/sys/loginLog/list?pageSize=5&username=admin`, headers: { 'X-Access-Token': reader.token, 'accept-language': 'en' } });
    expect(english.json().result.records[0]).toMatchObject({ username: 'admin', message: 'Signed in' });
  });

  it('keeps each school’s log to itself', async () => {
    const other = await secondSchool(38, 'school38');
    expect((await get(other.token, '/sys/log/list?logType=2&pageSize=200')).body.result.records.filter((record: { username: string }) => record.username === 'admin')).toEqual([]);
    expect((await get(other.token, '/sys/operationLog/list?pageSize=200&username=admin')).body.result.total).toBe(0);
  });
});
