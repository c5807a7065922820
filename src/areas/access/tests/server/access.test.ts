/**
 * 门禁管理 through its routes and the signed gate API, on PGlite and on PostgreSQL: a door's key
 * issued once; a pass signed wrongly, too old or from a disabled door refused; a record sent again
 * answered as first decided and kept once; passes decided by the card, the grant, its time group and
 * a boarder's leave (refused without one, let out with one), 反潜回 at an anti-passback door; grants made by class, revoked, copied,
 * taken and answered by the controller; a week of a class's passes counted into attendance exactly
 * as a hand count, 补签 kept by the job until 重算, the parents told through the template — by hand,
 * and by a rule's 通知家长 (the late, the not yet in); another school sees none of it.
 */
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { accessGrants, accessLogs, attendanceDays, attendanceRules, doors } from '../../server/tables';
import { newId } from '@server/db/ids';
import { computeAttendance, tellParents } from '@areas/access/server/attendance';
import { MEDIA_DIGEST_HEADER, mediaSigningText } from '@shared/deviceMedia';
import type { GateRecord } from '@areas/access/shared/gate';
import { addDays, dayIn, DEFAULT_TIME_ZONE, parseSchoolTime, weekdayOf } from '@shared/schoolTime';
import { apiOf } from '../../../../../tests/support/api';
import { gateHeaders, takeHeaders, type GateKey } from '../../../../../tests/support/gate';
import { BASE, createTestApp, signIn, type TestApp } from '../../../../../tests/support/testApp';

