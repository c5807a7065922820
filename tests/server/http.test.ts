import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginLogs } from '@server/db/schema';
import { BASE, createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('bodies', () => {
  it('refuses malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${BASE}/sys/login`, headers: { 'content-type': 'application/json' }, payload: '{"username": "admin", ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 400, message: '请求体不是有效的 JSON' });
  });

  it('refuses an oversized body with 400, not 500', async () => {
    const payload = JSON.stringify({ username: 'admin', password: 'x'.repeat(2 * 1024 * 1024) });
    const response = await t.app.inject({ method: 'POST', url: `${BASE}/sys/login`, headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: '请求体过大' });
  });

  it('never sends a stack trace', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${BASE}/sys/login`, headers: { 'content-type': 'application/json' }, payload: '[' });
    expect(response.body).not.toMatch(/at .*\(.*:\d+:\d+\)/);
  });
});

describe('routing', () => {
  it('answers an unknown API path with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${BASE}/sys/no/such/thing` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 404, message: '很抱歉，资源未找到!' });
  });

  it.each(['/dashboard/analysis', '/some/deep/link', '/system/users?x=1', '/do/appearance.language?locale=en'])('serves index.html for the history-mode path %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('serves assets with long caching and a missing asset as 404, not index.html', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Connections and frames stay on this origin (the sockets are same-origin too).
    expect(response.headers['content-security-policy']).toContain("connect-src 'self';");
    expect(response.headers['content-security-policy']).toContain("frame-src 'self';");
    expect(response.headers['content-security-policy']).not.toMatch(/https?:[ ;]/);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with a Chinese message after 60 attempts a minute from one address', async () => {
    const fresh = await createTestApp();
    try {
      const attempt = () => fresh.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username: 'admin' } });
      for (let i = 0; i < 60; i += 1) expect((await attempt()).statusCode).toBe(400);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ success: false, code: 429, message: '请求过于频繁，请稍后再试' });
    } finally {
      await fresh.close();
    }
  });

  it('does not believe X-Forwarded-For from a client that is not a named proxy', async () => {
    const fresh = await createTestApp();
    try {
      const spoofed = (i: number) =>
        fresh.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username: `spoof${i}`, password: 'Spoof-pass1' }, headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      const statuses: number[] = [];
      for (let i = 0; i < 70; i += 1) statuses.push((await spoofed(i)).statusCode);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
      const logged = await fresh.db.select().from(loginLogs).where(eq(loginLogs.username, 'spoof1'));
      expect(logged[0]?.ip).toBe('127.0.0.1');
    } finally {
      await fresh.close();
    }
  });

  it('takes the client address from a proxy named in TRUST_PROXY', async () => {
    const proxied = await createTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      await proxied.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username: 'viaproxy', password: 'Proxy-pass1' }, headers: { 'x-forwarded-for': '198.51.100.7' } });
      const logged = await proxied.db.select().from(loginLogs).where(eq(loginLogs.username, 'viaproxy'));
      expect(logged[0]?.ip).toBe('198.51.100.7');
    } finally {
      await proxied.close();
    }
  });
});

describe('every route says who may call it', () => {
  it('a route without a permission code, self or public stops the server from starting', async () => {
    const { default: Fastify } = await import('fastify');
    const { installAuthGuard } = await import('@server/http/auth');
    const app = Fastify();
    const starting = app.register(async (api) => {
      installAuthGuard(api, { grants: {} as never, sessions: {} as never, db: {} as never });
      api.get('/declared', { config: { permission: 'user:add' } }, async () => 'ok');
      api.get('/own', { config: { self: true } }, async () => 'ok');
      api.get('/forgot', async () => 'oops');
    });
    await expect(starting.then(() => app.ready())).rejects.toThrow('Route GET /forgot declares no permission');
    await app.close().catch(() => {});
  });
});
