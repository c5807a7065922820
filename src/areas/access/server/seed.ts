import { and, eq } from 'drizzle-orm';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import type { Executor } from '@server/db/client';
import { newId } from '@server/db/ids';
import { Work } from '@server/db/work';
import { memberDepartments, members } from '@server/db/schema';
import { attendanceRules, doors, timeGroups } from './tables';
import { grantDoor } from './grants';

/**
 * The sample school's gates: the two school gates, a dormitory door and a car barrier, a school-day and an
 * all-day time group, every member in service granted the school gates (the boarders the
 * dormitory too), and the first grade's attendance rule (arrive by 07:40, leave from 17:10). The passes and
 * the attendance come from the weeks the sample school lives (`sampleGateDay`).
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
  // The first grade's, whose pupils carry the sample school's cards.
  const [firstGrade] = await work.rows(memberDepartments, and(eq(memberDepartments.level, 2), eq(memberDepartments.name, '高一年级')));
  await tx
    .insert(attendanceRules)
    .values({ ...common, id: newId(), name: '高一年级作息', deptId: firstGrade?.id ?? null, weekdays: '1,2,3,4,5', arriveTime: '07:40', leaveTime: '17:10', lateMinutes: 0, earlyMinutes: 0 });
}
