/**
 * 家长名单's operations on PGlite and PostgreSQL: 解绑微信, and 发邀请短信 through the HTTP SMS
 * driver against a provider stub this test runs (what it received, its refusal, the pace limit).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { apiOf } from '../support/api';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
let provider: http.Server;
const received: { authorization: string | undefined; body: { mobile: string; text: string } }[] = [];
let refuse = false;
const { call, roleWithUser, secondSchool } = apiOf(() => t0);

beforeAll(async () => {
  provider = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (refuse) {
        response.writeHead(500).end('quota exceeded');
        return;
      }
      received.push({ authorization: request.headers.authorization, body: JSON.parse(body) as { mobile: string; text: string } });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}');
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  t0 = await createTestApp({ sms: { driver: 'http', url: `http://127.0.0.1:${port}/send`, token: 'provider-token' } });
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => {
  await t0?.close();
  await new Promise((resolve) => provider?.close(resolve));
});

/** A seeded parent with the given WeChat binding. */
async function parentWith(wxBound: boolean) {
  const [row] = await t0.db
    .select()
    .from(t.parents)
    .where(and(eq(t.parents.tenantId, 0), eq(t.parents.wxBound, wxBound), eq(t.parents.status, '1')))
    .limit(1);
  return row!;
}

describe('家长名单', () => {
  it('发邀请短信 sends the parent app’s invitation once a minute, and a provider’s refusal leaves it unsent', async () => {
    const parent = await parentWith(false);
    refuse = true;
    const failed = await call(admin, 'POST', '/memb/parent/invite', { id: parent.id });
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('短信发送失败，请稍后重试');
    refuse = false;
    const sent = await call(admin, 'POST', '/memb/parent/invite', { id: parent.id });
    expect(sent.body.message).toBe('邀请短信已发送');
    expect(received).toHaveLength(1);
    expect(received[0]!.authorization).toBe('Bearer provider-token');
    expect(received[0]!.body.mobile).toBe(parent.mobile);
    expect(received[0]!.body.text).toContain('【示例学校】');
    expect(received[0]!.body.text).toContain(parent.parentName);
    const [after] = await t0.db.select({ invitedAt: t.parents.invitedAt }).from(t.parents).where(eq(t.parents.id, parent.id));
    expect(after!.invitedAt).toBeInstanceOf(Date);
    // A second click within the minute sends nothing.
    expect((await call(admin, 'POST', '/memb/parent/invite', { id: parent.id })).body.message).toBe('邀请短信发送过于频繁，请一分钟后再试');
    expect(received).toHaveLength(1);
    // A parent bound to WeChat needs no invitation.
    expect((await call(admin, 'POST', '/memb/parent/invite', { id: (await parentWith(true)).id })).body.message).toMatch(/^「.+」的微信绑定为是，不能发邀请短信$/);
  });

  it('解绑微信 unbinds once, behind its own button, in its own school', async () => {
    const parent = await parentWith(true);
    const reader = await roleWithUser(admin, 'parentreader', ['members:parents']);
    expect((await call(reader.token, 'POST', '/memb/parent/unbindWechat', { id: parent.id })).status).toBe(403);
    expect((await call(reader.token, 'POST', '/memb/parent/invite', { id: parent.id })).status).toBe(403);
    const other = (await secondSchool(37, 'school37')).token;
    expect((await call(other, 'POST', '/memb/parent/unbindWechat', { id: parent.id })).status).toBe(404);
    expect((await call(admin, 'POST', '/memb/parent/unbindWechat', { id: parent.id })).body.message).toBe('已解绑微信');
    expect((await call(admin, 'POST', '/memb/parent/unbindWechat', { id: parent.id })).body.message).toMatch(/^「.+」的微信绑定为否，不能解绑微信$/);
    const [row] = await t0.db.select({ wxBound: t.parents.wxBound }).from(t.parents).where(eq(t.parents.id, parent.id));
    expect(row!.wxBound).toBe(false);
  });
});
