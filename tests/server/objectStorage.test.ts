/**
 * 对象存储 on an S3-compatible bucket (s3rver, started by the test) and on PGlite/PostgreSQL:
 * uploads land in the bucket, are listed with their school and owner, served back to their own
 * school only, and deleted from the bucket and the list alike.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../support/api';
import { multipartBody } from '../support/multipart';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

const BUCKET = 'campus-card-files';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const s3Folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-s3-'));
const s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: s3Folder, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
let endpoint = '';
let t0: TestApp;
let admin: string;
let canteen: string;
const { call, get, secondSchool } = apiOf(() => t0);

beforeAll(async () => {
  const address = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  t0 = await createTestApp({ storage: { driver: 's3', bucket: BUCKET, region: 'us-east-1', endpoint, ...credentials, forcePathStyle: true, prefix: 'uploads/' } });
  admin = await signIn(t0.app, 'admin');
  canteen = await signIn(t0.app, 'canteen');
});
afterAll(async () => {
  await t0?.close();
  await s3.close();
  fs.rmSync(s3Folder, { recursive: true, force: true });
});

const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const upload = (token: string, name: string, content: Buffer, type: string, biz = 'temp') => {
  const body = multipartBody({ biz }, [{ name, type, content }]);
  return t0.app.inject({ method: 'POST', url: `${BASE}/sys/oss/file/upload`, headers: { 'content-type': body.contentType, 'X-Access-Token': token }, payload: body.payload });
};
/** The object as the bucket holds it, or null. */
async function inBucket(key: string): Promise<Buffer | null> {
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `uploads/${key}` }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  } catch {
    return null;
  }
}

describe('对象存储 on an S3-compatible bucket', () => {
  let picture: string;
  let report: string;

  it('puts uploads in the bucket and lists them with their school, owner, size and type', async () => {
    const answered = (await upload(admin, '校徽.png', png, 'image/png', 'photo')).json();
    expect(answered).toMatchObject({ success: true, result: { fileName: '校徽.png', fileSize: png.length } });
    picture = answered.result.url;
    expect(picture).toMatch(/^photo\/_[0-9a-f]{32}\.png$|^photo\/.+_[0-9a-f]{32}\.png$/);
    expect(await inBucket(picture)).toEqual(png);
    report = (await upload(admin, '月报.pdf', Buffer.from('%PDF-1.4 test'), 'application/pdf')).json().result.url;
    // The common upload (JeecgBoot's: the path in `message`) goes to the bucket too.
    const body = multipartBody({ biz: 'temp' }, [{ name: 'note.txt', type: 'text/plain', content: Buffer.from('hello') }]);
    const common = await t0.app.inject({ method: 'POST', url: `${BASE}/sys/common/upload`, headers: { 'content-type': body.contentType, 'X-Access-Token': canteen }, payload: body.payload });
    expect(await inBucket(common.json().message)).toEqual(Buffer.from('hello'));

    const page = (await get(admin, '/sys/oss/file/list?pageSize=50')).body.result;
    expect(page.records.find((row: { id: string }) => row.id === picture)).toMatchObject({ fileName: '校徽.png', school: '示例学校', owner: '管理员', contentType: 'image/png', biz: 'photo' });
    expect((await get(admin, '/sys/oss/file/list?kind=pdf')).body.result.records.map((row: { fileName: string }) => row.fileName)).toEqual(['月报.pdf']);
    expect((await get(admin, '/sys/oss/file/list?fileName=校徽')).body.result.total).toBe(1);
  });

  it('serves a file from the bucket to its school only; a PDF previews in place when asked', async () => {
    const image = await t0.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${picture}`, headers: { 'X-Access-Token': admin } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload).toEqual(png);
    // A range from the bucket (a player seeking).
    const part = await t0.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${picture}`, headers: { 'X-Access-Token': admin, range: 'bytes=1-4' } });
    expect([part.statusCode, part.headers['content-range']]).toEqual([206, `bytes 1-4/${png.length}`]);
    expect(part.rawPayload).toEqual(png.subarray(1, 5));
    const pdf = await t0.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${report}?inline=1`, headers: { 'X-Access-Token': admin } });
    expect(pdf.headers['content-disposition']).toMatch(/^inline/);
    const download = await t0.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${report}`, headers: { 'X-Access-Token': admin } });
    expect(download.headers['content-disposition']).toMatch(/^attachment/);

    const other = await secondSchool(9, 'school9admin');
    expect((await t0.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${picture}`, headers: { 'X-Access-Token': other.token } })).statusCode).toBe(404);
    expect((await get(other.token, '/sys/oss/file/list')).body.result.records).toEqual([]);
    expect((await call(other.token, 'DELETE', `/sys/oss/file/delete?id=${encodeURIComponent(picture)}`)).status).toBe(404);
    expect(await inBucket(picture)).toEqual(png);
    // Without the button, no delete and no upload.
    expect((await call(canteen, 'DELETE', `/sys/oss/file/delete?id=${encodeURIComponent(picture)}`)).status).toBe(403);
    expect((await upload(canteen, 'x.png', png, 'image/png')).statusCode).toBe(403);
  });

  it('deletes from the bucket and the list at once', async () => {
    const deleted = await call(admin, 'DELETE', `/sys/oss/file/delete?id=${encodeURIComponent(`${picture},${report}`)}`);
    expect(deleted.body.success, deleted.body.message).toBe(true);
    expect(await inBucket(picture)).toBeNull();
    expect(await inBucket(report)).toBeNull();
    expect((await get(admin, '/sys/oss/file/list?pageSize=50')).body.result.records.map((row: { id: string }) => row.id)).not.toContain(picture);
    expect((await t0.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${picture}`, headers: { 'X-Access-Token': admin } })).statusCode).toBe(404);
  });
});
