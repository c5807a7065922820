import { and, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { addDays, addMonths, clockIn, dateTimeIn, dayIn, DEFAULT_TIME_ZONE, parseSchoolTime, weekdayOf } from '@shared/schoolTime';
import type { AppContext } from '@server/context';
import type { EntityHooks } from '@server/crud/registerEntity';
import type { Executor } from '@server/db/client';
import { newId } from '@server/db/ids';
import { alive, inSchool, type RowOf, schoolReads, unscoped, Work, type Worker } from '@server/db/work';
import { leaves, memberDepartments, members, tenants } from '@server/db/schema';
import { accessLogs, attendanceDays, attendanceRules, doors } from './tables';
import { badRequest } from '@server/http/envelope';
import { messageFromTemplate } from '@server/modules/messages/delivery';
import { deliverQueued } from '@server/outbox/deliver';
import { departmentAndBelow } from '@server/modules/members/subsidies';
import { schoolZone } from '@server/modules/schools/settings';
import { holidayOf } from './holidays';

type Rule = typeof attendanceRules.$inferSelect;

/** Minutes between two `HH:mm` clock times (b − a). */
const minutesBetween = (a: string, b: string) => {
  const [ah, am] = a.split(':').map(Number) as [number, number];
  const [bh, bm] = b.split(':').map(Number) as [number, number];
  return bh * 60 + bm - (ah * 60 + am);
};

/** One person's day from their first entry, last exit and leave (pure: the test counts by hand against it). */
export function attendanceOf(
  rule: Pick<Rule, 'arriveTime' | 'leaveTime' | 'lateMinutes' | 'earlyMinutes'>,
  day: { firstIn: string | null; lastOut: string | null; onLeave: boolean; over: boolean; now: string | null },
): { status: string; lateMinutes: number; earlyMinutes: number } {
  if (day.onLeave) return { status: '6', lateMinutes: 0, earlyMinutes: 0 };
  const arrive = rule.arriveTime.slice(0, 5);
  const leave = rule.leaveTime.slice(0, 5);
  if (!day.firstIn && !day.lastOut) {
    // Today before the leaving time: not yet absent, only not clocked in.
    if (!day.over) return { status: '7', lateMinutes: 0, earlyMinutes: 0 };
    return { status: '5', lateMinutes: 0, earlyMinutes: 0 };
  }
  const late = day.firstIn ? Math.max(0, minutesBetween(arrive, day.firstIn)) : 0;
  const isLate = day.firstIn !== null && late > rule.lateMinutes;
  const early = day.lastOut ? Math.max(0, minutesBetween(day.lastOut, leave)) : 0;
  const isEarly = day.lastOut !== null && early > rule.earlyMinutes && (day.over || (day.now !== null && day.now >= day.lastOut));
  if (!day.firstIn || (!day.lastOut && day.over)) return { status: isLate ? '2' : '7', lateMinutes: isLate ? late : 0, earlyMinutes: 0 };
  if (isLate && isEarly) return { status: '4', lateMinutes: late, earlyMinutes: early };
  if (isLate) return { status: '2', lateMinutes: late, earlyMinutes: 0 };
  if (isEarly) return { status: '3', lateMinutes: 0, earlyMinutes: early };
  return { status: '1', lateMinutes: 0, earlyMinutes: 0 };
}

/** A rest day under the person's rule, passed through the gates anyway: counted neither present nor absent. */
const REST_DAY = { status: '8', lateMinutes: 0, earlyMinutes: 0 };

/** Who counts attendance: the system, for the school (the job, 重算, the sample school). */
const SYSTEM = 'system';
const systemOf = (tenantId: number): Worker => ({ tenantId, username: SYSTEM });

/**
 * Computes a school's attendance for one day (or for the named people only): each enabled rule
 * whose weekdays hold the day (节假日: a day off none that skip holidays, a day worked in lieu all) takes the pupils in service of its grade or class (the most specific
 * rule wins), their first entry and last exit at the attendance doors, and an approved leave over
 * the arrival time. One a rule rests on that passes the gates anyway has a 休息日 (no one else is
 * written for a rest day). A day fixed by 补签 stays as it is. On `db` as it is given (a transaction of
 * the school's, or the sample school's seed).
 */
export async function computeAttendance(db: Executor, tenantId: number, day: string, only?: readonly string[]): Promise<number> {
  return attendanceOfDay(new Work(db, tenantId, SYSTEM), day, only);
}

/** The same, in a school's unit of work. */
async function attendanceOfDay(work: Work, day: string, only?: readonly string[]): Promise<number> {
  const { tx: db, tenantId } = work;
  const zone = await schoolZone(db, tenantId);
  // A day off counts nothing where the rule skips holidays; a weekend day worked in lieu counts.
  const holiday = await holidayOf(work, day);
  const works = (rule: Rule) => (holiday === '2' ? true : holiday === '1' && rule.skipHolidays ? false : rule.weekdays.split(',').includes(String(weekdayOf(day))));
  const enabled = await work.rows(attendanceRules, eq(attendanceRules.status, '1'));
  if (!enabled.length) return 0;
  // Who each rule covers: a class's rule over its grade's, a grade's over the school's.
  const coverage = async (rules: readonly Rule[]) => {
    const ruleOf = new Map<string, Rule>();
    const depth = async (rule: Rule) => (rule.deptId ? ((await work.rows(memberDepartments, eq(memberDepartments.id, rule.deptId), { deleted: true, limit: 1 }))[0]?.level ?? 0) : 0);
    const ordered = await Promise.all(rules.map(async (rule) => ({ rule, level: await depth(rule) })));
    ordered.sort((a, b) => a.level - b.level);
    for (const { rule } of ordered) {
      // 走读生 only: a boarder lives inside the gates all week (leaving needs a leave), so the gates say nothing of their day.
      const where = [work.school(members), eq(members.memberStatus, '1'), or(isNull(members.boardingType), ne(members.boardingType, '2'))!];
      if (rule.deptId) where.push(inArray(members.deptId, await departmentAndBelow(db, tenantId, rule.deptId)));
      if (only) where.push(inArray(members.id, [...only]));
      for (const row of await db
        .select({ id: members.id })
        .from(members)
        .where(and(...where)))
        ruleOf.set(row.id, rule);
    }
    return ruleOf;
  };
  const ruleOf = await coverage(enabled.filter(works));
  // A rest day under a person's rule: one who passes the gates on it anyway (a Saturday class) has a 休息日, neither present nor absent.
  const restOf = await coverage(enabled.filter((rule) => !works(rule)));
  for (const memberId of ruleOf.keys()) restOf.delete(memberId);
  if (!ruleOf.size && !restOf.size) return 0;
  const people = [...ruleOf.keys(), ...restOf.keys()];
  const from = parseSchoolTime(zone, `${day} 00:00:00`)!;
  const to = parseSchoolTime(zone, `${addDays(day, 1)} 00:00:00`)!;
  const passes = await db
    .select({
      memberId: accessLogs.memberId,
      firstIn: sql<Date | null>`min(${accessLogs.passTime}) filter (where ${accessLogs.direction} = '1')`,
      lastOut: sql<Date | null>`max(${accessLogs.passTime}) filter (where ${accessLogs.direction} = '2')`,
    })
    .from(accessLogs)
    .innerJoin(doors, eq(doors.id, accessLogs.doorId))
    .where(and(work.school(accessLogs), eq(accessLogs.passDay, day), eq(accessLogs.result, '1'), eq(doors.forAttendance, true), inArray(accessLogs.memberId, people)))
    .groupBy(accessLogs.memberId);
  const passOf = new Map(passes.map((row) => [row.memberId!, row]));
  const onLeave = await db
    .select({ memberId: leaves.memberId, id: leaves.id, startTime: leaves.startTime, endTime: leaves.endTime })
    .from(leaves)
    .where(and(work.school(leaves), eq(leaves.approveStatus, '1'), lt(leaves.startTime, to), gte(leaves.endTime, from), inArray(leaves.memberId, people)));
  const info = new Map(
    (
      await db
        .select({ id: members.id, deptId: members.deptId, className: memberDepartments.name })
        .from(members)
        .leftJoin(memberDepartments, and(eq(memberDepartments.id, members.deptId), work.school(memberDepartments, { deleted: true })))
        .where(and(work.school(members, { deleted: true }), inArray(members.id, people)))
    ).map((row) => [row.id, row]),
  );
  const today = dayIn(zone);
  const now = day === today ? clockIn(zone) : null;
  const fixed = new Set(
    (
      await db
        .select({ memberId: attendanceDays.memberId })
        .from(attendanceDays)
        .where(and(work.school(attendanceDays), eq(attendanceDays.day, day), sql`${attendanceDays.fixedBy} is not null`))
    ).map((row) => row.memberId),
  );
  let written = 0;
  for (const memberId of people) {
    if (fixed.has(memberId)) continue;
    const pass = passOf.get(memberId);
    const resting = restOf.get(memberId);
    if (resting && !pass) continue;
    const rule = resting ?? ruleOf.get(memberId)!;
    const arriveAt = parseSchoolTime(zone, `${day} ${rule.arriveTime.slice(0, 5)}:00`)!;
    const leave = resting ? undefined : onLeave.find((row) => row.memberId === memberId && row.startTime.getTime() <= arriveAt.getTime() && row.endTime.getTime() > arriveAt.getTime());
    const clock = (at: Date | string | null | undefined) => (at ? clockIn(zone, new Date(at)) : null);
    const over = day < today || (day === today && now !== null && now >= rule.leaveTime.slice(0, 5));
    const result = resting ? REST_DAY : attendanceOf(rule, { firstIn: clock(pass?.firstIn), lastOut: clock(pass?.lastOut), onLeave: Boolean(leave), over, now });
    const values = {
      deptId: info.get(memberId)?.deptId ?? null,
      className: info.get(memberId)?.className ?? null,
      ruleId: rule.id,
      firstIn: pass?.firstIn ? new Date(pass.firstIn) : null,
      lastOut: pass?.lastOut ? new Date(pass.lastOut) : null,
      ...result,
      leaveId: leave?.id ?? null,
    };
    await db
      .insert(attendanceDays)
      .values({ id: newId(), tenantId, createBy: SYSTEM, day, memberId, ...values })
      // The person's live day is counted again: the unique index's own condition, which ON CONFLICT must name as the index does.
      .onConflictDoUpdate({ target: [attendanceDays.memberId, attendanceDays.day], targetWhere: alive(attendanceDays), set: { ...values, updateBy: SYSTEM, updatedAt: new Date() } });
    written += 1;
  }
  return written;
}

/**
 * The access records' coming months get their partitions before their first record (a month's
 * partition cannot be made once the default one holds rows of it).
 */
export async function keepLogPartitions(db: Executor, today: string): Promise<void> {
  for (let ahead = 0; ahead <= 2; ahead += 1) {
    const first = `${addMonths(today, ahead).slice(0, 7)}-01`;
    const next = `${addMonths(first, 1).slice(0, 7)}-01`;
    const name = `acs_log_y${first.slice(0, 4)}m${first.slice(5, 7)}`;
    await db.execute(sql.raw(`CREATE TABLE IF NOT EXISTS "${name}" PARTITION OF "acs_log" FOR VALUES FROM ('${first}') TO ('${next}')`));
  }
}

/** 考勤计算 job: every school's today (as it stands) and yesterday (final); the records' next partitions. */
export async function computeAllAttendance(context: AppContext): Promise<number> {
  const db = unscoped(context.db, 'attendance: the daily job counts every school and makes the access records’ partitions');
  await keepLogPartitions(db, dayIn(DEFAULT_TIME_ZONE));
  let written = 0;
  for (const { id } of await db.select({ id: tenants.id }).from(tenants)) {
    const today = dayIn(await schoolZone(schoolReads(context.db, systemOf(id)).tx, id));
    // Each school's days in the school's own unit of work.
    for (const day of [addDays(today, -1), today]) written += await inSchool(context.db, systemOf(id), (work) => attendanceOfDay(work, day));
    await tellParents(context, id, today);
  }
  return written;
}

/**
 * A rule's 通知家长: today's late pupils (ATTENDANCE_LATE) and those not yet in once the late
 * threshold has passed (ATTENDANCE_ABSENT) are told, each pupil once a day — a day already told by
 * hand, fixed by 补签 or covered by a leave is left alone. A stopped template tells no one.
 */
export async function tellParents(context: AppContext, tenantId: number, day: string, at = new Date()): Promise<number> {
  const reads = schoolReads(context.db, systemOf(tenantId));
  const zone = await schoolZone(reads.tx, tenantId);
  const now = day === dayIn(zone, at) ? clockIn(zone, at) : null;
  if (!now) return 0;
  const due = await reads.tx
    .select({
      id: attendanceDays.id,
      memberId: attendanceDays.memberId,
      status: attendanceDays.status,
      firstIn: attendanceDays.firstIn,
      lateMinutes: attendanceDays.lateMinutes,
      name: members.realName,
      arriveTime: attendanceRules.arriveTime,
      threshold: attendanceRules.lateMinutes,
    })
    .from(attendanceDays)
    .innerJoin(attendanceRules, and(eq(attendanceRules.id, attendanceDays.ruleId), eq(attendanceRules.notifyParents, true), reads.school(attendanceRules, { deleted: true })))
    .innerJoin(members, and(eq(members.id, attendanceDays.memberId), reads.school(members, { deleted: true })))
    .where(
      and(reads.school(attendanceDays), eq(attendanceDays.day, day), eq(attendanceDays.parentNotified, false), sql`${attendanceDays.fixedBy} is null`, inArray(attendanceDays.status, ['2', '4', '7'])),
    );
  let told = 0;
  for (const row of due) {
    const arrive = row.arriveTime.slice(0, 5);
    const late = row.status !== '7';
    // Not in yet: only once the pupil would already count as late.
    if (!late && minutesBetween(arrive, now) <= row.threshold) continue;
    const queued = await inSchool(context.db, systemOf(tenantId), async (work) => {
      const message = await messageFromTemplate(work, {
        code: late ? 'ATTENDANCE_LATE' : 'ATTENDANCE_ABSENT',
        memberId: row.memberId,
        values: late ? { name: row.name, time: row.firstIn ? clockIn(zone, row.firstIn) : '未到', minutes: row.lateMinutes } : { name: row.name, time: arrive },
      });
      if (!message) return null;
      await work.update(attendanceDays, { parentNotified: true }, eq(attendanceDays.id, row.id));
      return work.later(message);
    });
    if (!queued) continue;
    await deliverQueued(context, [queued]);
    told += 1;
  }
  return told;
}

/** 考勤管理's 补签 (kept by the job) and 通知家长 (through ATTENDANCE_LATE); 重算 of the selected days. */
export const ATTENDANCE_HOOKS: EntityHooks<RowOf<typeof attendanceDays>> = {
  actions: {
    async recompute({ work, row: day }) {
      // A 补签 is dropped: the day is counted from the records again.
      await work.update(attendanceDays, { fixedBy: null, fixReason: null }, eq(attendanceDays.id, day.id));
      await attendanceOfDay(work, day.day, [day.memberId]);
    },
    async fix({ input }) {
      return { set: { fixReason: input.fixReason, lateMinutes: 0, earlyMinutes: 0 } };
    },
    async notify({ work, row: day }) {
      const zone = await schoolZone(work.tx, work.tenantId);
      const [pupil] = await work.rows(members, eq(members.id, day.memberId), { deleted: true, limit: 1 });
      const message = await messageFromTemplate(work, {
        code: 'ATTENDANCE_LATE',
        memberId: day.memberId,
        by: work.username,
        values: { name: pupil?.realName, time: day.firstIn ? dateTimeIn(zone, day.firstIn).slice(11, 16) : '未到', minutes: day.lateMinutes },
      });
      if (!message) throw badRequest('消息模板 ATTENDANCE_LATE 未启用，请先在消息模板中启用', 'The ATTENDANCE_LATE template is not enabled');
      return { set: { parentNotified: true }, later: message };
    },
  },
};
