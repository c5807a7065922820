import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { and, asc, eq } from 'drizzle-orm';
import { addDays, dayIn, DEFAULT_TIME_ZONE, parseSchoolTime } from '@shared/schoolTime';
import type { Executor } from '@server/db/client';
import { newId } from '@server/db/ids';
import { members, storedFiles } from '@server/db/schema';
import { cameras, videoRecords } from './tables';
import { Work } from '@server/db/work';
import type { ObjectStore } from '@server/modules/files/objectStore';

const SAMPLES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'samples');

/** Puts a sample file into the store as the camera's upload; answers its path. */
async function upload(tx: Executor, files: ObjectStore, tenantId: number, serial: string, sample: string, type: string): Promise<string> {
  const stored = `camera/${randomBytes(16).toString('hex')}${path.extname(sample)}`;
  const temp = path.join(os.tmpdir(), `ccu-seed-${randomBytes(8).toString('hex')}`);
  fs.copyFileSync(path.join(SAMPLES, sample), temp);
  await files.put(stored, temp, type);
  await tx
    .insert(storedFiles)
    .values({ path: stored, tenantId, ownerId: `camera:${serial}`, biz: 'camera', originalName: path.basename(stored), size: fs.statSync(path.join(SAMPLES, sample)).size, contentType: type });
  return stored;
}

/**
 * 安防视频's sample: three cameras (the south gate, the canteen, the dormitory corridor) and the
 * last days' events — faces captured at the gate, a stranger at night, a crowd at lunch — each
 * with a snapshot and a short recording in object storage, some already handled.
 */
export async function seedSecurity(tx: Executor, files: ObjectStore | undefined, tenantId: number, operator: string): Promise<void> {
  const common = { tenantId, createBy: operator };
  const rows = [
    { ...common, id: newId(), name: '南大门枪机', serialNo: 'CAM0101', channel: 1, location: '南大门' },
    { ...common, id: newId(), name: '一食堂球机', serialNo: 'CAM0102', channel: 2, location: '第一食堂大厅' },
    { ...common, id: newId(), name: '男生宿舍走廊', serialNo: 'CAM0103', channel: 1, location: '男生宿舍3楼走廊' },
  ];
  await tx.insert(cameras).values(rows);
  if (!files) return;
  const work = new Work(tx, tenantId, operator);
  const [pupil] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(work.school(members), eq(members.memberStatus, '1')))
    .orderBy(asc(members.memberNo))
    .limit(1);
  const today = dayIn(DEFAULT_TIME_ZONE);
  // camera, days back, clock, event type, seconds, handled (status, opinion), person.
  const events: readonly (readonly [number, number, string, string, number, string, string | null, boolean])[] = [
    [0, 0, '07:42:10', '1', 3, '0', null, true],
    [0, 1, '21:15:40', '2', 12, '1', null, false],
    [1, 1, '11:58:05', '4', 45, '2', '午餐高峰，已安排食堂人员疏导', false],
    [2, 2, '23:30:12', '3', 20, '3', '巡查确认为值班老师巡夜', false],
    [0, 3, '17:05:33', '6', 8, '0', null, false],
  ];
  for (const [index, [cameraIndex, back, clock, eventType, seconds, handleStatus, opinion, matched]] of events.entries()) {
    const camera = rows[cameraIndex]!;
    const start = parseSchoolTime(DEFAULT_TIME_ZONE, `${addDays(today, -back)} ${clock}`)!;
    await tx.insert(videoRecords).values({
      ...common,
      createBy: `camera:${camera.serialNo}`,
      id: newId(),
      cameraId: camera.id,
      eventNo: `E${addDays(today, -back).replaceAll('-', '')}${String(index + 1).padStart(3, '0')}`,
      location: camera.location,
      eventType,
      startTime: start,
      endTime: new Date(start.getTime() + seconds * 1000),
      duration: seconds,
      snapshot: await upload(tx, files, tenantId, camera.serialNo, 'snapshot.png', 'image/png'),
      recording: await upload(tx, files, tenantId, camera.serialNo, 'recording.webm', 'video/webm'),
      memberId: matched ? (pupil?.id ?? null) : null,
      handleStatus,
      ...(handleStatus !== '0' ? { handleBy: operator } : {}),
      ...(opinion ? { opinion, handleAt: new Date(start.getTime() + 3_600_000) } : {}),
    });
  }
}
