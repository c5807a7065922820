/**
 * What a device's public request may not do (issue 47, H-N1 and M-N3), on PGlite and PostgreSQL: an
 * unsigned upload is refused before its body is received, so it holds no one up; uploads are limited
 * in size and in number at once; a take request (a door's grants) binds its route and a nonce, so a
 * captured one is refused when replayed; and a grant taken but never answered is sent again.
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { accessGrants } from '@areas/access/server/tables';
import { nulPath } from '@server/http/nulGuard';
import { MEDIA_UPLOADS_PER_DEVICE } from '@server/modules/devices/media';
import { MEDIA_DIGEST_HEADER, mediaSigningText } from '@shared/deviceMedia';
import { grantAnswerSigningText, type GrantAnswer } from '@areas/access/shared/gate';
import { apiOf } from '../support/api';
import { takeHeaders, type GateKey } from '../support/gate';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
let port: number;
const { call, get } = apiOf(() => t0);
let gate: GateKey;
let dorm: GateKey;
let dormId: string;
const picture = fs.readFileSync(path.join(import.meta.dirname, '../../src/areas/security/server/samples/snapshot.png'));

const doorKey = async (name: string): Promise<[GateKey, string]> => {
  const [door] = (await get(admin, `/acs/door/list?name=${encodeURIComponent(name)}`)).body.result.records;
  const issued = await call(admin, 'POST', '/acs/door/issueKey', { id: door.id });
  expect(issued.body.success, issued.body.message).toBe(true);
  return [{ serial: door.serialNo, secret: issued.body.result.secret }, door.id];
};

/** A gate's upload headers for bytes with this digest, signed with `key` (a wrong key: an unsigned upload). */
function uploadHeaders(key: GateKey, digest: string, length: number): Record<string, string> {
  const timestamp = String(Date.now());
  return {
    'content-type': 'image/png',
    'content-length': String(length),
    'x-terminal-serial': key.serial,
    'x-timestamp': timestamp,
    [MEDIA_DIGEST_HEADER]: digest,
    'x-signature': createHmac('sha256', key.secret)
      .update(mediaSigningText(key.serial, timestamp, digest))
      .digest('hex'),
  };
}

interface OpenUpload {
  /** The answer, once the server gives it (possibly before the body is whole). */
  answer: Promise<{ status: number; body: { success: boolean; message: string } }>;
  /** Bytes of the body written so far. */
  sent(): number;
  abort(): void;
}

/** An upload over a real socket that sends only the first `first` bytes of its body and then waits. */
function openUpload(headers: Record<string, string>, first: Buffer): OpenUpload {
  let written = 0;
  const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: `${BASE}/gate/media`, headers });
  const answer = new Promise<{ status: number; body: { success: boolean; message: string } }>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    request.on('error', reject);
  });
  // An aborted upload's socket error is expected.
  answer.catch(() => {});
  request.write(first, () => (written += first.length));
  return { answer, sent: () => written, abort: () => request.destroy() };
}

async function complete(headers: Record<string, string>, body: Buffer) {
  const response = await fetch(`http://127.0.0.1:${port}${BASE}/gate/media`, { method: 'POST', headers, body: new Uint8Array(body) });
  return { status: response.status, body: (await response.json()) as { success: boolean; message: string; result?: { path: string } } };
}

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  [gate] = await doorKey('南大门');
  [dorm, dormId] = await doorKey('男生宿舍门');
  await t0.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t0.app.server.address() as { port: number }).port;
});
afterAll(async () => t0?.close());

describe('a device upload is checked before its body is received', () => {
  it('a 20 MB upload with a wrong signature is refused after its first megabyte, and the server answers others meanwhile', async () => {
    const size = 20 * 1024 * 1024;
    const first = Buffer.alloc(1024 * 1024, 0x41);
    const upload = openUpload(uploadHeaders({ serial: 'NO-SUCH', secret: 'not-a-key' }, 'f'.repeat(64), size), first);
    const refused = await upload.answer;
    expect(refused).toMatchObject({ status: 401, body: { success: false, message: '设备签名无效' } });
    // Answered with 19 MB still unsent: the body was never waited for.
    expect(upload.sent()).toBeLessThanOrEqual(first.length);
    // Another request is answered while that upload's socket is still open.
    const other = await fetch(`http://127.0.0.1:${port}${BASE}/sys/registration`);
    expect(other.status).toBe(200);
    upload.abort();
    // The same for a known door's serial with a signature that is not its key's.
    const forged = openUpload(uploadHeaders({ serial: gate.serial, secret: 'not-the-key' }, 'a'.repeat(64), size), first);
    expect((await forged.answer).status).toBe(401);
    forged.abort();
  });

  it('the body guard does not walk bytes', () => {
    const bytes = Buffer.alloc(20 * 1024 * 1024);
    bytes[5] = 0;
    expect(nulPath(bytes)).toBeNull();
    expect(nulPath({ name: 'a\u0000b' })).toEqual(['name']);
  });

  it('a signed upload larger than a picture may be is refused before its body; one whose bytes are not those signed is refused after', async () => {
    const big = openUpload(uploadHeaders(gate, 'b'.repeat(64), 9 * 1024 * 1024), Buffer.alloc(1024));
    expect(await big.answer).toMatchObject({ status: 413, body: { message: '文件不能超过 8 MB' } });
    big.abort();
    const digest = createHash('sha256').update(picture).digest('hex');
    const swapped = Buffer.from(picture);
    swapped[swapped.length - 1] = swapped[swapped.length - 1]! ^ 0xff;
    expect(await complete(uploadHeaders(gate, digest, swapped.length), swapped)).toMatchObject({ status: 401, body: { message: '文件内容与签名不符' } });
    const whole = await complete(uploadHeaders(gate, digest, picture.length), picture);
    expect(whole.status, whole.body.message).toBe(200);
    expect(whole.body.result!.path).toMatch(/^gate\/[0-9a-f]{32}\.png$/);
  });

  it('a device has a few uploads at once; a place is given back when an upload is abandoned', async () => {
    const digest = createHash('sha256').update(picture).digest('hex');
    // One more than a device may send at once, all together: whichever the server reads last is refused
    // (the others were given their places and wait for their bodies, so they have no answer yet).
    const held = Array.from({ length: MEDIA_UPLOADS_PER_DEVICE + 1 }, () => openUpload(uploadHeaders(gate, digest, picture.length), picture.subarray(0, 16)));
    try {
      const first = await Promise.race(held.map((upload) => upload.answer));
      expect(first).toMatchObject({ status: 429, body: { message: '同时上传的文件过多，请稍后重试' } });
      // Another door is not held up by this one.
      const other = await complete(uploadHeaders(dorm, digest, picture.length), picture);
      expect(other.status, other.body.message).toBe(200);
    } finally {
      // Open sockets would keep the server from closing.
      for (const upload of held) upload.abort();
    }
    // The server gives the places back as it sees the sockets close.
    await expect.poll(async () => (await complete(uploadHeaders(gate, digest, picture.length), picture)).status, { timeout: 30_000 }).toBe(200);
  });
});

