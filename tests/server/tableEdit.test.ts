import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { openSocket as openTableSocket } from '../support/sockets';
import { roles, rolePermissions, tenants, userRoles, users } from '@server/db/schema';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t: TestApp;
let admin: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin');
  adminId = (await t.db.select().from(users).where(eq(users.username, 'admin')))[0]!.id;
});
afterAll(async () => t?.close());

const save = (token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `${BASE}/demo/tableEdit/save`, headers: { 'X-Access-Token': token }, payload: payload as Record<string, unknown> });
const list = (token: string, query = '') => t.app.inject({ method: 'GET', url: `${BASE}/demo/tableEdit/list${query}`, headers: { 'X-Access-Token': token } });

/** Opens a table socket and collects what it receives. */
const openSocket = (path: string, headers: Record<string, string> = {}) => openTableSocket(t.app, path, headers);

const row = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: '张三', code: `C-${id.replace(/[^A-Za-z0-9]/g, '')}`, amount: 12.5, quantity: 2, ...extra });

describe('the table-editing demo API', () => {
  it('opens on the sample rows a new database is seeded with', async () => {
    const page = (await list(admin, '?pageNo=1&pageSize=20&column=orderNum&order=asc')).json().result;
    expect(page.total).toBe(12);
    expect(page.records[0]).toMatchObject({ name: '王小明', code: 'S-1001', amount: 12.5, quantity: 2, category: '2', birthday: '2010-03-14' });
    expect(new Set(page.records.map((r: { code: string }) => r.code)).size).toBe(12);
  });

  it('saves new rows with server ids, lists them paged and sorted, and updates them', async () => {
    // The seed's sample rows are there already (order 1…12); these come before them.
    const before = (await list(admin)).json().result.total;
    expect(before).toBeGreaterThan(0);
    const created = await save(admin, { rows: [row('new_1', { orderNum: 1 }), row('new_2', { name: '李四', code: 'C-2', orderNum: 0 })] });
    expect(created.json().message).toBe('保存成功！');
    expect(created.statusCode).toBe(200);
    const saved = created.json().result;
    expect(saved.map((r: { id: string }) => r.id)).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), expect.stringMatching(/^[0-9a-f]{32}$/)]);
    expect(saved[0]).toMatchObject({ name: '张三', amount: 12.5, quantity: 2, checkedIn: false });

    const page = (await list(admin, '?pageNo=1&pageSize=1&column=orderNum&order=asc')).json().result;
    expect(page).toMatchObject({ total: before + 2, size: 1, current: 1, pages: before + 2 });
    expect(page.records[0].name).toBe('李四');

    const edited = await save(admin, { rows: [{ ...saved[0], amount: '99.99', tags: 'ab;cd' }] });
    expect(edited.json().result[0]).toMatchObject({ id: saved[0].id, amount: 99.99, tags: 'ab;cd' });
  });

  it('refuses invalid rows with 400 naming the row and column, and writes nothing', async () => {
    const before = (await list(admin)).json().result.total;
    const response = await save(admin, { rows: [row('new_a', { code: 'DUP' }), row('new_b', { code: 'DUP', phone: '12345' })] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^第 \d 行 (编号|手机号)：/);
    const money = await save(admin, { rows: [row('new_c', { code: 'M-1', amount: '1.234' })] });
    expect(money.json().message).toBe('第 1 行 金额：请输入正确的金额');
    // The screen's custom handler runs on the server too.
    const many = await save(admin, { rows: [row('new_d', { code: 'Q-1', quantity: 10000 })] });
    expect(many.json().message).toBe('第 1 行 数量：数量不能超过9999');
    expect((await list(admin)).json().result.total).toBe(before);
  });

  it('two rows may swap codes; a code another row of the school holds, or a row deleted meanwhile, is a 400 and writes nothing', async () => {
    const [a, b, c] = (await save(admin, { rows: [row('new_s1', { code: 'SW-A' }), row('new_s2', { code: 'SW-B' }), row('new_s3', { code: 'SW-C' })] })).json().result;
    const swapped = await save(admin, {
      rows: [
        { ...a, code: 'SW-B' },
        { ...b, code: 'SW-A' },
      ],
    });
    expect(swapped.json().message).toBe('保存成功！');
    expect(swapped.json().result.map((r: { code: string }) => r.code)).toEqual(['SW-B', 'SW-A']);

    // Row c is not in this edit, but its code is taken.
    const clash = await save(admin, { rows: [{ ...a, code: 'SW-C', name: '改名' }] });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe('编号不能重复：该编号已被其他记录使用');
    const codes = (await list(admin, '?pageSize=200')).json().result.records.filter((r: { id: string }) => [a.id, b.id, c.id].includes(r.id));
    expect(codes.map((r: { code: string; name: string }) => `${r.code}/${r.name}`).sort()).toEqual(['SW-A/张三', 'SW-B/张三', 'SW-C/张三']);

    await save(admin, { rows: [], deletedIds: [c.id] });
    const gone = await save(admin, { rows: [{ ...c, name: '复活' }] });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe('第 1 行的记录已不存在（可能已被他人删除），请刷新后再试');
  });

  it('is refused to a user without the screen', async () => {
    const canteen = await signIn(t.app, 'canteen');
    expect((await list(canteen)).statusCode).toBe(403);
    expect((await save(canteen, { rows: [] })).statusCode).toBe(403);
  });
});

