import { and, eq, sql } from 'drizzle-orm';
import { addDays, dayIn, DEFAULT_TIME_ZONE, parseSchoolTime, weekdayOf } from '@shared/schoolTime';
import type { Executor } from '@server/db/client';
import { newId, timeOrderedId } from '@server/db/ids';
import { Work } from '@server/db/work';
import { cards, memberDepartments, members } from '@server/db/schema';
import { accessLogs, attendanceRules, doors, timeGroups } from './tables';
import { schoolZone } from '@server/modules/schools/settings';
import { computeAttendance } from './attendance';
import { grantDoor } from './grants';

/**
 * The sample school's gates: the two school gates, a dormitory door and a car barrier, a school-day and an
 * all-day time group, every member in service granted the school gates (the boarders the
 * dormitory too), and the school's attendance rule (arrive by 07:40, leave from 17:10).
 */
export async function seedAccess(tx: Executor, tenantId: number, operator: string): Promise<void> {
  const common = { tenantId, createBy: operator };
  const south = { ...common, id: newId(), name: '南大门', serialNo: `GATE-S01${tenantId ? `-${tenantId}` : ''}`, doorKind: '1', deviceKind: '1', location: '学校南门' };
  const north = { ...common, id: newId(), name: '北大门', serialNo: `GATE-N01${tenantId ? `-${tenantId}` : ''}`, doorKind: '1', deviceKind: '2', location: '学校北门' };
  const dorm = { ...common, id: newId(), name: '男生宿舍门', serialNo: `DORM-M01${tenantId ? `-${tenantId}` : ''}`, doorKind: '2', deviceKind: '2', location: '1号宿舍楼', forAttendance: false };
  // The car barrier at the south gate: people do not pass it; 车辆管理's 下发道闸 sends it the cars.
  const barrier = {
    ...common,
    id: newId(),
    name: '南门车行道闸',
    serialNo: `BAR-S01${tenantId ? `-${tenantId}` : ''}`,
    doorKind: '1',
    deviceKind: '4',
    location: '学校南门车行道',
    forAttendance: false,
  };
  await tx.insert(doors).values([south, north, dorm, barrier]);
  const allDay = { ...common, id: newId(), name: '全天', weekdays: '1,2,3,4,5,6,7', period1Start: '00:00', period1End: '23:59' };
  const schoolDays = { ...common, id: newId(), name: '上学日', weekdays: '1,2,3,4,5', period1Start: '06:00', period1End: '22:00' };
  await tx.insert(timeGroups).values([allDay, schoolDays]);
  // The sample school's own rows, in the seed's transaction.
  const work = new Work(tx, tenantId, operator);
  const people = await work.rows(members, eq(members.memberStatus, '1'));
  const startDate = addDays(dayIn(DEFAULT_TIME_ZONE), -30);
  const terms = { timeGroupId: allDay.id, authType: '1', startDate, endDate: null, passModes: '1,2' };
  const everyone = people.map((person) => person.id);
  for (const gate of [south, north]) await grantDoor(work, gate.id, everyone, '按人员类型 全体', terms);
  const boarders = people.filter((person) => person.boardingType === '2').map((person) => person.id);
  await grantDoor(work, dorm.id, boarders, '按住宿 住校生', { ...terms, timeGroupId: schoolDays.id });
  await tx.insert(attendanceRules).values({ ...common, id: newId(), name: '全校作息', weekdays: '1,2,3,4,5', arriveTime: '07:40', leaveTime: '17:10', lateMinutes: 0, earlyMinutes: 0 });
  await seedTraffic(work, south.id);
}

/**
 * The first class's last school day at the south gate (most on time, a few late, two leaving
 * early, one never coming), counted into attendance; and today's first passes so far.
 */
async function seedTraffic(work: Work, gateId: string): Promise<void> {
  const { tx, tenantId } = work;
  const zone = await schoolZone(tx, tenantId);
  const today = dayIn(zone);
  let day = addDays(today, -1);
  while (weekdayOf(day) > 5) day = addDays(day, -1);
  const [klass] = await tx
    .select({ id: memberDepartments.id, name: memberDepartments.name })
    .from(memberDepartments)
    .where(and(work.school(memberDepartments), eq(memberDepartments.level, 3)))
    // 高一（1）班 (its pupils hold the sample school's cards) when the school has it.
    .orderBy(sql`${memberDepartments.name} <> '高一（1）班'`, memberDepartments.sortNo)
    .limit(1);
  if (!klass) return;
  const pupils = await tx
    .select({ id: members.id, memberNo: members.memberNo, name: members.realName, memberTypeId: members.memberTypeId, cardNo: cards.cardNo })
    .from(members)
    .innerJoin(cards, and(eq(cards.memberId, members.id), eq(cards.cardStatus, '1')))
    .where(and(eq(members.deptId, klass.id), eq(members.memberStatus, '1')))
    .orderBy(members.memberNo);
  const rows: (typeof accessLogs.$inferInsert)[] = [];
  const pass = (person: (typeof pupils)[number], passDay: string, at: Date, direction: '1' | '2', serialNo: string) =>
    rows.push({
      id: timeOrderedId(at.getTime()),
      tenantId,
      passDay,
      passTime: at,
      doorId: gateId,
      direction,
      memberId: person.id,
      memberNo: person.memberNo,
      name: person.name,
      deptId: klass.id,
      className: klass.name,
      memberTypeId: person.memberTypeId,
      method: '1',
      result: '1',
      cardNo: person.cardNo,
      serialNo,
    });
  pupils.forEach((person, index) => {
    if (index === pupils.length - 1) return;
    // Two minutes apart from 07:10: the sixteenth on is late.
    const arrive = parseSchoolTime(zone, `${day} 07:10:00`)!.getTime() + index * 2 * 60_000;
    pass(person, day, new Date(arrive), '1', `S${index * 2 + 1}`);
    const leave = parseSchoolTime(zone, `${day} ${index < 2 ? '16:50' : '17:20'}:00`)!;
    pass(person, day, leave, '2', `S${index * 2 + 2}`);
  });
  // Today so far: the first two through the gate (an hour ago, never before the day began).
  const at = new Date(Math.max(parseSchoolTime(zone, `${today} 00:00:30`)!.getTime(), Date.now() - 3_600_000));
  pupils.slice(0, 2).forEach((person, index) => pass(person, today, new Date(at.getTime() + index * 1000), '1', `T${index + 1}`));
  if (rows.length) await tx.insert(accessLogs).values(rows);
  await computeAttendance(tx, tenantId, day);
}