describe("a door's take requests", () => {
  const pending = (headers = takeHeaders(dorm, '/gate/grants/pending')) =>
    t0.app.inject({ method: 'POST', url: `${BASE}/gate/grants/pending`, headers, payload: {} }).then((response) => ({ status: response.statusCode, body: response.json() }));
  async function answer(results: GrantAnswer[]) {
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', dorm.secret)
      .update(grantAnswerSigningText(dorm.serial, timestamp, results))
      .digest('hex');
    const response = await t0.app.inject({
      method: 'POST',
      url: `${BASE}/gate/grants/ack`,
      headers: { 'content-type': 'application/json', 'x-terminal-serial': dorm.serial, 'x-timestamp': timestamp, 'x-signature': signature },
      payload: { results },
    });
    return response.json().result.accepted as number;
  }

  it('bind their route and a nonce: a replay and a signature moved to another route are refused', async () => {
    const headers = takeHeaders(dorm, '/gate/grants/pending');
    const first = await pending(headers);
    expect(first.status, first.body.message).toBe(200);
    expect(await pending(headers)).toMatchObject({ status: 401, body: { message: '该请求已处理过（重放），请重新签名后再发送' } });
    // The same signature sent to the plates: not its route.
    const moved = await t0.app.inject({ method: 'POST', url: `${BASE}/gate/plates/pending`, headers: takeHeaders(dorm, '/gate/grants/pending'), payload: {} });
    expect(moved.statusCode).toBe(401);
    const { 'x-nonce': _nonce, ...withoutNonce } = takeHeaders(dorm, '/gate/grants/pending');
    expect((await pending(withoutNonce)).body.message).toBe('设备请求缺少有效的随机数（X-Nonce）');
    // Whatever the first took is answered, so the door starts clean.
    const taken = first.body.result as { grantId: string }[];
    if (taken.length) expect(await answer(taken.map((one) => ({ grantId: one.grantId, success: true })))).toBe(taken.length);
  });

  it('a revocation taken and never answered is sent again after the lease, and once answered is done', async () => {
    // Whatever waits is taken and answered first.
    for (let taken = (await pending()).body.result as { grantId: string }[]; taken.length; taken = (await pending()).body.result)
      await answer(taken.map((one) => ({ grantId: one.grantId, success: true })));
    const [grant] = (await get(admin, `/acs/auth/list?doorId=${dormId}&pageSize=1`)).body.result.records as { id: string }[];
    expect((await call(admin, 'POST', '/acs/auth/revoke', { ids: [grant!.id] })).body.success).toBe(true);
    // Taken by a request whose answer is lost (or by a replay, before nonces).
    const lost = await pending();
    expect(lost.body.result).toEqual([expect.objectContaining({ grantId: grant!.id, op: 'delete' })]);
    // Within the lease it is the door's: not sent twice at once.
    expect((await pending()).body.result).toEqual([]);
    // The lease runs out: the door is sent it again.
    await t0.db
      .update(accessGrants)
      .set({ lastPushAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(accessGrants.id, grant!.id));
    const again = await pending();
    expect(again.body.result).toEqual([expect.objectContaining({ grantId: grant!.id, op: 'delete' })]);
    expect(await answer([{ grantId: grant!.id, success: true }])).toBe(1);
    expect((await pending()).body.result).toEqual([]);
    const [row] = await t0.db.select({ pushStatus: accessGrants.pushStatus }).from(accessGrants).where(eq(accessGrants.id, grant!.id));
    expect(row!.pushStatus).toBe('2');
    // Its 删除 item of 设备下发 is 成功.
    const items = await t0.db
      .select({ status: t.pushItems.status })
      .from(t.pushItems)
      .innerJoin(t.pushTasks, eq(t.pushTasks.id, t.pushItems.taskId))
      .where(and(eq(t.pushItems.subjectId, grant!.id), eq(t.pushTasks.addDel, '2')));
    expect(items.map((item) => item.status)).toEqual(['2']);
  });
});
