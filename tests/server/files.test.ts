import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { rateWindows, storedFiles, users } from '@server/db/schema';
import { QUOTA_BYTES, UPLOADS_PER_MINUTE } from '@server/modules/files/routes';
import { apiOf } from '../support/api';
import { multipartBody } from '../support/multipart';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'canteen');
});
afterAll(async () => t?.close());

/** A multipart body as a browser's FormData would send it. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }, extraFile?: { name: string; content: Buffer }, as = token) {
  const files = [...(file ? [file] : []), ...(extraFile ? [{ ...extraFile, type: 'text/plain' }] : [])];
  const { payload, contentType } = multipartBody(fields, files);
  return { payload, headers: { 'content-type': contentType, 'X-Access-Token': as } };
}

const upload = (fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }, extraFile?: { name: string; content: Buffer }, as = token) => {
  const body = multipart(fields, file, extraFile, as);
  return t.app.inject({ method: 'POST', url: `${BASE}/sys/common/upload`, headers: body.headers, payload: body.payload });
};

const uploadRoot = () => t.uploadDir;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('files', () => {
  it('stores an upload under its biz folder and answers the path in message', async () => {
    const response = await upload({ biz: 'avatar' }, { name: '我的 照片(1).PNG', type: 'image/png', content: PNG });
    expect(response.statusCode).toBe(200);
    const { success, message } = response.json();
    expect(success).toBe(true);
    expect(message).toMatch(/^avatar\/我的_照片_1_[0-9a-f]{32}\.png$/);

    const served = await t.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${encodeURIComponent(message).replace('%2F', '/')}`, headers: { 'X-Access-Token': token } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // Pictures show inline, under the name they were uploaded with.
    expect(served.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${encodeURIComponent('我的 照片(1).PNG')}`);
    const [record] = await t.db.select().from(storedFiles).where(eq(storedFiles.path, message));
    expect(record).toMatchObject({ tenantId: 0, biz: 'avatar', originalName: '我的 照片(1).PNG', size: PNG.length, contentType: 'image/png' });
  });

  it('defaults the folder to temp', async () => {
    expect((await upload({}, { name: 'a.txt', type: 'text/plain', content: Buffer.from('hi') })).json().message).toMatch(/^temp\/a_[0-9a-f]{32}\.txt$/);
  });

  it('refuses a missing file, a bad folder and an oversized file with 400', async () => {
    expect((await upload({ biz: 'x' })).json()).toMatchObject({ success: false, message: '请选择要上传的文件（file）' });
    const bad = await upload({ biz: '../etc' }, { name: 'a.txt', type: 'text/plain', content: Buffer.from('x') });
    expect(bad.statusCode).toBe(400);
    const big = await upload({}, { name: 'big.bin', type: 'application/octet-stream', content: Buffer.alloc(10 * 1024 * 1024 + 10) });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('文件大小超出10MB限制');
  });

  it('serves files only to signed-in users and never outside the upload folder', async () => {
    const { message } = (await upload({}, { name: 'b.txt', type: 'text/plain', content: Buffer.from('secret') })).json();
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${message}` })).statusCode).toBe(401);
    for (const attempt of ['..%2F..%2Fetc%2Fpasswd', '../../package.json', 'temp/..%2F..%2Fpackage.json']) {
      expect((await t.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${attempt}`, headers: { 'X-Access-Token': token } })).statusCode).toBe(404);
    }
  });

  it("serves a file only to its own school, as if another school's did not exist", async () => {
    const { message } = (await upload({ biz: 'photos' }, { name: 'student.png', type: 'image/png', content: PNG })).json();
    const other = await apiOf(() => t).secondSchool(11, 'school11');
    const read = await t.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${message}`, headers: { 'X-Access-Token': other.token } });
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('文件不存在');
    // Its own upload it reads.
    const own = (await upload({ biz: 'photos' }, { name: 'own.png', type: 'image/png', content: PNG }, undefined, other.token)).json().message;
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${own}`, headers: { 'X-Access-Token': other.token } })).statusCode).toBe(200);
  });

  it('answers a byte range, as a player seeking a recording asks, and refuses one outside the file', async () => {
    const content = Buffer.from('0123456789abcdefghij');
    const { message } = (await upload({ biz: 'video' }, { name: 'clip.webm', type: 'video/webm', content })).json();
    const ask = (range?: string) => t.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${message}`, headers: { 'X-Access-Token': token, ...(range ? { range } : {}) } });
    const whole = await ask();
    expect([whole.statusCode, whole.headers['accept-ranges'], whole.headers['content-length']]).toEqual([200, 'bytes', String(content.length)]);
    expect(whole.rawPayload).toEqual(content);
    for (const [range, from, to] of [
      ['bytes=2-5', 2, 5],
      ['bytes=15-', 15, 19],
      ['bytes=-3', 17, 19],
      ['bytes=10-999', 10, 19],
    ] as const) {
      const part = await ask(range);
      expect([range, part.statusCode, part.headers['content-range'], part.headers['content-length']]).toEqual([range, 206, `bytes ${from}-${to}/20`, String(to - from + 1)]);
      expect(part.rawPayload).toEqual(content.subarray(from, to + 1));
    }
    const outside = await ask('bytes=20-');
    expect([outside.statusCode, outside.headers['content-range']]).toEqual([416, 'bytes */20']);
    // Not a single byte range: the whole file.
    expect((await ask('bytes=0-1,4-5')).statusCode).toBe(200);
  });

  it('sends anything but a picture as a download', async () => {
    for (const name of ['page.html', 'drawing.svg', 'notes.txt', 'report.pdf']) {
      const { message } = (await upload({}, { name, type: 'text/html', content: Buffer.from('<script>alert(1)</script>') })).json();
      const served = await t.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${message}`, headers: { 'X-Access-Token': token } });
      expect(served.headers['content-disposition'], name).toMatch(/^attachment;/);
      expect(served.headers['content-type'], name).not.toMatch(/html|svg/);
    }
  });

  it('a refused upload leaves no file behind: two file parts, an oversized file', async () => {
    const files = () => fs.readdirSync(uploadRoot(), { recursive: true }).filter((entry) => fs.statSync(path.join(uploadRoot(), String(entry))).isFile()).length;
    const before = files();
    const two = await upload({ biz: 'multi' }, { name: 'first.txt', type: 'text/plain', content: Buffer.from('1') }, { name: 'second.txt', content: Buffer.from('2') });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('一次只能上传一个文件（file）');
    await upload({ biz: 'multi' }, { name: 'big.bin', type: 'application/octet-stream', content: Buffer.alloc(10 * 1024 * 1024 + 10) });
    expect(files()).toBe(before);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.biz, 'multi'))).toEqual([]);
  });

  it('limits each user to so many uploads a minute, even sent at once, and so many bytes in all', async () => {
    const admin = await signIn(t.app, 'admin');
    // Uploading is for users granted something (an account waiting for its roles may not).
    const { token: mine, username } = await apiOf(() => t).roleWithUser(admin, 'uploader', ['members:people']);
    const [me] = await t.db.select().from(users).where(eq(users.username, username));
    const text = { name: 'n.txt', type: 'text/plain', content: Buffer.from('n') };
    // Forty at once: thirty are taken, the rest told to wait.
    const answers = await Promise.all(Array.from({ length: 40 }, () => upload({}, text, undefined, mine)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(UPLOADS_PER_MINUTE);
    const fast = answers.find((answer) => answer.statusCode === 429)!;
    expect(fast.json().message).toBe('上传过于频繁：每分钟最多上传 30 个文件，请稍后再试');
    // A minute later, the full store is the limit.
    await t.db.update(rateWindows).set({ windowStart: new Date(Date.now() - 61_000) });
    await t.db.update(storedFiles).set({ size: QUOTA_BYTES }).where(eq(storedFiles.ownerId, me!.id));
    const full = await upload({}, text, undefined, mine);
    expect(full.statusCode).toBe(413);
    expect(full.json().message).toBe('您的上传空间已满（500MB），请删除不用的文件后再试');
    // Others are not affected.
    expect((await upload({}, text)).statusCode).toBe(200);
  });

  it('signs the stored-file route in by its own cookie, and nothing by a token in the URL', async () => {
    const { message } = (await upload({}, { name: 'c.png', type: 'image/png', content: PNG })).json();
    const access = await t.app.inject({ method: 'GET', url: `${BASE}/sys/common/fileAccess`, headers: { 'X-Access-Token': token } });
    const cookie = String(access.headers['set-cookie']);
    expect(cookie).toBe(`ccu_files=${token}; Path=${BASE}/sys/common/static; HttpOnly; SameSite=Strict`);
    const pair = cookie.split(';')[0]!;
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${message}`, headers: { cookie: pair } })).statusCode).toBe(200);
    // The cookie opens nothing else, and a token in a URL opens nothing at all.
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/sys/user/account`, headers: { cookie: pair } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${message}?token=${token}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/sys/user/account?token=${token}` })).statusCode).toBe(401);
    // Signing out clears it.
    const other = await signIn(t.app, 'canteen');
    const out = await t.app.inject({ method: 'POST', url: `${BASE}/sys/logout`, headers: { 'X-Access-Token': other } });
    expect(String(out.headers['set-cookie'])).toBe(`ccu_files=; Path=${BASE}/sys/common/static; HttpOnly; SameSite=Strict; Max-Age=0`);
  });
});
