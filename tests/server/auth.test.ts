import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginLogs, users } from '@server/db/schema';
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

  it('refuses a wrong password with 401 and says how many tries are left', async () => {
    const response = await login({ username: 'canteen', password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 401, message: '用户名或密码错误，还可尝试 4 次', result: null });
    // A correct password resets the counter.
    await signIn(t.app, 'canteen');
  });

  it('answers an unknown user exactly like a wrong password, and logs the real reason', async () => {
    const response = await login({ username: 'nobody-here', password: 'whatever1' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('用户名或密码错误');
    const [entry] = await t.db.select().from(loginLogs).where(eq(loginLogs.username, 'nobody-here'));
    expect(entry).toMatchObject({ success: false, message: '用户不存在' });
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

  it('locks the account for 10 minutes after five wrong passwords in a row, even for the right one', async () => {
    const { app, db } = t;
    const [user] = await db.insert(users).values({ id: 'locktest', tenantId: 0, username: 'locktest', passwordHash: (await db.select().from(users).where(eq(users.username, 'admin')))[0]!.passwordHash }).returning();
    expect(user).toBeTruthy();
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await login({ username: 'locktest', password: 'not-the-password' });
      messages.push(response.json().message);
      expect(response.statusCode).toBe(attempt < 4 ? 401 : 423);
    }
    expect(messages.at(-1)).toBe('密码连续错误 5 次，账号已锁定 10 分钟');
    const locked = await login({ username: 'locktest', password: ADMIN_PASSWORD });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toMatch(/账号已锁定，请 (9|10) 分钟后再试/);

    const logged = await db.select().from(loginLogs).where(eq(loginLogs.username, 'locktest'));
    expect(logged).toHaveLength(6);
    expect(logged.every((entry) => !entry.success)).toBe(true);

    // Once the lock has passed, the right password works again.
    await db.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, 'locktest'));
    expect((await login({ username: 'locktest', password: ADMIN_PASSWORD })).statusCode).toBe(200);
    void app;
  });

  it('writes every successful sign-in to the login log with the client address', async () => {
    await signIn(t.app, 'admin');
    const entries = await t.db.select().from(loginLogs).where(eq(loginLogs.username, 'admin'));
    expect(entries.some((entry) => entry.success && entry.message === '登录成功' && entry.ip)).toBe(true);
  });
});

describe('sessions', () => {
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