let t0: TestApp;
let admin: string;
const { call, get } = apiOf(() => t0);
const outbox = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-sms-')), 'sms-outbox.log');
const sent = () => (fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8') : '');
const today = dayIn(DEFAULT_TIME_ZONE);
/** The last five school days before today. On a Monday morning the first is more than 7 days back, so the school's upload window is widened to 10 in beforeAll. */
const week: string[] = [];
for (let day = addDays(today, -1); week.length < 5; day = addDays(day, -1)) if (weekdayOf(day) <= 5) week.unshift(day);
let serial = 0;

type Pupil = { id: string; name: string; memberNo: string; cardNo: string; boardingType: string | null; deptId: string };
let gate: GateKey;
let dorm: GateKey;
let gateId: string;
let dormId: string;
let classId: string;
let pupils: Pupil[];

const post = async (key: GateKey, records: GateRecord[], headers = gateHeaders(key, records)) =>
  t0.app.inject({ method: 'POST', url: `${BASE}/gate/access`, headers, payload: { records } }).then((response) => ({ status: response.statusCode, body: response.json() }));
const pass = (cardNo: string, deviceTime: string, direction: '1' | '2' = '1'): GateRecord => ({ serialNo: `R${(serial += 1)}`, cardNo, direction, method: '1', deviceTime });
const doorKey = async (name: string): Promise<[GateKey, string]> => {
  const [door] = (await get(admin, `/acs/door/list?name=${encodeURIComponent(name)}`)).body.result.records;
  const issued = await call(admin, 'POST', '/acs/door/issueKey', { id: door.id });
  expect(issued.body.success, issued.body.message).toBe(true);
  return [{ serial: door.serialNo, secret: issued.body.result.secret }, door.id];
};

beforeAll(async () => {
  t0 = await createTestApp({ sms: { driver: 'log', outbox } });
  admin = await signIn(t0.app, 'admin');
  const school = (await get(admin, '/sys/tenant/queryById?id=0')).body.result;
  expect((await call(admin, 'PUT', '/sys/tenant/edit', { id: 0, name: school.name, offlineDays: 10 })).body.success).toBe(true);
  [gate, gateId] = await doorKey('南大门');
  [dorm, dormId] = await doorKey('男生宿舍门');
  // The third class of the first grade (its pupils hold cards): the seed's traffic went to the first.
  const [klass] = await t0.db
    .select({ id: t.memberDepartments.id })
    .from(t.memberDepartments)
    .where(and(eq(t.memberDepartments.tenantId, 0), eq(t.memberDepartments.name, '高一（3）班')));
  classId = klass!.id;
  pupils = await t0.db
    .select({ id: t.members.id, name: t.members.realName, memberNo: t.members.memberNo, cardNo: t.cards.cardNo, boardingType: t.members.boardingType, deptId: t.members.deptId })
    .from(t.members)
    .innerJoin(t.cards, and(eq(t.cards.memberId, t.members.id), eq(t.cards.cardStatus, '1')))
    .where(and(eq(t.members.deptId, classId), eq(t.members.memberStatus, '1')))
    .orderBy(t.members.memberNo);
});
afterAll(async () => t0?.close());

describe('the gate API', () => {
  it('takes only what its door signed, recently, while the door is enabled', async () => {
    const records = [pass(pupils[0]!.cardNo, `${today} 00:00:01`)];
    expect((await post(gate, records, gateHeaders({ ...gate, secret: 'wrong' }, records))).status).toBe(401);
    expect((await post(gate, records, gateHeaders(gate, records, String(Date.now() - 10 * 60_000)))).status).toBe(401);
    expect((await post({ serial: 'NO-SUCH', secret: 'x' }, records)).status).toBe(401);
    // Signed over other records than it carries.
    expect((await post(gate, records, gateHeaders(gate, [pass('999', `${today} 00:00:01`)]))).status).toBe(401);
  });

  it('decides a pass once: a record sent again gets the first answer and is kept once', async () => {
    const pupil = pupils[0]!;
    const record = pass(pupil.cardNo, `${week[4]} 12:00:00`);
    const first = await post(gate, [record]);
    expect(first.status).toBe(200);
    expect(first.body.result[0]).toMatchObject({ serialNo: record.serialNo, success: true, allowed: true, name: pupil.name });
    const again = await post(gate, [record]);
    expect(again.body.result[0]).toMatchObject({ allowed: true, replayed: true });
    const rows = await t0.db
      .select()
      .from(accessLogs)
      .where(and(eq(accessLogs.doorId, gateId), eq(accessLogs.serialNo, record.serialNo)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ memberId: pupil.id, deptId: classId, result: '1', passDay: week[4] });
    // An impossible time or one from the future is refused for that record alone.
    const bad = await post(gate, [pass(pupil.cardNo, '2026-02-31 25:61:61'), pass(pupil.cardNo, `${addDays(today, 1)} 08:00:00`), pass(pupil.cardNo, `${week[4]} 12:01:00`)]);
    expect(bad.body.result.map((one: { success: boolean }) => one.success)).toEqual([false, false, true]);
    expect(bad.body.result[0].message).toContain('交易时间无效');
  });

  it('takes a snapshot its door uploaded (a picture only), signed with its record, and shows it to the school', async () => {
    const upload = async (key: GateKey, bytes: Buffer, type: string) => {
      const timestamp = String(Date.now());
      const digest = createHash('sha256').update(bytes).digest('hex');
      const signature = createHmac('sha256', key.secret)
        .update(mediaSigningText(key.serial, timestamp, digest))
        .digest('hex');
      const response = await t0.app.inject({
        method: 'POST',
        url: `${BASE}/gate/media`,
        headers: { 'content-type': type, 'x-terminal-serial': key.serial, 'x-timestamp': timestamp, 'x-signature': signature, [MEDIA_DIGEST_HEADER]: digest },
        payload: bytes,
      });
      return response.json();
    };
    const picture = fs.readFileSync(path.join(import.meta.dirname, '../../../security/server/samples/snapshot.png'));
    const video = fs.readFileSync(path.join(import.meta.dirname, '../../../security/server/samples/recording.webm'));
    expect((await upload(gate, video, 'video/webm')).message).toBe('只接受 JPEG/PNG 图片');
    const uploaded = await upload(gate, picture, 'image/png');
    expect(uploaded.success, uploaded.message).toBe(true);
    const snapshot = uploaded.result.path as string;
    expect(snapshot).toMatch(/^gate\/[0-9a-f]{32}\.png$/);
    const record = { ...pass(pupils[0]!.cardNo, `${week[4]} 12:02:00`), method: '2', snapshot };
    // Signed without its snapshot (another snapshot swapped in on the way): refused.
    const { snapshot: _dropped, ...unsigned } = record;
    expect((await post(gate, [record], gateHeaders(gate, [unsigned]))).status).toBe(401);
    expect((await post(gate, [record])).body.result[0]).toMatchObject({ success: true, allowed: true });
    const [kept] = await t0.db.select({ snapshot: accessLogs.snapshot }).from(accessLogs).where(eq(accessLogs.serialNo, record.serialNo));
    expect(kept!.snapshot).toBe(snapshot);
    // Another door cannot name it.
    const elsewhere = await post(dorm, [{ ...pass(pupils[0]!.cardNo, `${week[4]} 12:03:00`), snapshot }]);
    expect(elsewhere.body.result[0]).toMatchObject({ success: false, message: `文件不存在或不是本设备上传的（${snapshot}）` });
    const shown = await t0.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${snapshot}`, headers: { 'X-Access-Token': admin } });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(picture)).toBe(true);
  });

  it('refuses an unknown card, a lost card, a door not granted and a time outside the group, with the reason', async () => {
    const [dayPupil, lostPupil] = pupils.filter((pupil) => pupil.boardingType !== '2');
    const boarder = pupils.find((pupil) => pupil.boardingType === '2')!;
    expect((await post(gate, [pass('00000000', `${week[4]} 12:02:00`)])).body.result[0]).toMatchObject({ allowed: false, reason: '6' });
    await t0.db.update(t.cards).set({ cardStatus: '2' }).where(eq(t.cards.cardNo, lostPupil!.cardNo));
    expect((await post(gate, [pass(lostPupil!.cardNo, `${week[4]} 12:03:00`)])).body.result[0]).toMatchObject({ allowed: false, reason: '2' });
    await t0.db.update(t.cards).set({ cardStatus: '1' }).where(eq(t.cards.cardNo, lostPupil!.cardNo));
    // The dormitory is granted to boarders only, on school days 06:00–22:00.
    expect((await post(dorm, [pass(dayPupil!.cardNo, `${week[4]} 12:04:00`)])).body.result[0]).toMatchObject({ allowed: false, reason: '1' });
    expect((await post(dorm, [pass(boarder.cardNo, `${week[4]} 12:05:00`)])).body.result[0]).toMatchObject({ allowed: true });
    expect((await post(dorm, [pass(boarder.cardNo, `${week[4]} 23:00:00`)])).body.result[0]).toMatchObject({ allowed: false, reason: '4' });
    const log = await get(admin, `/acs/log/list?passDay_begin=${week[4]}&passDay_end=${week[4]}&result=2&pageSize=50`);
    expect(log.body.result.records.map((row: { reason_dictText: string }) => row.reason_dictText)).toEqual(expect.arrayContaining(['未识别', '卡挂失', '无权限', '时段外']));
  });

  it('at an anti-passback door lets a person in and out only by turns, day by day (反潜回)', async () => {
    const boarder = pupils.find((pupil) => pupil.boardingType === '2')!;
    await t0.db.update(doors).set({ antiPassback: true }).where(eq(doors.id, dormId));
    const allowed = async (direction: '1' | '2', at: string) => {
      const [answer] = (await post(dorm, [pass(boarder.cardNo, at, direction)])).body.result;
      return answer.allowed ? 'allowed' : answer.reason;
    };
    const [day, next] = [week[1]!, week[2]!];
    expect(await allowed('1', `${day} 12:10:00`)).toBe('allowed');
    expect(await allowed('1', `${day} 12:11:00`)).toBe('7');
    expect(await allowed('2', `${day} 12:12:00`)).toBe('allowed');
    expect(await allowed('2', `${day} 12:13:00`)).toBe('7');
    expect(await allowed('1', `${day} 12:14:00`)).toBe('allowed');
    // A new day starts afresh (a missed exit does not lock anyone out).
    expect(await allowed('1', `${next} 12:10:00`)).toBe('allowed');
    await t0.db.update(doors).set({ antiPassback: false }).where(eq(doors.id, dormId));
    expect(await allowed('1', `${next} 12:11:00`)).toBe('allowed');
    const refusals = await get(admin, `/acs/log/list?passDay_begin=${day}&passDay_end=${day}&result=2&reason=7&pageSize=50`);
    expect(refusals.body.result.records.map((row: { reason_dictText: string; name: string }) => [row.name, row.reason_dictText])).toEqual([
      [boarder.name, '反潜回'],
      [boarder.name, '反潜回'],
    ]);
    // Found by a part of the holders' names and by the start of a number (through the member index):
    // the day's passes of those people, every one and no one else's; a name no one has finds nothing.
    const range = `passDay_begin=${day}&passDay_end=${day}&pageSize=200`;
    const part = boarder.name.slice(1);
    const passes = await t0.db
      .select({ id: accessLogs.id, name: accessLogs.name, memberNo: accessLogs.memberNo, memberId: accessLogs.memberId })
      .from(accessLogs)
      .where(and(eq(accessLogs.tenantId, 0), eq(accessLogs.passDay, day)));
    expect(passes.filter((row) => row.memberId === boarder.id).length).toBeGreaterThanOrEqual(5);
    const cases: [string, (row: (typeof passes)[number]) => boolean][] = [
      [`name=${encodeURIComponent(part)}`, (row) => Boolean(row.name?.includes(part))],
      [`memberNo=${boarder.memberNo}`, (row) => Boolean(row.memberNo?.startsWith(boarder.memberNo))],
    ];
    for (const [filter, matches] of cases) {
      const found = (await get(admin, `/acs/log/list?${range}&${filter}`)).body.result.records as { id: string }[];
      expect(found.map((row) => row.id).sort()).toEqual(
        passes
          .filter(matches)
          .map((row) => row.id)
          .sort(),
      );
    }
    expect((await get(admin, `/acs/log/list?${range}&name=${encodeURIComponent('%')}`)).body.result.total).toBe(0);
  });

  it('keeps a group closed on a day off when set so, and open on a weekend day worked in lieu, for passes and attendance', async () => {
    const boarder = pupils.find((pupil) => pupil.boardingType === '2')!;
    const [grant] = await t0.db
      .select({ timeGroupId: accessGrants.timeGroupId })
      .from(accessGrants)
      .where(and(eq(accessGrants.doorId, dormId), eq(accessGrants.memberId, boarder.id)));
    const group = (await get(admin, `/acs/timeGroup/queryById?id=${grant!.timeGroupId}`)).body.result;
    expect((await call(admin, 'PUT', '/acs/timeGroup/edit', { ...group, holidayPolicy: '1' })).body.success).toBe(true);
    // The group changed: each of its grants goes to its door again, as a 时段/节假日 task (the door's list is what it decides by offline).
    const withGroup = await t0.db
      .select({ id: accessGrants.id, pushStatus: accessGrants.pushStatus })
      .from(accessGrants)
      .where(and(eq(accessGrants.timeGroupId, grant!.timeGroupId!), eq(accessGrants.delFlag, 0)));
    expect(withGroup.length).toBeGreaterThan(0);
    expect(withGroup.every((row) => row.pushStatus === '0')).toBe(true);
    const resent = await t0.db
      .select({ pushType: t.pushTasks.pushType, doorId: t.pushTasks.doorId, status: t.pushItems.status })
      .from(t.pushItems)
      .innerJoin(t.pushTasks, eq(t.pushTasks.id, t.pushItems.taskId))
      .where(
        and(
          inArray(
            t.pushItems.subjectId,
            withGroup.map((row) => row.id),
          ),
          eq(t.pushItems.status, '0'),
        ),
      );
    expect(resent).toHaveLength(withGroup.length);
    expect(resent.every((row) => row.pushType === '5' && row.doorId === dormId)).toBe(true);
    const dayOff = await call(admin, 'POST', '/acs/holiday/add', { day: week[4], name: '校庆放假', kind: '1' });
    expect(dayOff.body.success, dayOff.body.message).toBe(true);
    expect((await post(dorm, [pass(boarder.cardNo, `${week[4]} 12:06:00`)])).body.result[0]).toMatchObject({ allowed: false, reason: '4' });
    await call(admin, 'DELETE', `/acs/holiday/delete?id=${dayOff.body.result.id}`);
    expect((await post(dorm, [pass(boarder.cardNo, `${week[4]} 12:07:00`)])).body.result[0]).toMatchObject({ allowed: true });
    // A weekend day of the last six: closed to a school-days group, open once it is worked in lieu.
    const weekend = [1, 2, 3, 4, 5, 6].map((back) => addDays(today, -back)).find((day) => weekdayOf(day) >= 6)!;
    expect((await post(dorm, [pass(boarder.cardNo, `${weekend} 12:00:00`)])).body.result[0]).toMatchObject({ allowed: false, reason: '4' });
    expect(await computeAttendance(t0.db, 0, weekend)).toBe(0);
    // A day pupil who comes in on it anyway (a club) has a rest day (休息日): neither present nor absent.
    const dayPupil = pupils.find((pupil) => pupil.boardingType !== '2')!;
    const monthOf = async () => {
      const [row] = (await get(admin, `/acs/attMonth/list?month=${weekend.slice(0, 7)}&memberId=${dayPupil.id}`)).body.result.records;
      return [row?.presentDays ?? 0, row?.absentDays ?? 0, row?.missedPunches ?? 0];
    };
    const before = await monthOf();
    expect((await post(gate, [pass(dayPupil.cardNo, `${weekend} 08:20:00`), pass(dayPupil.cardNo, `${weekend} 11:40:00`, '2')])).body.result.map((one: { allowed: boolean }) => one.allowed)).toEqual([
      true,
      true,
    ]);
    expect(await computeAttendance(t0.db, 0, weekend)).toBe(1);
    const restDay = (await get(admin, `/acs/attendance/list?day_begin=${weekend}&day_end=${weekend}&memberId=${dayPupil.id}`)).body.result.records;
    expect(restDay.map((row: Record<string, unknown>) => [row.status_dictText, row.lateMinutes, row.earlyMinutes, String(row.firstIn).slice(11, 16)])).toEqual([['休息日', 0, 0, '08:20']]);
    expect(await monthOf()).toEqual(before);
    const inLieu = await call(admin, 'POST', '/acs/holiday/add', { day: weekend, name: '调休上班', kind: '2' });
    expect(inLieu.body.success, inLieu.body.message).toBe(true);
    expect((await post(dorm, [pass(boarder.cardNo, `${weekend} 12:01:00`)])).body.result[0]).toMatchObject({ allowed: true });
    expect(await computeAttendance(t0.db, 0, weekend)).toBeGreaterThan(0);
    // Worked in lieu, the same passes are a school day's: in late, out early.
    expect((await get(admin, `/acs/attendance/list?day_begin=${weekend}&day_end=${weekend}&memberId=${dayPupil.id}`)).body.result.records[0].status_dictText).toBe('迟到+早退');
    await call(admin, 'DELETE', `/acs/holiday/delete?id=${inLieu.body.result.id}`);
    await t0.db.delete(attendanceDays).where(eq(attendanceDays.day, weekend));
    expect((await call(admin, 'PUT', '/acs/timeGroup/edit', { ...group, holidayPolicy: '2' })).body.success).toBe(true);
  });

  it('lets a boarder out of the school gate only with an approved leave', async () => {
    const boarder = pupils.find((pupil) => pupil.boardingType === '2')!;
    const out = () => post(gate, [pass(boarder.cardNo, `${week[3]} 15:00:00`, '2')]);
    expect((await out()).body.result[0]).toMatchObject({ allowed: false, reason: '8' });
    const asked = await call(admin, 'POST', '/memb/leave/add', {
      memberId: boarder.id,
      leaveType: '2',
      startTime: `${week[3]} 15:00:00`,
      endTime: `${week[3]} 20:00:00`,
      reason: '回家',
      source: '2',
      gatePass: true,
    });
    expect(asked.body.success, asked.body.message).toBe(true);
    expect((await out()).body.result[0]).toMatchObject({ allowed: false, reason: '8' });
    expect((await call(admin, 'POST', '/memb/leave/approve', { id: asked.body.result.id })).body.success).toBe(true);
    expect((await out()).body.result[0]).toMatchObject({ allowed: true });
  });
});

describe('grants', () => {
  it('grants a door by class, is taken and answered by the controller, revoked as a delete, and copied', async () => {
    const terms = { ids: [dormId], grantScope: '1', deptId: classId, authType: '2', startDate: today, endDate: addDays(today, 30), passModes: '1' };
    // The wizard's 确认 step: said, and nothing kept (no grant, no task).
    const tasksBefore = (await t0.db.select({ id: t.pushTasks.id }).from(t.pushTasks)).length;
    const checked = await call(admin, 'POST', '/acs/door/grant?preview=1', terms);
    expect(checked.body.result).toEqual({ done: `将授权 ${pupils.length} 人（按班级 高一（3）班），并生成下发任务`, preview: true });
    expect(await t0.db.select({ id: t.pushTasks.id }).from(t.pushTasks)).toHaveLength(tasksBefore);
    expect(
      await t0.db
        .select()
        .from(accessGrants)
        .where(and(eq(accessGrants.doorId, dormId), eq(accessGrants.grantSource, '按班级 高一（3）班'))),
    ).toHaveLength(0);
    const granted = await call(admin, 'POST', '/acs/door/grant', terms);
    expect(granted.body.success, granted.body.message).toBe(true);
    const taskNo = /下发任务 (XD\d+)/.exec(granted.body.message)![1]!;
    const [task] = await t0.db.select().from(t.pushTasks).where(eq(t.pushTasks.taskNo, taskNo));
    expect(task).toMatchObject({ pushType: '4', doorId: dormId, addDel: '1', total: pupils.length, status: '0' });
    // A door's grants are withdrawn by revoking them, not by cancelling their task.
    expect((await call(admin, 'POST', '/dev/push/cancel', { id: task!.id })).body.message).toBe(`「${taskNo}」的下发类型为门禁权限，不能取消`);

    const rows = await t0.db
      .select()
      .from(accessGrants)
      .where(and(eq(accessGrants.doorId, dormId), eq(accessGrants.delFlag, 0), eq(accessGrants.grantSource, `按班级 高一（3）班`)));
    expect(rows).toHaveLength(pupils.length);
    expect(rows.every((row) => row.pushStatus === '0' && row.authType === '2')).toBe(true);
    expect((await call(admin, 'POST', '/acs/door/grant', { ids: [dormId], grantScope: '1', deptId: classId, authType: '2', startDate: today, passModes: '1' })).body.message).toBe(
      '临时权限须填写失效日期',
    );

    const pending = await t0.app.inject({ method: 'POST', url: `${BASE}/gate/grants/pending`, headers: takeHeaders(dorm, '/gate/grants/pending'), payload: {} });
    const taken = pending.json().result as { grantId: string; op: string; cardNo: string | null; periods: string }[];
    expect(taken.length).toBeGreaterThanOrEqual(pupils.length);
    expect(taken.filter((one) => rows.some((row) => row.id === one.grantId)).every((one) => one.op === 'upsert' && one.cardNo)).toBe(true);
    // The door fails one (its memory full): that grant 失败, the rest 成功.
    const failedGrant = rows.find((row) => row.memberId !== pupils[0]!.id)!.id;
    const results = taken.map((one) => (one.grantId === failedGrant ? { grantId: one.grantId, success: false, message: '名单已满' } : { grantId: one.grantId, success: true }));
    const { grantAnswerSigningText } = await import('@areas/access/shared/gate');
    const { createHmac } = await import('node:crypto');
    const timestamp = String(Date.now());
    const ack = await t0.app.inject({
      method: 'POST',
      url: `${BASE}/gate/grants/ack`,
      headers: {
        'content-type': 'application/json',
        'x-terminal-serial': dorm.serial,
        'x-timestamp': timestamp,
        'x-signature': createHmac('sha256', dorm.secret)
          .update(grantAnswerSigningText(dorm.serial, timestamp, results))
          .digest('hex'),
      },
      payload: { results },
    });
    expect(ack.json().result.accepted).toBe(taken.length);
    // The task counts the door's answers: 部分失败, the item saying why; 重试失败项 puts the grant back in the door's queue.
    const [answered] = await t0.db.select().from(t.pushTasks).where(eq(t.pushTasks.id, task!.id));
    expect(answered).toMatchObject({ total: pupils.length, success: pupils.length - 1, failed: 1, status: '3' });
    expect(
      (
        await t0.db
          .select()
          .from(t.pushItems)
          .where(and(eq(t.pushItems.subjectId, failedGrant), eq(t.pushItems.taskId, task!.id)))
      )[0],
    ).toMatchObject({ status: '3', errMsg: '名单已满' });
    expect((await call(admin, 'POST', '/dev/push/retryFailed', { id: task!.id })).body.success).toBe(true);
    expect((await t0.db.select({ pushStatus: accessGrants.pushStatus }).from(accessGrants).where(eq(accessGrants.id, failedGrant)))[0]!.pushStatus).toBe('0');
    const mine = (await get(admin, `/acs/auth/list?doorId=${dormId}&memberId=${pupils[0]!.id}`)).body.result.records;
    expect(mine[0]).toMatchObject({ pushStatus: '2' });

    expect((await call(admin, 'POST', '/acs/auth/revoke', { ids: [mine[0].id] })).body.success).toBe(true);
    const again = (await t0.app.inject({ method: 'POST', url: `${BASE}/gate/grants/pending`, headers: takeHeaders(dorm, '/gate/grants/pending'), payload: {} })).json().result;
    expect(again).toEqual(expect.arrayContaining([expect.objectContaining({ grantId: mine[0].id, op: 'delete' }), expect.objectContaining({ grantId: failedGrant, op: 'upsert' })]));
    expect(again).toHaveLength(2);
    // The revoke is its own 删除 task, its one item sent (下发中) when the door took it.
    const [removal] = await t0.db
      .select({ addDel: t.pushTasks.addDel, status: t.pushItems.status })
      .from(t.pushItems)
      .innerJoin(t.pushTasks, eq(t.pushTasks.id, t.pushItems.taskId))
      .where(and(eq(t.pushItems.subjectId, mine[0].id), eq(t.pushItems.status, '1')));
    expect(removal).toEqual({ addDel: '2', status: '1' });
    expect((await get(admin, `/acs/memberAuth/list?memberId=${pupils[0]!.id}&doorId=${dormId}`)).body.result.total).toBe(0);

    // Another pupil's grant: the rows come in no set order, and pupils[0]'s own was just revoked.
    const another = rows.find((row) => row.memberId !== pupils[0]!.id)!;
    const copied = await call(admin, 'POST', '/acs/memberAuth/copy', { ids: [another.id], targetId: pupils[0]!.id });
    expect(copied.body.success, copied.body.message).toBe(true);
    expect((await get(admin, `/acs/memberAuth/list?memberId=${pupils[0]!.id}&doorId=${dormId}`)).body.result.records[0]).toMatchObject({ pushStatus: '0', authType: '2' });
  });
});

describe('考勤管理', () => {
  it('counts a class’s week as a hand count does, keeps a 补签 until 重算, and tells the parents', async () => {
    // Five pupils, five school days, at the school gate (rule: arrive by 07:40, leave from 17:10).
    const [onTime, lateEarly, absent, onLeave, noExit] = pupils.filter((pupil) => pupil.boardingType !== '2');
    // The five's days are the test's: the sample school's own passes and counted days of theirs are set aside.
    const five = [onTime, lateEarly, absent, onLeave, noExit].map((pupil) => pupil!.id);
    await t0.db.delete(accessLogs).where(inArray(accessLogs.memberId, five));
    await t0.db.delete(attendanceDays).where(inArray(attendanceDays.memberId, five));
    const records: GateRecord[] = [];
    for (const [index, day] of week.entries()) {
      records.push(pass(onTime!.cardNo, `${day} 07:30:00`), pass(onTime!.cardNo, `${day} 17:20:00`, '2'));
      records.push(pass(lateEarly!.cardNo, index === 0 ? `${day} 07:45:00` : `${day} 07:35:00`), pass(lateEarly!.cardNo, index === 1 ? `${day} 16:30:00` : `${day} 17:15:00`, '2'));
      if (index !== 2) records.push(pass(absent!.cardNo, `${day} 07:20:00`), pass(absent!.cardNo, `${day} 17:30:00`, '2'));
      if (index !== 3) records.push(pass(onLeave!.cardNo, `${day} 07:25:00`), pass(onLeave!.cardNo, `${day} 17:25:00`, '2'));
      records.push(pass(noExit!.cardNo, `${day} 07:39:00`));
      if (index !== 4) records.push(pass(noExit!.cardNo, `${day} 17:11:00`, '2'));
    }
    const posted = await post(gate, records);
    expect(posted.body.result.every((one: { allowed: boolean }) => one.allowed)).toBe(true);
    const leave = await call(admin, 'POST', '/memb/leave/add', {
      memberId: onLeave!.id,
      leaveType: '1',
      startTime: `${week[3]} 00:00:00`,
      endTime: `${addDays(week[3]!, 1)} 00:00:00`,
      reason: '病假',
      source: '2',
    });
    expect((await call(admin, 'POST', '/memb/leave/approve', { id: leave.body.result.id })).body.success).toBe(true);
    for (const day of week) await computeAttendance(t0.db, 0, day);

    const statusOf = async (pupil: Pupil, day: string) =>
      (
        await t0.db
          .select()
          .from(attendanceDays)
          .where(and(eq(attendanceDays.memberId, pupil.id), eq(attendanceDays.day, day)))
      )[0]!;
    // By hand: 1 正常 · 2 迟到 · 3 早退 · 5 缺勤 · 6 请假 · 7 未打卡.
    const expected: [Pupil, string[]][] = [
      [onTime!, ['1', '1', '1', '1', '1']],
      [lateEarly!, ['2', '3', '1', '1', '1']],
      [absent!, ['1', '1', '5', '1', '1']],
      [onLeave!, ['1', '1', '1', '6', '1']],
      [noExit!, ['1', '1', '1', '1', '7']],
    ];
    for (const [pupil, states] of expected) for (const [index, day] of week.entries()) expect([pupil.name, day, (await statusOf(pupil, day)).status]).toEqual([pupil.name, day, states[index]]);
    expect(await statusOf(lateEarly!, week[0]!)).toMatchObject({ lateMinutes: 5 });
    expect(await statusOf(lateEarly!, week[1]!)).toMatchObject({ earlyMinutes: 40 });

    // The month's summary counts the same days.
    const month = week[0]!.slice(0, 7) === week[4]!.slice(0, 7) ? week[0]!.slice(0, 7) : null;
    if (month) {
      const [summary] = (await get(admin, `/acs/attMonth/list?month=${month}&memberId=${lateEarly!.id}`)).body.result.records;
      expect(summary).toMatchObject({ lateTimes: 1, earlyTimes: 1, absentDays: 0 });
    }

    // 补签 holds through the job's counting; 重算 counts the day again.
    const absentRow = await statusOf(absent!, week[2]!);
    expect((await call(admin, 'POST', '/acs/attendance/fix', { id: absentRow.id })).body.message).toBe('请填写补签原因（fixReason）');
    expect((await call(admin, 'POST', '/acs/attendance/fix', { id: absentRow.id, fixReason: '校外比赛' })).body.success).toBe(true);
    await computeAttendance(t0.db, 0, week[2]!);
    expect(await statusOf(absent!, week[2]!)).toMatchObject({ status: '1', fixedBy: 'admin', fixReason: '校外比赛' });
    expect((await call(admin, 'POST', '/acs/attendance/recompute', { ids: [absentRow.id] })).body.success).toBe(true);
    expect(await statusOf(absent!, week[2]!)).toMatchObject({ status: '5', fixedBy: null });

    // The late pupil's parents are told through ATTENDANCE_LATE.
    const lateRow = await statusOf(lateEarly!, week[0]!);
    const before = sent();
    const told = await call(admin, 'POST', '/acs/attendance/notify', { ids: [lateRow.id] });
    expect(told.body.success, told.body.message).toBe(true);
    const parents = await t0.db
      .select()
      .from(t.parents)
      .where(and(eq(t.parents.studentId, lateEarly!.id), eq(t.parents.receiveNotice, true)));
    if (parents.length) expect(sent().slice(before.length)).toContain(`${lateEarly!.name}今天07:45到校，迟到5分钟，请关注。`);
    expect(await statusOf(lateEarly!, week[0]!)).toMatchObject({ parentNotified: true });
  });

  it('tells the parents under a rule with 通知家长: the late, and the not yet in once the threshold has passed, each once a day', async () => {
    const day = dayIn(DEFAULT_TIME_ZONE);
    const at = (clock: string) => parseSchoolTime(DEFAULT_TIME_ZONE, `${day} ${clock}:00`)!;
    const [rule] = await t0.db
      .insert(attendanceRules)
      .values({ id: newId(), tenantId: 0, name: '高一（3）班作息', deptId: classId, weekdays: '1,2,3,4,5,6,7', arriveTime: '07:40', leaveTime: '17:10', lateMinutes: 5, notifyParents: true })
      .returning();
    const [late, notIn, fixed, toldByHand] = pupils.slice(-4);
    await t0.db.delete(attendanceDays).where(and(eq(attendanceDays.day, day), inArray(attendanceDays.memberId, [late!.id, notIn!.id, fixed!.id, toldByHand!.id])));
    const row = (pupil: Pupil, values: Partial<typeof attendanceDays.$inferInsert>) => ({
      id: newId(),
      tenantId: 0,
      day,
      memberId: pupil.id,
      deptId: classId,
      ruleId: rule!.id,
      status: '7',
      ...values,
    });
    await t0.db
      .insert(attendanceDays)
      .values([
        row(late!, { status: '2', firstIn: at('07:52'), lateMinutes: 12 }),
        row(notIn!, {}),
        row(fixed!, { fixedBy: 'admin', fixReason: '外出比赛' }),
        row(toldByHand!, { status: '2', firstIn: at('07:50'), lateMinutes: 10, parentNotified: true }),
      ]);
    const told = async () =>
      (
        await t0.db
          .select()
          .from(t.messages)
          .where(
            and(eq(t.messages.tenantId, 0), inArray(t.messages.templateCode, ['ATTENDANCE_LATE', 'ATTENDANCE_ABSENT']), inArray(t.messages.memberId, [late!.id, notIn!.id, fixed!.id, toldByHand!.id])),
          )
      )
        .map((message) => message.content)
        .sort();
    // 07:44: the late pupil is told; the one not in yet is within the five minutes.
    expect(await tellParents(t0.app.appContext, 0, day, at('07:44'))).toBe(1);
    expect(await told()).toEqual([`${late!.name}今天07:52到校，迟到12分钟，请关注。`]);
    expect(await tellParents(t0.app.appContext, 0, day, at('08:30'))).toBe(1);
    expect(await told()).toEqual([`${late!.name}今天07:52到校，迟到12分钟，请关注。`, `${notIn!.name}今天应于07:40到校，至今未到，请确认孩子的情况。`].sort());
    expect(await tellParents(t0.app.appContext, 0, day, at('09:00'))).toBe(0);
    const notified = await t0.db
      .select({ memberId: attendanceDays.memberId, parentNotified: attendanceDays.parentNotified })
      .from(attendanceDays)
      .where(and(eq(attendanceDays.day, day), eq(attendanceDays.ruleId, rule!.id)));
    expect(Object.fromEntries(notified.map((one) => [one.memberId, one.parentNotified]))).toEqual({ [late!.id]: true, [notIn!.id]: true, [fixed!.id]: false, [toldByHand!.id]: true });
    await t0.db.delete(attendanceDays).where(eq(attendanceDays.ruleId, rule!.id));
    await t0.db.delete(attendanceRules).where(eq(attendanceRules.id, rule!.id));
  });

  it('shows another school none of it', async () => {
    const created = await call(admin, 'POST', '/sys/tenant/add', { name: '门禁测试学校', adminUsername: 'acsschool', adminRealname: '赵老师', adminPassword: 'Acs-school-2026' });
    expect(created.body.success, created.body.message).toBe(true);
    const other = await signIn(t0.app, 'acsschool', 'Acs-school-2026');
    for (const url of ['/acs/door/list', '/acs/auth/list', `/acs/log/list?passDay_begin=${week[0]}&passDay_end=${today}`, '/acs/attendance/list'])
      expect((await get(other, url)).body.result.total).toBe(0);
  });
});