describe('/vxeSocket', () => {
  it('refuses a socket without a valid session, or for another user id', async () => {
    await expect(t.app.injectWS(`${BASE}/vxeSocket/${adminId}/page-1`)).rejects.toThrow(/401/);
    await expect(t.app.injectWS(`${BASE}/vxeSocket/someone-else/page-1?token=${admin}`)).rejects.toThrow(/403/);
  });

  it('answers heartbeats', async () => {
    const socket = await openSocket(`${BASE}/vxeSocket/${adminId}/page-1?token=${admin}`);
    socket.ws.send(JSON.stringify({ type: 'heart_beat', data: '' }));
    expect(await socket.next()).toEqual({ type: 'heart_beat', data: true });
    socket.ws.send('garbage that does not parse');
    socket.ws.send(JSON.stringify({ type: 'heart_beat', data: '' }));
    expect(await socket.next()).toEqual({ type: 'heart_beat', data: true });
    socket.ws.terminate();
  });

  it('delivers a saved row to tables bound to the same key in the same tenant only', async () => {
    const bound = await openSocket(`${BASE}/vxeSocket/${adminId}/page-a?socketKey=demo-table-edit`, { 'sec-websocket-protocol': admin });
    const other = await openSocket(`${BASE}/vxeSocket/${adminId}/page-b?socketKey=another-table&token=${admin}`);

    // A user of another tenant with the same screen must not see tenant 0's rows.
    await t.db.insert(tenants).values({ id: 7, name: '另一所学校' });
    const [adminUser] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    await t.db.insert(users).values({ id: 'tenant7user', tenantId: 7, username: 'tenant7', passwordHash: adminUser!.passwordHash });
    await t.db.insert(roles).values({ id: 'tenant7role', tenantId: 7, roleCode: 'demo', roleName: '演示' });
    const adminRole = (await t.db.select().from(userRoles).where(eq(userRoles.userId, adminUser!.id)))[0]!;
    const grants = await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, adminRole.roleId));
    await t.db.insert(rolePermissions).values(grants.map((g) => ({ roleId: 'tenant7role', permissionId: g.permissionId })));
    await t.db.insert(userRoles).values({ userId: 'tenant7user', roleId: 'tenant7role' });
    const foreignToken = await signIn(t.app, 'tenant7');
    const foreign = await openSocket(`${BASE}/vxeSocket/tenant7user/page-c?socketKey=demo-table-edit&token=${foreignToken}`);

    const response = await save(admin, { rows: [row('new_live', { code: 'LIVE-1' })], caseId: 'case-x' });
    expect(response.statusCode).toBe(200);
    const message = (await bound.next()) as { type: string; data: { socketKey: string; args: [Record<string, unknown>, string] } };
    expect(message.type).toBe('update_vxe_table');
    expect(message.data.socketKey).toBe('demo-table-edit');
    expect(message.data.args[0]).toMatchObject({ code: 'LIVE-1', name: '张三' });
    expect(message.data.args[1]).toBe('case-x');

    // A client's update is only a hint: the tables get the row as the database holds it, never
    // the client's copy; a row that does not exist is announced to nobody.
    const savedId = message.data.args[0].id as string;
    bound.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'demo-table-edit', args: [{ id: 'no-such-row', name: '伪造' }, 'case-y'] } }));
    bound.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'demo-table-edit', args: [{ id: savedId, name: '伪造', amount: 1e9 }, 'case-y'] } }));
    const hinted = (await bound.next()) as { data: { args: [Record<string, unknown>, string] } };
    expect(hinted.data.args[0]).toMatchObject({ id: savedId, name: '张三', code: 'LIVE-1', amount: 12.5 });
    expect(hinted.data.args[1]).toBe('case-y');

    // Server-sent common messages reach the same tables, by key.
    const { publishTableCommon } = await import('@server/realtime/tableSocket');
    await publishTableCommon(t.bus, 0, 'demo-table-edit', 'refresh', [1, 'a']);
    expect(await bound.next()).toEqual({ type: 'common_send_date', data: { key: 'refresh', args: [1, 'a'] } });

    // A user of the same school who may not open the screen: bound to nothing, pushes nothing.
    const canteen = await signIn(t.app, 'canteen');
    const [canteenUser] = await t.db.select().from(users).where(eq(users.username, 'canteen'));
    const outsider = await openSocket(`${BASE}/vxeSocket/${canteenUser!.id}/page-d?socketKey=demo-table-edit&token=${canteen}`);
    outsider.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'demo-table-edit', args: [{ id: 'x', name: '伪造' }, 'case-z'] } }));
    await save(admin, { rows: [row('new_live2', { code: 'LIVE-2' })], caseId: 'case-x' });
    expect(((await bound.next()) as { data: { args: [Record<string, unknown>] } }).data.args[0]).toMatchObject({ code: 'LIVE-2' });

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(other.received).toEqual([]);
    expect(foreign.received).toEqual([]);
    expect(outsider.received).toEqual([]);
    // The forged update reached nobody: the next thing the bound table saw was the save.
    expect(bound.received).toEqual([]);
    outsider.ws.terminate();
    // And the other tenant's list does not show tenant 0's rows.
    expect((await list(foreignToken)).json().result.total).toBe(0);
    for (const socket of [bound, other, foreign]) socket.ws.terminate();
  });
});

