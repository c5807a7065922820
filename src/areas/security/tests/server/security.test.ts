/**
 * 安防视频 through its routes and the signed camera API, on PGlite and on PostgreSQL: a camera's
 * snapshot and recording uploaded into object storage (a file that is neither refused by its
 * bytes), an event posted with them and kept once, another camera's file refused, bad signatures
 * and stopped cameras refused; the recording served for playback in the page; 受理, 标记处理 and
 * 误报; another school sees none of it.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { cameras } from '../../server/tables';
import { cameraEventsSigningText, cameraMediaSigningText, type CameraEvent } from '../../shared/camera';
import { MEDIA_DIGEST_HEADER } from '@shared/deviceMedia';
import { dateTimeIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { apiOf } from '../../../../../tests/support/api';
import { BASE, createTestApp, signIn, type TestApp } from '../../../../../tests/support/testApp';

let t0: TestApp;
let admin: string;
const { call, get } = apiOf(() => t0);
const SAMPLES = path.join(import.meta.dirname, '../../server/samples');
const keys: Record<string, string> = {};

const headers = (serial: string, text: (serial: string, timestamp: string) => string, key = keys[serial]!) => {
  const timestamp = String(Date.now());
  return { 'x-terminal-serial': serial, 'x-timestamp': timestamp, 'x-signature': createHmac('sha256', key).update(text(serial, timestamp)).digest('hex') };
};
async function upload(serial: string, bytes: Buffer, type: string, key?: string) {
  const digest = createHash('sha256').update(bytes).digest('hex');
  const response = await t0.app.inject({
    method: 'POST',
    url: `${BASE}/camera/media`,
    headers: { 'content-type': type, [MEDIA_DIGEST_HEADER]: digest, ...headers(serial, (s, ts) => cameraMediaSigningText(s, ts, digest), key) },
    payload: bytes,
  });
  return { status: response.statusCode, body: response.json() };
}
async function post(serial: string, events: CameraEvent[]) {
  const response = await t0.app.inject({
    method: 'POST',
    url: `${BASE}/camera/events`,
    headers: { 'content-type': 'application/json', ...headers(serial, (s, ts) => cameraEventsSigningText(s, ts, events)) },
    payload: JSON.stringify({ events }),
  });
  return { status: response.statusCode, body: response.json() };
}

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  for (const serial of ['CAM0101', 'CAM0102']) {
    const [camera] = await t0.db.select().from(cameras).where(eq(cameras.serialNo, serial));
    keys[serial] = (await call(admin, 'POST', '/sec/camera/issueKey', { id: camera!.id })).body.result.secret;
  }
});
afterAll(async () => t0?.close());

describe('the camera API', () => {
  let snapshot: string;
  let recording: string;
  let recordId: string;

  it('takes a snapshot and a recording into object storage, refusing what is neither and a wrong signature', async () => {
    const png = fs.readFileSync(path.join(SAMPLES, 'snapshot.png'));
    const webm = fs.readFileSync(path.join(SAMPLES, 'recording.webm'));
    const picture = await upload('CAM0101', png, 'image/png');
    expect(picture.body.success, picture.body.message).toBe(true);
    snapshot = picture.body.result.path;
    const video = await upload('CAM0101', webm, 'application/octet-stream');
    expect(video.body.result).toMatchObject({ contentType: 'video/webm', size: webm.length });
    recording = video.body.result.path;
    const script = await upload('CAM0101', Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(script.status).toBe(400);
    expect(script.body.message).toBe('只接受 JPEG/PNG 图片或 MP4/WebM 视频');
    expect((await upload('CAM0101', png, 'image/png', 'wrong-key')).status).toBe(401);
  });

  it('keeps an event once, with its media, and refuses another camera’s file', async () => {
    const clock = dateTimeIn(DEFAULT_TIME_ZONE);
    const [member] = await t0.db.select({ memberNo: t.members.memberNo, id: t.members.id }).from(t.members).limit(1);
    const event: CameraEvent = { eventNo: `EV${randomUUID().slice(0, 8)}`, eventType: '2', startTime: clock, endTime: clock, snapshot, recording, memberNo: member!.memberNo };
    const first = await post('CAM0101', [event]);
    expect(first.body.result).toEqual([{ eventNo: event.eventNo, success: true }]);
    const again = await post('CAM0101', [event]);
    expect(again.body.result[0]).toMatchObject({ success: true, replayed: true });
    const stolen = await post('CAM0102', [{ ...event, eventNo: 'EV-OTHER' }]);
    expect(stolen.body.result[0]).toMatchObject({ success: false, message: `文件不存在或不是本设备上传的（${snapshot}）` });
    const bad = await post('CAM0101', [{ ...event, eventNo: 'EV-BAD', startTime: '2026-02-31 25:61:61' }]);
    expect(bad.body.result[0]).toMatchObject({ success: false, message: '交易时间无效（2026-02-31 25:61:61）' });
    const [record] = (await get(admin, `/sec/videoRecord/list?eventNo=${event.eventNo}`)).body.result.records;
    expect(record).toMatchObject({ eventType: '2', snapshot, recording, memberId: member!.id, handleStatus: '0', location: '南大门' });
    recordId = record.id;
    // A stopped camera is refused.
    const [camera] = await t0.db.select().from(cameras).where(eq(cameras.serialNo, 'CAM0102'));
    await call(admin, 'PUT', '/sec/camera/edit', { ...(await get(admin, `/sec/camera/queryById?id=${camera!.id}`)).body.result, status: '0' });
    expect((await post('CAM0102', [{ ...event, eventNo: 'EV-STOP', snapshot: undefined, recording: undefined }])).status).toBe(403);
  });

  it('serves the recording for playback in the page and as a download, to its school only', async () => {
    const played = await t0.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${recording}`, headers: { 'X-Access-Token': admin } });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('video/webm');
    expect(String(played.headers['content-disposition'])).toMatch(/^inline/);
    const downloaded = await t0.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${recording}?download=1`, headers: { 'X-Access-Token': admin } });
    expect(String(downloaded.headers['content-disposition'])).toMatch(/^attachment/);
    expect(downloaded.rawPayload.length).toBe(fs.statSync(path.join(SAMPLES, 'recording.webm')).size);
  });

  it('is taken on, handled with an opinion, or marked a false alarm', async () => {
    expect((await call(admin, 'POST', '/sec/videoRecord/accept', { ids: [recordId] })).body.success).toBe(true);
    const handled = await call(admin, 'POST', '/sec/videoRecord/handle', { ids: [recordId], opinion: '已通知保卫处核实，为来访家长' });
    expect(handled.body.success, handled.body.message).toBe(true);
    expect((await get(admin, `/sec/videoRecord/queryById?id=${recordId}`)).body.result).toMatchObject({ handleStatus: '2', handleBy: 'admin', opinion: '已通知保卫处核实，为来访家长' });
    expect((await call(admin, 'POST', '/sec/videoRecord/falseAlarm', { ids: [recordId], opinion: 'x' })).status).toBe(400);
    const [open] = (await get(admin, '/sec/videoRecord/list?handleStatus=0')).body.result.records;
    expect((await call(admin, 'POST', '/sec/videoRecord/falseAlarm', { ids: [open.id], opinion: '树影晃动' })).body.success).toBe(true);
  });

  it('another school sees no camera, event or file of this one', async () => {
    const created = await call(admin, 'POST', '/sys/tenant/add', { name: '安防隔离学校', adminUsername: 'secother', adminRealname: '钱老师', adminPassword: 'Sec-school-2026' });
    expect(created.body.success, created.body.message).toBe(true);
    const other = await signIn(t0.app, 'secother', 'Sec-school-2026');
    expect((await get(other, '/sec/videoRecord/list')).body.result.total).toBe(0);
    expect((await get(other, '/sec/camera/list')).body.result.total).toBe(0);
    const file = await t0.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${recording}`, headers: { 'X-Access-Token': other } });
    expect(file.statusCode).toBe(404);
  });
});
