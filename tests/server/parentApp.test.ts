/**
 * 家长端 through its routes, on PGlite and on PostgreSQL: a parent signs in with the phone the school
 * bound to their child and a texted code, sees their children, and submits a 亲情号码 that the school
 * audits in 通话成员 (来源 家长端); never for another's child, never without a live token.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { callNumbers } from '@areas/calls/server';
import { apiOf } from '../support/api';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get } = apiOf(() => t0);
const outbox = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-sms-')), 'sms-outbox.log');
const texts = (mobile: string) =>
  (fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8') : '')
    .trim()
    .split('\n')
    .filter((line) => line.split('\t')[1] === mobile);

async function parentCall(method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) {
  const response = await t0.app.inject({ method, url: `${BASE}${url}`, headers: token ? { 'x-parent-token': token } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.json() };
}

let parent: { mobile: string; studentId: string };
let stranger: string;

beforeAll(async () => {
  t0 = await createTestApp({ sms: { driver: 'log', outbox } });
  admin = await signIn(t0.app, 'admin');
  // A sample parent of one pupil only, with no family numbers yet.
  const bindings = await t0.db
    .select({ mobile: t.parents.mobile, studentId: t.parents.studentId })
    .from(t.parents)
    .where(and(eq(t.parents.tenantId, 0), eq(t.parents.delFlag, 0)));
  const numbered = new Set((await t0.db.select({ memberId: callNumbers.memberId }).from(callNumbers)).map((row) => row.memberId));
  parent = bindings.find((binding) => bindings.filter((other) => other.mobile === binding.mobile).length === 1 && !numbered.has(binding.studentId))!;
  const [other] = await t0.db
    .select({ id: t.members.id })
    .from(t.members)
    .where(and(eq(t.members.tenantId, 0), ne(t.members.id, parent.studentId)))
    .limit(1);
  stranger = other!.id;
});
afterAll(async () => t0?.close());

describe('家长端', () => {
  let token: string;

  it('signs a bound parent in with a texted code, and texts no one for a phone that is not a parent’s', async () => {
    expect((await parentCall('POST', '/parent/sms', null, { mobile: '13999999998' })).body).toMatchObject({ success: true, message: '短信验证码已发送，5分钟内有效' });
    expect(texts('13999999998')).toHaveLength(0);
    expect((await parentCall('POST', '/parent/sms', null, { mobile: parent.mobile })).body.success).toBe(true);
    const code = /验证码为 (\d{6})/.exec(texts(parent.mobile).at(-1) ?? '')![1]!;
    const wrong = await parentCall('POST', '/parent/login', null, { mobile: parent.mobile, captcha: code === '000000' ? '000001' : '000000' });
    expect(wrong.body.message).toBe('短信验证码错误或已过期');
    const signedIn = await parentCall('POST', '/parent/login', null, { mobile: parent.mobile, captcha: code });
    expect(signedIn.body.success, signedIn.body.message).toBe(true);
    token = signedIn.body.result.token;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    // The code is spent.
    expect((await parentCall('POST', '/parent/login', null, { mobile: parent.mobile, captcha: code })).body.message).toBe('短信验证码错误或已过期');
    expect((await parentCall('GET', '/parent/children', token)).body.result.map((child: { memberId: string }) => child.memberId)).toEqual([parent.studentId]);
  });

  it('submits a child’s family number, which the school audits in 通话成员 as one from 家长端', async () => {
    const submitted = await parentCall('POST', '/parent/callNumbers', token, { memberId: parent.studentId, phone: '13811112222', relation: '2' });
    expect(submitted.body).toMatchObject({ success: true, message: '已提交，等待学校审核' });
    expect((await parentCall('POST', '/parent/callNumbers', token, { memberId: parent.studentId, phone: '13811112222', relation: '2' })).body.message).toBe('该学生已登记号码 13811112222');
    const [row] = (await get(admin, `/call/member/list?memberId=${parent.studentId}`)).body.result.records;
    expect(row).toMatchObject({ phone: '13811112222', seq: 1, source: '2', source_dictText: '家长端', auditStatus: '0', createBy: `家长 ${parent.mobile}` });
    // Staff audit it (who entered it is the parent, not them).
    expect((await call(admin, 'POST', '/call/member/approve', { ids: [row.id] })).body.success).toBe(true);
    const mine = (await parentCall('GET', `/parent/callNumbers?memberId=${parent.studentId}`, token)).body.result;
    expect(mine).toEqual([expect.objectContaining({ phone: '13811112222', auditStatus: '1' })]);
  });

  it('refuses another’s child, a missing or signed-out token, and a number that is not a mobile', async () => {
    expect((await parentCall('POST', '/parent/callNumbers', token, { memberId: stranger, phone: '13811113333', relation: '1' })).body).toMatchObject({
      success: false,
      message: '只能为自己的孩子办理',
    });
    expect((await parentCall('GET', `/parent/callNumbers?memberId=${stranger}`, token)).status).toBe(403);
    expect((await parentCall('POST', '/parent/callNumbers', token, { memberId: parent.studentId, phone: '12345', relation: '1' })).body.message).toBe('请输入正确的手机号码（phone）');
    expect((await parentCall('GET', '/parent/children', null)).status).toBe(401);
    expect((await parentCall('GET', '/parent/children', 'f'.repeat(64))).body.message).toBe('请先登录家长端');
    await parentCall('POST', '/parent/logout', token);
    expect((await parentCall('GET', '/parent/children', token)).status).toBe(401);
  });
});
