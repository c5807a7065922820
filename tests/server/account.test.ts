/**
 * 个人中心 and 个人设置 on PGlite and PostgreSQL: a user reads and changes only their own account —
 * profile, the phone they sign in with (proven by a texted code), their notice preferences.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { apiOf } from '../support/api';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let canteen: string;
const outbox = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-sms-')), 'sms-outbox.log');
const { call, get } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp({ sms: { driver: 'log', outbox } });
  canteen = await signIn(t0.app, 'canteen');
});
afterAll(async () => t0?.close());

const texted = (mobile: string) =>
  /码为 (\d{6})/.exec(
    fs
      .readFileSync(outbox, 'utf8')
      .trim()
      .split('\n')
      .filter((line) => line.includes(`\t${mobile}\t`))
      .at(-1) ?? '',
  )?.[1] ?? '';

describe('the signed-in user’s own account', () => {
  it('shows who they are: school, departments, roles, recent sign-ins', async () => {
    const account = (await get(canteen, '/sys/user/account')).body.result;
    expect(account.userInfo).toMatchObject({ username: 'canteen', companyName: '示例学校', noticePrefs: { toast: true, systemInBadge: true } });
    expect(account.departs).toEqual(['学生食堂']);
    expect(account.roles).toEqual(['食堂管理员']);
    expect(account.phoneMasked).toBeNull();
    expect(account.signIns[0]).toMatchObject({ success: true, message: '登录成功' });
    expect(account.userInfo).not.toHaveProperty('passwordHash');
    // JeecgBoot's 个人中心 asks its demo module for the user's 团队: their departments.
    expect((await get(canteen, '/mock/api/workplace/teams')).body.result).toEqual([{ id: expect.any(String), name: '学生食堂', avatar: null }]);
  });

  it('changes their own profile, and refuses what is not one', async () => {
    const saved = await call(canteen, 'PUT', '/sys/user/account', { realname: '王食堂', nickname: '老王', email: 'wang@example.edu.cn', sex: '1', avatar: 'photo/wang.png' });
    expect(saved.body.success, saved.body.message).toBe(true);
    expect(saved.body.result).toMatchObject({ realname: '王食堂', nickname: '老王', email: 'wang@example.edu.cn', avatar: 'photo/wang.png' });
    expect((await call(canteen, 'PUT', '/sys/user/account', { realname: '', email: 'x' })).status).toBe(400);
    expect((await call(canteen, 'PUT', '/sys/user/account', { realname: '王', email: 'not-an-email' })).body.message).toBe('请输入正确的邮箱地址（email）');
    // Only their own: an id in the body changes nothing of anyone else.
    const [admin] = await t0.db.select().from(t.users).where(eq(t.users.username, 'admin'));
    await call(canteen, 'PUT', '/sys/user/account', { id: admin!.id, realname: '篡改' });
    const [adminAfter] = await t0.db.select().from(t.users).where(eq(t.users.username, 'admin'));
    expect(adminAfter!.realname).toBe(admin!.realname);
  });

  it('binds a phone proven by a texted code, and not one another account holds', async () => {
    const send = (mobile: string, remoteAddress: string) => t0.app.inject({ method: 'POST', url: `${BASE}/sys/sms`, payload: { mobile, smsmode: '3' }, remoteAddress });
    expect((await send('13600000001', '10.254.0.1')).json().success).toBe(true);
    expect(fs.readFileSync(outbox, 'utf8')).toContain('您正在绑定手机号');
    expect((await call(canteen, 'PUT', '/sys/user/account/phone', { phone: '13600000001', smscode: '000000' === texted('13600000001') ? '111111' : '000000' })).body.message).toBe(
      '短信验证码错误或已过期',
    );
    const bound = await call(canteen, 'PUT', '/sys/user/account/phone', { phone: '13600000001', smscode: texted('13600000001') });
    expect(bound.body).toMatchObject({ success: true, result: { phoneMasked: '136****0001' } });
    expect((await get(canteen, '/sys/user/account')).body.result.phoneMasked).toBe('136****0001');
    // Now bound: a binding code is still texted (to its holder: the answer never says a phone is
    // taken), and binding it to another account is refused once the code is right.
    await t0.db
      .update(t.smsCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(t.smsCodes.mobile, '13600000001'));
    expect((await send('13600000001', '10.254.0.2')).json().success).toBe(true);
    const admin = await signIn(t0.app, 'admin');
    expect((await call(admin, 'PUT', '/sys/user/account/phone', { phone: '13600000001', smscode: texted('13600000001') })).body.message).toBe('该手机号已注册');
  });

  it('keeps notice preferences, which sign-in hands to the console', async () => {
    const saved = await call(canteen, 'PUT', '/sys/user/account/noticePrefs', { toast: false, systemInBadge: false });
    expect(saved.body.result).toEqual({ toast: false, systemInBadge: false });
    expect((await call(canteen, 'PUT', '/sys/user/account/noticePrefs', { toast: 'yes' })).status).toBe(400);
    const login = await t0.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username: 'canteen', password: 'Admin@12345' }, remoteAddress: '10.254.1.1' });
    expect(login.json().result.userInfo.noticePrefs).toEqual({ toast: false, systemInBadge: false });
  });
});

describe('the palette’s recent and frequent uses', () => {
  it('are counted per user on the server, kept out of 操作日志, and only ever the caller’s own', async () => {
    const admin = await signIn(t0.app, 'admin');
    for (const entryId of ['menu:/meals/canteens', 'cmd:account.recharge', 'menu:/meals/canteens']) {
      const told = await call(canteen, 'POST', '/sys/palette/use', { entryId });
      expect(told.body.success, told.body.message).toBe(true);
    }
    const uses = (await get(canteen, '/sys/palette/uses')).body.result as { entryId: string; count: number; last: number }[];
    expect(uses.map((use) => [use.entryId, use.count]).sort()).toEqual([
      ['cmd:account.recharge', 1],
      ['menu:/meals/canteens', 2],
    ]);
    expect(uses.every((use) => Math.abs(use.last - Date.now()) < 60_000)).toBe(true);
    // Another user's are theirs.
    expect((await get(admin, '/sys/palette/uses')).body.result.map((use: { entryId: string }) => use.entryId)).not.toContain('cmd:account.recharge');
    expect((await call(canteen, 'POST', '/sys/palette/use', { entryId: 'drop table' })).status).toBe(400);
    const logged = await t0.db.select().from(t.operationLogs).where(eq(t.operationLogs.route, '/sys/palette/use'));
    expect(logged).toEqual([]);
  });

  it('keep the hundred most recent', async () => {
    const clerk = await signIn(t0.app, 'admin');
    for (let index = 0; index < 103; index += 1) await call(clerk, 'POST', '/sys/palette/use', { entryId: `tab:/meals/canteens?page=${index}` });
    const uses = (await get(clerk, '/sys/palette/uses')).body.result as { entryId: string }[];
    expect(uses.filter((use) => use.entryId.startsWith('tab:')).length).toBeLessThanOrEqual(100);
    expect(uses.map((use) => use.entryId)).toContain('tab:/meals/canteens?page=102');
    expect(uses.map((use) => use.entryId)).not.toContain('tab:/meals/canteens?page=0');
  });
});
