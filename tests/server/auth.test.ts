import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { captchas, loginLogs, users } from '@server/db/schema';
import { captchaAnswerHash } from '@server/modules/auth/captcha';
import { CONSOLE_START_PATHS } from '@shared/constants';
import { ADMIN_PASSWORD, BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const login = (payload: unknown) => t.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: payload as Record<string, unknown> });

describe('POST /sys/login', () => {
  it('signs the admin in with code 200, a token, the user, departments and dictionaries', async () => {
    const response = await login({ username: 'admin', password: ADMIN_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(typeof body.timestamp).toBe('number');
    expect(body.result.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.result.userInfo).toMatchObject({ username: 'admin', realname: '管理员', nickname: '管理员', companyName: '示例学校', companyType: '1', payChannelType: '1' });
    expect(Object.keys(body.result.userInfo)).toEqual(expect.arrayContaining(['id', 'avatar']));
    expect(body.result.userInfo).not.toHaveProperty('passwordHash');
    expect(body.result.departs.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01', 'A01A04']);
    expect(body.result.multi_depart).toBe(2);
    expect(body.result.sysAllDictItems.sex).toEqual([
      { value: '1', text: '男', title: '男' },
      { value: '2', text: '女', title: '女' },
    ]);
  });

  it('answers the console’s first requests with its sign-in when asked (consoleStart), exactly as each route answers, and the file cookie with them', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username: 'canteen', password: ADMIN_PASSWORD, consoleStart: true }, headers: { tenant_id: '0' } });
    const { result } = response.json();
    expect(Object.keys(result.consoleStart).sort()).toEqual([...CONSOLE_START_PATHS].sort());
    expect(String(response.headers['set-cookie'])).toContain('HttpOnly');
    // Each as the route itself answers the new session (the timestamps aside).
    for (const path of CONSOLE_START_PATHS) {
      const own = await t.app.inject({ method: 'GET', url: `${BASE}${path}`, headers: { 'x-access-token': result.token, tenant_id: '0' } });
      const { timestamp: _one, ...carried } = result.consoleStart[path];
      const { timestamp: _two, ...asked } = own.json();
      expect(carried, path).toEqual(asked);
    }
    expect(result.consoleStart['/sys/permission/getUserPermissionByToken'].result.menu.length).toBeGreaterThan(0);
    // JeecgBoot's client does not ask, and a refused sign-in carries nothing.
    expect((await login({ username: 'canteen', password: ADMIN_PASSWORD })).json().result).not.toHaveProperty('consoleStart');
    expect((await login({ username: 'canteen', password: 'wrong-password', consoleStart: true })).json()).toMatchObject({ success: false, result: { needCaptcha: false } });
    await signIn(t.app, 'canteen');
  });

  it('refuses a wrong password like the JeecgBoot family: HTTP 200, code 500, one message', async () => {
    const response = await login({ username: 'canteen', password: 'wrong-password' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: false, code: 500, message: '用户名或密码错误', result: { needCaptcha: false } });
    // A correct password clears the account's count.
    await signIn(t.app, 'canteen');
  });

  it('answers an unknown user exactly like a known one, try after try, and logs the real reason', async () => {
    const answers = async (username: string, remoteAddress: string) => {
      const seen: unknown[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await t.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username, password: 'whatever1' }, remoteAddress });
        const { timestamp: _timestamp, ...body } = response.json();
        seen.push([response.statusCode, body]);
      }
      return seen;
    };
    const known = await answers('canteen', '10.9.0.1');
    const unknown = await answers('nobody-here', '10.9.0.2');
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toEqual([200, { success: false, code: 500, message: '请输入验证码', result: { needCaptcha: true } }]);
    const [entry] = await t.db.select().from(loginLogs).where(eq(loginLogs.username, 'nobody-here'));
    expect(entry).toMatchObject({ success: false, message: '用户不存在', ip: '10.9.0.2' });
  });
  it.each([
    [{ password: 'x' }, '请输入用户名（username）'],
    [{ username: 'admin' }, '请输入密码（password）'],
    [{ username: '   ', password: 'x' }, '请输入用户名（username）'],
    [{ username: 'admin', password: 12345 }, 'password'],
  ])('refuses missing or malformed fields %j with 400 naming the field', async (payload, message) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    expect(response.json().message).toContain(message);
  });

  it('never locks anyone out: after failures it asks for a captcha, which lets the right password in', async () => {
    const { db } = t;
    await db.insert(users).values({ id: 'locktest', tenantId: 0, username: 'locktest', passwordHash: (await db.select().from(users).where(eq(users.username, 'admin')))[0]!.passwordHash });
    // Five anonymous guesses from five addresses…
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${BASE}/sys/login`,
        payload: { username: 'locktest', password: 'not-the-password', captcha: 'XXXX', checkKey: 'none' },
        remoteAddress: `10.8.0.${attempt + 1}`,
      });
      expect(response.json().success).toBe(false);
    }
    // …and the owner, elsewhere, is asked for a captcha — not locked out.
    const owner = { username: 'locktest', password: ADMIN_PASSWORD };
    const asked = await t.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: owner, remoteAddress: '10.8.1.1' });
    expect(asked.json()).toMatchObject({ success: false, message: '请输入验证码', result: { needCaptcha: true } });

    const image = await t.app.inject({ method: 'GET', url: `${BASE}/sys/randomImage/1700000000001` });
    expect(image.json()).toMatchObject({ success: true });
    expect(image.json().result).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(image.json().result.split(',')[1], 'base64').toString()).toContain('<path');
    // The answer is stored only as a hash; the test swaps in one it knows.
    await db
      .update(captchas)
      .set({ answerHash: captchaAnswerHash('K7PQ') })
      .where(eq(captchas.checkKey, '1700000000001'));
    const wrong = await t.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { ...owner, captcha: 'AAAA', checkKey: '1700000000001' }, remoteAddress: '10.8.1.1' });
    expect(wrong.json()).toMatchObject({ success: false, message: '验证码错误或已过期，请重新输入', result: { needCaptcha: true } });

    await t.app.inject({ method: 'GET', url: `${BASE}/sys/randomImage/1700000000002` });
    await db
      .update(captchas)
      .set({ answerHash: captchaAnswerHash('K7PQ') })
      .where(eq(captchas.checkKey, '1700000000002'));
    const right = await t.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { ...owner, captcha: 'k7pq', checkKey: '1700000000002' }, remoteAddress: '10.8.1.1' });
    expect(right.json()).toMatchObject({ success: true, code: 200 });
    // A captcha answers once.
    const again = await t.app.inject({
      method: 'POST',
      url: `${BASE}/sys/login`,
      payload: { username: 'locktest', password: 'nope', captcha: 'K7PQ', checkKey: '1700000000002' },
      remoteAddress: '10.8.1.1',
    });
    expect(again.json().success).toBe(false);
  });

  it('a stranger’s failures do not make the owner type a captcha where the owner signed in lately; their own failures there do', async () => {
    const { db } = t;
    await db.insert(users).values({ id: 'placetest', tenantId: 0, username: 'placetest', passwordHash: (await db.select().from(users).where(eq(users.username, 'admin')))[0]!.passwordHash });
    const attempt = (password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username: 'placetest', password }, remoteAddress }).then((response) => response.json());
    // The owner signs in at the office.
    expect(await attempt(ADMIN_PASSWORD, '10.9.0.1')).toMatchObject({ success: true });
    // Someone elsewhere guesses three times: the account asks for a captcha — from everywhere else.
    for (let guess = 0; guess < 3; guess += 1) expect((await attempt('not-the-password', `10.9.1.${guess + 1}`)).success).toBe(false);
    expect(await attempt(ADMIN_PASSWORD, '10.9.2.1')).toMatchObject({ success: false, message: '请输入验证码', result: { needCaptcha: true } });
    // The owner, at the office, signs in without one.
    expect(await attempt(ADMIN_PASSWORD, '10.9.0.1')).toMatchObject({ success: true });
    // Three failures from the office itself: the office asks too.
    for (let guess = 0; guess < 3; guess += 1) expect((await attempt('not-the-password', '10.9.0.1')).success).toBe(false);
    expect(await attempt(ADMIN_PASSWORD, '10.9.0.1')).toMatchObject({ success: false, message: '请输入验证码', result: { needCaptcha: true } });
  });

  it('asks for a captcha from an address that failed ten times, whatever names it tries', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await t.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username: `spray${attempt}`, password: 'Spray-pass1' }, remoteAddress: '10.7.0.1' });
    }
    const next = await t.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username: 'admin', password: ADMIN_PASSWORD }, remoteAddress: '10.7.0.1' });
    expect(next.json()).toMatchObject({ success: false, message: '请输入验证码', result: { needCaptcha: true } });
    // Another address is not affected.
    const elsewhere = await t.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username: 'admin', password: ADMIN_PASSWORD }, remoteAddress: '10.7.0.2' });
    expect(elsewhere.json().success).toBe(true);
  });

  it('refuses a captcha key that is not a plain word', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${BASE}/sys/randomImage/a%20b` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('验证码 key 只能由字母、数字、下划线或短横线组成（key）');
  });

  it('writes every successful sign-in to the login log with the client address', async () => {
    await signIn(t.app, 'admin');
    const entries = await t.db.select().from(loginLogs).where(eq(loginLogs.username, 'admin'));
    expect(entries.some((entry) => entry.success && entry.message === '登录成功' && entry.ip)).toBe(true);
  });
});