describe('large lists', () => {
  it('gives an exact total for small tables and the planner estimate above 50,000 rows', async () => {
    const { sql } = await import('drizzle-orm');
    const before = (await list(admin)).json().result;
    expect(before.totalEstimated).toBe(false);
    await t.db.execute(sql`
      INSERT INTO demo_table_rows (id, tenant_id, order_num, name, code)
      SELECT md5('big' || i::text), 0, 100000 + i, '大表' || i, 'BIG-' || i FROM generate_series(1, 60000) AS s(i)`);
    await t.db.execute(sql`ANALYZE demo_table_rows`);
    const page = (await list(admin, '?pageNo=2&pageSize=10&column=orderNum&order=desc')).json().result;
    expect(page.totalEstimated).toBe(true);
    expect(page.total).toBeGreaterThan(60000 * 0.8);
    expect(page.total).toBeLessThan(60000 * 1.2 + before.total);
    expect(page.records).toHaveLength(10);
    expect(page.records[0].name).toBe('大表59990');
  });
});

describe('the event bus', () => {
  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, listens again after its connection is cut', async () => {
    const { sql } = await import('drizzle-orm');
    const got: unknown[] = [];
    const unsubscribe = t.bus.subscribe('bus-test', (payload) => got.push(payload));
    await t.bus.publish('bus-test', 1);
    await expect.poll(() => got).toEqual([1]);
    // The database drops the listening connection (a restart or a network cut would).
    await t.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND datname = current_database() AND pid <> pg_backend_pid()`);
    await expect
      .poll(
        async () => {
          await t.bus.publish('bus-test', 2);
          return got.includes(2);
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe(true);
    unsubscribe();
  });
});

describe('/vxeSocket and the session', () => {
  /** Resolves with the close code when the socket closes, or 'open' after 2 s. */
  const closed = (ws: WebSocket) =>
    new Promise<number | 'open'>((resolve) => {
      ws.on('close', (code) => resolve(code));
      setTimeout(() => resolve('open'), 2000);
    });
  const signedInUser = async (username: string) => {
    const add = await t.app.inject({
      method: 'POST',
      url: `${BASE}/sys/user/add`,
      headers: { 'X-Access-Token': admin },
      payload: { username, realname: username, password: 'Socket-pass1', selectedroles: (await t.db.select().from(userRoles).where(eq(userRoles.userId, adminId)))[0]!.roleId },
    });
    expect(add.json().success).toBe(true);
    return { id: add.json().result.id as string, token: await signIn(t.app, username, 'Socket-pass1') };
  };
  const socketOf = async (user: { id: string; token: string }, page = 'p') => openSocket(`${BASE}/vxeSocket/${user.id}/${page}?socketKey=demo-table-edit&token=${user.token}`);

  it('closes at once on sign-out, password change, freeze and delete', async () => {
    const out = await signedInUser('sock_out');
    const outSocket = await socketOf(out);
    const outClosed = closed(outSocket.ws);
    await t.app.inject({ method: 'POST', url: `${BASE}/sys/logout`, headers: { 'X-Access-Token': out.token } });
    expect(await outClosed).toBe(4401);

    const changer = await signedInUser('sock_pw');
    const pwSocket = await socketOf(changer);
    const pwClosed = closed(pwSocket.ws);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/sys/user/updatePassword`,
      headers: { 'X-Access-Token': changer.token },
      payload: { username: 'sock_pw', oldpassword: 'Socket-pass1', password: 'Socket-pass2', confirmpassword: 'Socket-pass2' },
    });
    expect(changed.json().success).toBe(true);
    expect(await pwClosed).toBe(4401);

    const frozen = await signedInUser('sock_freeze');
    const frozenSocket = await socketOf(frozen);
    const frozenClosed = closed(frozenSocket.ws);
    await t.app.inject({ method: 'PUT', url: `${BASE}/sys/user/frozenBatch`, headers: { 'X-Access-Token': admin }, payload: { ids: frozen.id, status: 2 } });
    expect(await frozenClosed).toBe(4401);

    const deleted = await signedInUser('sock_delete');
    const deletedSocket = await socketOf(deleted);
    const deletedClosed = closed(deletedSocket.ws);
    await t.app.inject({ method: 'DELETE', url: `${BASE}/sys/user/delete?id=${deleted.id}`, headers: { 'X-Access-Token': admin } });
    expect(await deletedClosed).toBe(4401);

    // Someone else's socket stays open.
    const bystander = await socketOf({ id: adminId, token: admin });
    const bystanderClosed = closed(bystander.ws);
    await t.app.inject({ method: 'POST', url: `${BASE}/sys/logout`, headers: { 'X-Access-Token': (await signedInUser('sock_other')).token } });
    expect(await bystanderClosed).toBe('open');
    bystander.ws.terminate();
  });

  it('caps sockets per session and frames per second', async () => {
    const user = await signedInUser('sock_cap');
    const sockets = [];
    for (let i = 0; i < 8; i += 1) sockets.push(await socketOf(user, `tab${i}`));
    const ninth = await socketOf(user, 'tab8');
    expect(await closed(ninth.ws)).toBe(1008);
    const flooded = closed(sockets[0]!.ws);
    for (let i = 0; i < 40; i += 1) sockets[0]!.ws.send(JSON.stringify({ type: 'heart_beat', data: '' }));
    expect(await flooded).toBe(1008);
    for (const socket of sockets) socket.ws.terminate();
  });
});
