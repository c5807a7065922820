/**
 * 系统通告 on PGlite and PostgreSQL: drafts with a sanitised body, released to everyone or to
 * named users, departments or roles, each recipient's unread lists and counts (JeecgBoot's
 * listByUser), read one by one or all, revoked; the notice socket tells the recipients at once,
 * also on a second instance of the same PostgreSQL; other schools see none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { ANONYMOUS_LIMITS } from '@server/realtime/noticeSocket';
import { apiOf } from '../support/api';
import { openSocket } from '../support/sockets';
import { createTestApp, signIn, startSecondInstance, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
let adminId: string;
let canteen: string;
let canteenId: string;
const { call, get, secondSchool } = apiOf(() => t0);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  canteen = await signIn(t0.app, 'canteen');
  const rows = await t0.db.select({ id: t.users.id, username: t.users.username }).from(t.users);
  adminId = rows.find((row) => row.username === 'admin')!.id;
  canteenId = rows.find((row) => row.username === 'canteen')!.id;
});
afterAll(async () => t0?.close());

const draft = async (values: Record<string, unknown>) => {
  const added = await call(admin, 'POST', '/sys/annountCement/add', { titile: '通知', msgContent: '<p>内容</p>', ...values });
  expect(added.body.success, added.body.message).toBe(true);
  return added.body.result.id as string;
};
const release = (id: string) => get(admin, `/sys/annountCement/doReleaseData?id=${id}`);
const feedOf = async (token: string) => (await get(token, '/sys/annountCement/listByUser')).body.result;

describe('系统通告', () => {
  it('stores a draft with its body sanitised and refuses what is not an announcement', async () => {
    const id = await draft({ titile: '安全提醒', msgContent: '<p onclick="steal()">请注意<script>alert(1)</script><a href="javascript:alert(2)">链接</a><img src="x.png" onerror="alert(3)"></p>' });
    const record = (await get(admin, `/sys/annountCement/queryById?id=${id}`)).body.result;
    expect(record).toMatchObject({ titile: '安全提醒', sendStatus: '0', sendStatus_dictText: '未发布', msgType: 'ALL', priority: 'L' });
    expect(record.msgContent).toContain('请注意');
    expect(record.msgContent).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(record.msgContent).toContain('<img src="x.png">');
    expect((await call(admin, 'POST', '/sys/annountCement/add', { titile: '' })).body.message).toBe('请输入标题（titile）');
    expect((await call(admin, 'POST', '/sys/annountCement/add', { titile: '给谁', msgType: 'USER' })).body.message).toBe('请选择接收对象（userIds）');
    expect((await call(admin, 'POST', '/sys/annountCement/add', { titile: '给谁', msgType: 'USER', userIds: 'nobody,' })).body.message).toBe('接收对象不存在（userIds）');
    expect((await call(admin, 'POST', '/sys/annountCement/add', { titile: '优先级', priority: 'X' })).status).toBe(400);
    // Nobody sees a draft.
    expect((await feedOf(canteen)).anntMsgList.map((row: { id: string }) => row.id)).not.toContain(id);
  });

  it('releases to everyone: listed unread with its counts, read once opened, and the socket says so', async () => {
    const socket = await openSocket(t0.app, `/ccu-boot/websocket/${canteenId}`, { 'sec-websocket-protocol': canteen });
    const before = await feedOf(canteen);
    const id = await draft({ titile: '全校停电通知', priority: 'H', msgContent: '<p>周六停电</p>' });
    expect((await release(id)).body.message).toBe('该系统通知发布成功');
    expect(await socket.next()).toEqual({ cmd: 'topic', msgId: id, msgTxt: '全校停电通知' });
    const feed = await feedOf(canteen);
    expect(feed.anntMsgTotal).toBe(before.anntMsgTotal + 1);
    expect(feed.anntMsgList[0]).toMatchObject({ id, titile: '全校停电通知', priority: 'H', sender: 'admin', msgContent: '<p>周六停电</p>', readFlag: '0' });
    expect(feed.anntMsgList[0].sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Opened: read, gone from the unread list, still in my announcements.
    const read = await call(canteen, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: id });
    expect(read.body.success).toBe(true);
    const after = await feedOf(canteen);
    expect(after.anntMsgTotal).toBe(before.anntMsgTotal);
    expect(after.anntMsgList.map((row: { id: string }) => row.id)).not.toContain(id);
    const mine = (await get(canteen, '/sys/sysAnnouncementSend/getMyAnnouncementSend?titile=停电')).body.result;
    expect(mine.records).toEqual([expect.objectContaining({ id, readFlag: '1' })]);
    // The heartbeat is answered, not echoed.
    socket.ws.send('HeartBeat');
    expect(await socket.next()).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    // A released one cannot be edited; revoked, it leaves every list and the socket is told again
    // (awaited here: on PostgreSQL the notice comes back through LISTEN, after the request ends).
    expect((await call(admin, 'PUT', '/sys/annountCement/edit', { id, titile: '改' })).body.message).toBe('已发布的通告不能修改，请先撤销');
    expect((await get(admin, `/sys/annountCement/doReovkeData?id=${id}`)).body.message).toBe('该系统通知撤销成功');
    expect(await socket.next()).toEqual({ cmd: 'topic', msgId: id, msgTxt: '全校停电通知' });
    socket.ws.close();
    expect((await get(canteen, '/sys/sysAnnouncementSend/getMyAnnouncementSend?titile=停电')).body.result.records).toEqual([]);
  });

  it('reaches only the users, departments or roles it names, and tells only their sockets', async () => {
    const adminSocket = await openSocket(t0.app, `/ccu-boot/websocket/${adminId}`, { 'sec-websocket-protocol': admin });
    const canteenSocket = await openSocket(t0.app, `/ccu-boot/websocket/${canteenId}`, { 'sec-websocket-protocol': canteen });
    const toCanteen = await draft({ titile: '食堂检查', msgType: 'USER', userIds: `${canteenId},`, msgCategory: '2' });
    await release(toCanteen);
    expect(await canteenSocket.next()).toEqual({ cmd: 'user', msgId: toCanteen, msgTxt: '食堂检查', userId: canteenId });
    expect((await feedOf(canteen)).sysMsgList.map((row: { id: string }) => row.id)).toContain(toCanteen);
    expect((await feedOf(admin)).sysMsgList.map((row: { id: string }) => row.id)).not.toContain(toCanteen);

    const [canteenRole] = await t0.db.select().from(t.roles).where(eq(t.roles.roleCode, 'canteen_admin'));
    const toRole = await draft({ titile: '角色通知', msgType: 'ROLE', userIds: canteenRole!.id });
    await release(toRole);
    expect(await canteenSocket.next()).toMatchObject({ cmd: 'user', msgId: toRole });
    expect((await feedOf(canteen)).anntMsgList.map((row: { id: string }) => row.id)).toContain(toRole);
    expect((await feedOf(admin)).anntMsgList.map((row: { id: string }) => row.id)).not.toContain(toRole);

    const [itCentre] = await t0.db.select().from(t.departments).where(eq(t.departments.departName, '信息中心'));
    const toDepart = await draft({ titile: '信息中心例会', msgType: 'DEPART', userIds: itCentre!.id });
    await release(toDepart);
    expect(await adminSocket.next()).toMatchObject({ cmd: 'user', msgId: toDepart });
    expect((await feedOf(admin)).anntMsgList.map((row: { id: string }) => row.id)).toContain(toDepart);
    expect((await feedOf(canteen)).anntMsgList.map((row: { id: string }) => row.id)).not.toContain(toDepart);
    // The admin's socket heard nothing of the others.
    expect(adminSocket.received).toEqual([]);
    // 全部已读.
    expect((await call(canteen, 'PUT', '/sys/sysAnnouncementSend/readAll')).body.success).toBe(true);
    expect(await feedOf(canteen)).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0 });
    adminSocket.ws.close();
    canteenSocket.ws.close();
  });

  it('JeecgBoot’s client opens the socket without a token: it is only told to reload for the whole school, never of one user’s notice', async () => {
    // Its client sends no token; any id is accepted, so nothing tells which ids exist.
    const anonymous = await openSocket(t0.app, `/ccu-boot/websocket/${canteenId}`);
    const nobody = await openSocket(t0.app, '/ccu-boot/websocket/no-such-user');
    const signedIn = await openSocket(t0.app, `/ccu-boot/websocket/${canteenId}`, { 'sec-websocket-protocol': canteen });
    // A token that is there must be valid.
    await expect(openSocket(t0.app, `/ccu-boot/websocket/${canteenId}`, { 'sec-websocket-protocol': 'forged-token' })).rejects.toThrow(/401/);
    // Inbound text is not answered, nor echoed.
    anonymous.ws.send('HeartBeat');

    // A notice to the canteen's user alone: its signed-in socket is told, its tokenless one learns nothing.
    const toCanteen = await draft({ titile: '食堂账目核对', msgType: 'USER', userIds: `${canteenId},` });
    await release(toCanteen);
    expect(await signedIn.next()).toMatchObject({ cmd: 'user', msgId: toCanteen, msgTxt: '食堂账目核对' });
    // A notice to the whole school: everyone's tokenless socket is told to reload, with no id or title.
    const toAll = await draft({ titile: '全校通知' });
    await release(toAll);
    expect(await signedIn.next()).toMatchObject({ cmd: 'topic', msgId: toAll });
    // Events arrive in order: the whole school's reload is the first and only thing the tokenless socket hears.
    expect(await anonymous.next()).toEqual({ cmd: 'topic' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(anonymous.received).toEqual([]);
    expect(nobody.received).toEqual([]);

    // An honest client's many tabs (sixteen a user) stay open; a seventeenth for the same user is closed.
    const tabs = [];
    for (let tab = 1; tab < ANONYMOUS_LIMITS.perUser; tab += 1) tabs.push(await openSocket(t0.app, `/ccu-boot/websocket/${canteenId}`));
    const tooMany = await openSocket(t0.app, `/ccu-boot/websocket/${canteenId}`);
    expect(await Promise.race([tooMany.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 3000))])).toBe(1008);
    expect(await Promise.race([tabs.at(-1)!.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 300))])).toBe('still open');
    // Unknown ids fill a small pool of their own: the fifth from one address is closed, a real user's tab still opens.
    const unknown = [nobody];
    for (let more = 1; more < ANONYMOUS_LIMITS.unknownPerAddress; more += 1) unknown.push(await openSocket(t0.app, `/ccu-boot/websocket/nobody-${more}`));
    const fifth = await openSocket(t0.app, '/ccu-boot/websocket/nobody-5');
    expect(await Promise.race([fifth.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 3000))])).toBe(1008);
    const adminTab = await openSocket(t0.app, `/ccu-boot/websocket/${adminId}`);
    expect(await Promise.race([adminTab.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 300))])).toBe('still open');
    for (const socket of [anonymous, signedIn, adminTab, ...tabs, ...unknown]) socket.ws.close();
  });

  it('keeps announcements to their school and their writers; a socket is its own user’s', async () => {
    const other = await secondSchool(7, 'school7admin');
    const ours = await draft({ titile: '本校通知' });
    await release(ours);
    expect((await feedOf(other.token)).anntMsgList.map((row: { id: string }) => row.id)).not.toContain(ours);
    expect((await call(other.token, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: ours })).status).toBe(404);
    expect((await get(other.token, `/sys/annountCement/doReovkeData?id=${ours}`)).status).toBe(404);
    expect((await get(other.token, `/sys/annountCement/queryById?id=${ours}`)).status).toBe(404);
    // Without the buttons: refused.
    expect((await call(canteen, 'POST', '/sys/annountCement/add', { titile: '越权' })).status).toBe(403);
    expect((await get(canteen, `/sys/annountCement/doReleaseData?id=${ours}`)).status).toBe(403);
    // Another user's socket is refused to a session.
    await expect(openSocket(t0.app, `/ccu-boot/websocket/${adminId}`, { 'sec-websocket-protocol': canteen })).rejects.toThrow();
  });

  it.runIf(onPostgres)('a release on one instance reaches a socket on another', async () => {
    const second = await startSecondInstance(t0);
    try {
      const socket = await openSocket(second.app, `/ccu-boot/websocket/${canteenId}`, { 'sec-websocket-protocol': canteen });
      const id = await draft({ titile: '跨实例通知' });
      await release(id);
      expect(await socket.next()).toEqual({ cmd: 'topic', msgId: id, msgTxt: '跨实例通知' });
      socket.ws.close();
    } finally {
      await second.close();
    }
  });
});