describe('sessions', () => {
  it('keeps at most 10 live sessions per user: signing in once more ends the oldest', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 11; i += 1) tokens.push(await signIn(t.app, 'admin'));
    const status = async (token: string) => (await t.app.inject({ method: 'GET', url: `${BASE}/sys/user/getCurrentUserDeparts`, headers: { 'X-Access-Token': token } })).statusCode;
    expect(await status(tokens[0]!)).toBe(401);
    for (const token of tokens.slice(1)) expect(await status(token)).toBe(200);
  });

  it('answers 401 with the Chinese message when there is no token or an unknown one', async () => {
    const none = await t.app.inject({ method: 'GET', url: `${BASE}/sys/permission/getUserPermissionByToken` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录' });
    const unknown = await t.app.inject({ method: 'GET', url: `${BASE}/sys/permission/getUserPermissionByToken`, headers: { 'X-Access-Token': 'made-up' } });
    expect(unknown.statusCode).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const token = await signIn(t.app, 'admin');
    const headers = { 'X-Access-Token': token };
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/sys/user/getCurrentUserDeparts`, headers })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: `${BASE}/sys/logout`, headers });
    expect(out.json()).toMatchObject({ success: true, message: '退出登录成功！' });
    const after = await t.app.inject({ method: 'GET', url: `${BASE}/sys/user/getCurrentUserDeparts`, headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Token失效，请重新登录');
  });

  it('ends a session that has been idle longer than the TTL', async () => {
    const short = await createTestApp({ tokenTtlMinutes: 1 });
    try {
      const token = await signIn(short.app, 'admin');
      const { sessions } = await import('@server/db/schema');
      await short.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1) });
      const response = await short.app.inject({ method: 'GET', url: `${BASE}/sys/user/getCurrentUserDeparts`, headers: { 'X-Access-Token': token } });
      expect(response.statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('accepts the tenant from tenant_id or tenant-id and refuses another tenant', async () => {
    const token = await signIn(t.app, 'admin');
    const url = `${BASE}/sys/user/getCurrentUserDeparts`;
    expect((await t.app.inject({ method: 'GET', url, headers: { 'X-Access-Token': token, tenant_id: '0' } })).statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url, headers: { 'X-Access-Token': token, 'tenant-id': '7' } });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('无权访问该租户');
    const bad = await t.app.inject({ method: 'GET', url, headers: { 'X-Access-Token': token, tenant_id: 'x' } });
    expect(bad.statusCode).toBe(400);
  });
});
