/**
 * Sign-in flows beside the password, on PGlite and PostgreSQL: a code texted to the phone (the
 * SMS driver's outbox read as a phone would), sign-in by phone, self-registration (no roles until
 * granted; switchable by the platform), the two-step password reset; CAS single sign-on against a
 * responder the test starts; third-party sign-in answering that it is not configured.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { casUserOf } from '@server/modules/auth/ssoRoutes';
import { apiOf } from '../support/api';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const outbox = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-sms-')), 'sms-outbox.log');
const { call, get, secondSchool } = apiOf(() => t0);

// A CAS server serving two applications: ST-good-<name> is a ticket it issued for this console
// (https://console.test/), ST-else-<name> one for another school application; both name <name>.
const SERVICES: Record<string, string> = { 'ST-good-': 'https://console.test/', 'ST-else-': 'https://library.test/' };
const cas = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://cas');
  const ticket = url.searchParams.get('ticket') ?? '';
  const good = url.pathname === '/cas/serviceValidate' && SERVICES[ticket.slice(0, 8)] !== undefined && url.searchParams.get('service') === SERVICES[ticket.slice(0, 8)];
  response.setHeader('content-type', 'application/xml');
  response.end(
    good
      ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${ticket.slice(8)}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
      : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure></cas:serviceResponse>`,
  );
});

let addressCount = 0;
/** A public call from an address of its own (the per-address limits are tested on purpose only). */
const anonymous = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, remoteAddress = `10.252.0.${(addressCount += 1)}`) => {
  const response = await t0.app.inject({ method, url: `${BASE}${url}`, ...(payload ? { payload } : {}), remoteAddress });
  return { status: response.statusCode, body: response.json() };
};

/** The last code the outbox holds for the phone. */
function codeFor(mobile: string): string {
  const lines = fs
    .readFileSync(outbox, 'utf8')
    .trim()
    .split('\n')
    .filter((line) => line.split('\t')[1] === mobile);
  const code = /码为 (\d{6})/.exec(lines.at(-1) ?? '')?.[1];
  if (!code) throw new Error(`no code for ${mobile}`);
  return code;
}

/** Lets the next code be asked for at once (one a minute per phone). */
const rewindCodes = (mobile: string) =>
  t0.db
    .update(t.smsCodes)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(t.smsCodes.mobile, mobile));

beforeAll(async () => {
  await new Promise<void>((resolve) => cas.listen(0, '127.0.0.1', resolve));
  t0 = await createTestApp({ sms: { driver: 'log', outbox }, casServerUrl: `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas/`, casServiceUrl: 'https://console.test/' });
  admin = await signIn(t0.app, 'admin');
  await t0.db.update(t.users).set({ phone: '13800000001' }).where(eq(t.users.username, 'canteen'));
});
afterAll(async () => {
  await t0?.close();
  cas.close();
});

describe('sign-in by phone', () => {
  it('texts a six-digit code to a bound phone, at most one a minute, and signs in with it once', async () => {
    // A phone no account has is answered the same way, and texted nothing.
    expect((await anonymous('POST', '/sys/sms', { mobile: '13800000009', smsmode: '0' })).body).toMatchObject({ success: true, message: '短信验证码已发送，5分钟内有效' });
    expect(fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8') : '').not.toContain('13800000009');
    expect((await anonymous('POST', '/sys/sms', { mobile: '123', smsmode: '0' })).body.message).toBe('请输入正确的手机号码（mobile）');
    const sent = await anonymous('POST', '/sys/sms', { mobile: '13800000001', smsmode: '0' });
    expect(sent.body).toMatchObject({ success: true, message: '短信验证码已发送，5分钟内有效' });
    expect(fs.readFileSync(outbox, 'utf8')).toMatch(/13800000001\t【校园一卡通】您的登录验证码为 \d{6}/);
    // Asked again within the minute (also by the spec's /account/sms): refused.
    const again = await anonymous('POST', '/account/sms', { mobile: '13800000001', smsmode: '0' });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe('验证码发送过于频繁，请60秒后再试');

    const code = codeFor('13800000001');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await anonymous('POST', '/sys/phoneLogin', { mobile: '13800000001', captcha: wrong })).body.message).toBe('短信验证码错误或已过期');
    const signedIn = await anonymous('POST', '/sys/phoneLogin', { mobile: '13800000001', captcha: code });
    expect(signedIn.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(signedIn.body.result.userInfo.username).toBe('canteen');
    expect((await get(signedIn.body.result.token, '/sys/permission/getUserPermissionByToken')).status).toBe(200);
    // Used once: the same code is refused.
    expect((await anonymous('POST', '/sys/phoneLogin', { mobile: '13800000001', captcha: code })).body.message).toBe('短信验证码错误或已过期');
    const [log] = await t0.db.select().from(t.loginLogs).where(eq(t.loginLogs.username, 'canteen')).orderBy(t.loginLogs.id);
    expect(log).toBeTruthy();
  });

  it('spends a code after five wrong tries and after five minutes', async () => {
    await rewindCodes('13800000001');
    await anonymous('POST', '/sys/sms', { mobile: '13800000001' });
    const code = codeFor('13800000001');
    for (let i = 0; i < 5; i += 1) await anonymous('POST', '/sys/phoneLogin', { mobile: '13800000001', captcha: '000000' === code ? '111111' : '000000' });
    expect((await anonymous('POST', '/sys/phoneLogin', { mobile: '13800000001', captcha: code })).body.message).toBe('短信验证码错误或已过期');

    await rewindCodes('13800000001');
    await anonymous('POST', '/sys/sms', { mobile: '13800000001' });
    const late = codeFor('13800000001');
    await t0.db
      .update(t.smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.smsCodes.mobile, '13800000001'));
    expect((await anonymous('POST', '/sys/phoneLogin', { mobile: '13800000001', captcha: late })).body.message).toBe('短信验证码错误或已过期');
  });

  it('limits an address to twenty codes an hour', async () => {
    const address = '10.253.0.1';
    const answers: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const phone = `1390000${String(i).padStart(4, '0')}`;
      answers.push((await anonymous('POST', '/sys/sms', { mobile: phone, smsmode: '0' }, address)).status);
    }
    expect(answers.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});

describe('registration and password reset', () => {
  it('is closed until the platform opens it into a school it chooses; an account registered holds and sees nothing', async () => {
    expect((await anonymous('GET', '/sys/registration')).body.result).toEqual({ open: false });
    expect((await anonymous('POST', '/sys/sms', { mobile: '13700000001', smsmode: '1' })).body.message).toBe('平台未开放自助注册，请联系管理员开通账号');
    // Only the platform opens it (a school's administrator is refused, a read says 查看), and only into a school.
    const other = await secondSchool(41, 'school41admin');
    expect((await call(other.token, 'PUT', '/sys/registration', { open: true, tenantId: 41 })).status).toBe(403);
    expect((await get(other.token, '/sys/registration/settings')).body.message).toBe('该功能属于平台，只能由平台管理员查看');
    expect((await call(admin, 'PUT', '/sys/registration', { open: true })).body.message).toBe('请选择注册账号加入的学校（tenantId）');
    expect((await call(admin, 'PUT', '/sys/registration', { open: true, tenantId: 999 })).body.message).toBe('所选学校不存在（tenantId）');
    expect((await call(admin, 'PUT', '/sys/registration', { open: true, tenantId: 41 })).body.success).toBe(true);
    expect((await get(admin, '/sys/registration/settings')).body.result).toEqual({ open: true, tenantId: 41 });

    await anonymous('POST', '/sys/sms', { mobile: '13700000001', smsmode: '1' });
    // A registered phone gets its code too: only the code's holder learns it is taken.
    expect((await anonymous('POST', '/sys/sms', { mobile: '13800000001', smsmode: '1' })).body.success).toBe(true);
    expect((await anonymous('POST', '/sys/user/register', { username: 'taker01', password: 'Taker-2026', phone: '13800000001', smscode: '000000' })).body.message).toBe('短信验证码错误或已过期');
    expect((await anonymous('POST', '/sys/user/register', { username: 'taker01', password: 'Taker-2026', phone: '13800000001', smscode: codeFor('13800000001') })).body.message).toBe('该手机号已注册');
    const body = { username: 'zhangsan01', password: 'Zhang-2026', phone: '13700000001', smscode: codeFor('13700000001') };
    expect((await anonymous('POST', '/sys/user/register', { ...body, password: 'weak' })).body.message).toContain('密码须为8到64位');
    expect((await anonymous('POST', '/sys/user/register', { ...body, username: 'admin' })).body.message).toBe('用户账号已存在');
    const registered = await anonymous('POST', '/sys/user/register', body);
    expect(registered.body).toMatchObject({ success: true, message: '注册成功', result: { username: 'zhangsan01' } });
    const [account] = await t0.db.select().from(t.users).where(eq(t.users.username, 'zhangsan01'));
    expect(account!.tenantId).toBe(41);
    // Signed in: home only; the school's announcements, sign-in counts and files are not its to see.
    const token = await signIn(t0.app, 'zhangsan01', 'Zhang-2026');
    const { menu, codes } = (await get(token, '/sys/permission/getUserPermissionByToken')).body.result;
    expect(menu.map((item: { path: string }) => item.path)).toEqual(['/dashboard/analysis']);
    expect(codes).toEqual([]);
    expect((await get(token, '/sys/user/list')).status).toBe(403);
    for (const url of ['/sys/loginfo', '/sys/visitInfo', '/sys/annountCement/listByUser', '/sys/sysAnnouncementSend/getMyAnnouncementSend']) {
      const refused = await get(token, url);
      expect(refused.status, url).toBe(403);
      expect(refused.body.message).toBe('账号尚未授权，请联系管理员分配角色');
    }
    expect((await get(token, '/sys/user/account')).status).toBe(200);
    // The code went with the registration.
    expect((await anonymous('POST', '/sys/user/register', { ...body, username: 'zhangsan02' })).body.message).toBe('短信验证码错误或已过期');

    // Closed by the platform (and only by it).
    const canteen = await signIn(t0.app, 'canteen');
    expect((await call(canteen, 'PUT', '/sys/registration', { open: false })).status).toBe(403);
    expect((await call(admin, 'PUT', '/sys/registration', { open: false })).body.success).toBe(true);
    expect((await anonymous('GET', '/sys/registration')).body.result).toEqual({ open: false });
    expect((await anonymous('POST', '/sys/sms', { mobile: '13700000002', smsmode: '1' })).body.message).toBe('平台未开放自助注册，请联系管理员开通账号');
    expect((await anonymous('POST', '/sys/user/register', { ...body, username: 'zhangsan03', phone: '13700000002' })).status).toBe(403);
  });

  it('resets a forgotten password in two steps with one code, ending the old sessions', async () => {
    const before = await signIn(t0.app, 'zhangsan01', 'Zhang-2026');
    await rewindCodes('13700000001');
    await anonymous('POST', '/sys/sms', { mobile: '13700000001', smsmode: '2' });
    const code = codeFor('13700000001');
    expect(fs.readFileSync(outbox, 'utf8')).toContain('您正在找回密码');
    const verified = await anonymous('POST', '/sys/user/phoneVerification', { phone: '13700000001', smscode: code });
    expect(verified.body.result).toEqual({ smscode: code, username: 'zhangsan01' });
    const change = { username: 'zhangsan01', password: 'Zhang-2027!', phone: '13700000001', smscode: code };
    expect((await anonymous('POST', '/sys/user/passwordChange', { ...change, username: 'admin' })).body.message).toBe('手机号与用户账号不匹配');
    expect((await anonymous('POST', '/sys/user/passwordChange', change)).body.message).toBe('密码重置成功!');
    expect((await get(before, '/sys/permission/getUserPermissionByToken')).status).toBe(401);
    expect(await signIn(t0.app, 'zhangsan01', 'Zhang-2027!')).toBeTruthy();
    // The code is spent: the reset cannot be replayed.
    expect((await anonymous('POST', '/sys/user/passwordChange', { ...change, password: 'Other-2028!' })).body.message).toBe('短信验证码错误或已过期');
  });
});

describe('single sign-on', () => {
  it('signs in the account a CAS ticket names, and refuses a bad ticket or an unknown account', async () => {
    const good = await anonymous('POST', '/cas/client/validateLogin', { ticket: 'ST-good-admin', service: 'https://console.test/' });
    expect(good.body).toMatchObject({ success: true, code: 200 });
    expect(good.body.result.userInfo.username).toBe('admin');
    expect((await get(good.body.result.token, '/sys/user/list')).status).toBe(200);
    // JeecgBoot's own path, by GET.
    expect((await anonymous('GET', `/sys/cas/client/validateLogin?ticket=ST-good-canteen&service=${encodeURIComponent('https://console.test/')}`)).body.result.userInfo.username).toBe('canteen');
    expect((await anonymous('POST', '/cas/client/validateLogin', { ticket: 'ST-bad', service: 'https://console.test/' })).body.message).toBe('CAS票据无效或已过期，请重新登录');
    expect((await anonymous('POST', '/cas/client/validateLogin', { ticket: 'ST-good-nobody', service: 'https://console.test/' })).body.message).toBe('该用户不存在，请联系管理员开通账号');
    // A ticket issued to another application is not redeemed here, whatever service the request names.
    for (const service of ['https://library.test/', undefined]) {
      const replayed = await anonymous('POST', '/cas/client/validateLogin', { ticket: 'ST-else-admin', ...(service ? { service } : {}) });
      expect(replayed.body).toMatchObject({ success: false, message: 'CAS票据无效或已过期，请重新登录' });
    }
    expect(casUserOf('<cas:authenticationSuccess><cas:user>a&amp;b</cas:user></cas:authenticationSuccess>')).toBe('a&b');
  });

  it('answers third-party sign-in with a clear 404 envelope', async () => {
    const answer = await anonymous('GET', '/thirdLogin/getLoginUser/abc');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false, message: '未配置第三方登录' });
  });
});
