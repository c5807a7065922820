import { and, eq, inArray, sql } from 'drizzle-orm';
import { dateTimeIn, weekdayOf } from '@shared/schoolTime';
import { inSchool, schoolReads } from '@server/db/work';
import { cards, memberDepartments, members } from '@server/db/schema';
import type { SampleDay, SampleEvent } from '@server/registry/areas';
import { chanceOf, clockOf } from '@server/sampleSchool/random';
import { computeAttendance, keepLogPartitions } from './attendance';
import { answerDoorGrants, gateWorker, recordGatePasses, takeDoorGrants } from './gate';
import { doors } from './tables';

/** How many days back the gates are used. */
const GATE_DAYS = 14;

/** How often a busy gate uploads the passes it read. */
const UPLOAD_EVERY_MS = 3 * 60_000;

/**
 * A school day at the gates of the sample school, through the gates' own code path (`recordGatePasses`,
 * as `/gate/access` after its signature): every day pupil with a card comes in through the south or
 * north gate in the morning — most before 07:40, a few late — and goes out after 17:10, a few early;
 * now and then one stays home. Boarders leave the dormitory in the morning and return at night. On
 * last week's Saturday six day pupils come to the mathematics club for the morning. The attendance is counted from those passes in the evening (the job's own
 * computation), and today's as it stands.
 */
export async function sampleGateDay(day: SampleDay): Promise<SampleEvent[]> {
  // The last two weeks: a pass costs the most of the sample school's events (a first start waits for them).
  const schoolDay = weekdayOf(day.date) <= 5;
  // The Saturday of last week: the mathematics club meets in the morning (a rest day under the rule: 休息日).
  const club = weekdayOf(day.date) === 6 && day.daysAgo >= 7;
  if (day.daysAgo >= GATE_DAYS || (!schoolDay && !club && day.daysAgo > 0)) return [];
  const reads = schoolReads(day.db, { tenantId: day.tenantId, username: day.by });
  const gates = await reads.rows(doors, inArray(doors.serialNo, ['GATE-S01', 'GATE-N01', 'DORM-M01']));
  const south = gates.find((gate) => gate.serialNo === 'GATE-S01');
  const north = gates.find((gate) => gate.serialNo === 'GATE-N01');
  const dormitory = gates.find((gate) => gate.serialNo === 'DORM-M01');
  if (!south || !north || !dormitory) return [];
  const people = await reads.tx
    .select({ id: members.id, cardNo: cards.cardNo, boarder: sql<boolean>`${members.boardingType} = '2'` })
    .from(members)
    .innerJoin(cards, and(eq(cards.memberId, members.id), eq(cards.cardStatus, '1')))
    .innerJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
    .where(and(reads.school(members), eq(members.memberStatus, '1'), eq(memberDepartments.level, 3)))
    .orderBy(members.memberNo);
  type Pass = { gate: typeof south; cardNo: string; direction: '1' | '2'; at: Date };
  const passes: Pass[] = [];
  const pass = (gate: typeof south, person: { id: string; cardNo: string }, direction: '1' | '2', clock: string) => {
    const at = day.at(clock);
    // Away on an approved leave: no pass (the attendance reads the leave).
    if (!day.away(person.id, at)) passes.push({ gate, cardNo: person.cardNo, direction, at });
  };
  const events: SampleEvent[] = [
    // The access records' month has its partition before its first record (as the job keeps them).
    { at: day.at('00:00:01'), run: () => keepLogPartitions(day.db, day.date) },
  ];
  const [firstDayPupil, secondDayPupil] = people.filter((person) => !person.boarder);
  if (club)
    for (const person of people.filter((one) => !one.boarder).slice(2, 8)) {
      const chance = chanceOf('club', day.date, person.id);
      pass(south, person, '1', clockOf(chance.peak(8 * 60 + 10, 8 * 60 + 30), chance.between(0, 59)));
      pass(south, person, '2', clockOf(chance.peak(11 * 60 + 35, 11 * 60 + 55), chance.between(0, 59)));
    }
  for (const person of schoolDay ? people : []) {
    const chance = chanceOf('gate', day.date, person.id);
    // The first day pupil's Wednesday physiotherapy: in late, out early (迟到+早退, whatever the chance).
    const physio = person === firstDayPupil && weekdayOf(day.date) === 3;
    // The second day pupil follows a classmate in on Tuesdays without swiping: out only (未打卡).
    const tailgates = person === secondDayPupil && weekdayOf(day.date) === 2;
    if (!physio && !tailgates && chance.yes(0.03)) continue;
    if (person.boarder) {
      // A boarder lives inside the gates: out of the dormitory in the morning, back in at night.
      pass(dormitory, person, '2', clockOf(chance.peak(6 * 60 + 25, 7 * 60 + 10), chance.between(0, 59)));
      pass(dormitory, person, '1', clockOf(chance.peak(21 * 60 + 10, 21 * 60 + 55), chance.between(0, 59)));
      continue;
    }
    const gate = chance.yes(0.6) ? south : north;
    // In: most between 06:50 and 07:39, one in fifteen late; out: after 17:10, one in twenty early.
    const arrive = physio || chance.yes(1 / 15) ? chance.between(7 * 60 + 41, 8 * 60 + 15) : chance.peak(6 * 60 + 50, 7 * 60 + 40);
    const leave = physio || chance.yes(1 / 20) ? chance.between(16 * 60 + 20, 17 * 60 + 9) : chance.peak(17 * 60 + 11, 18 * 60 + 5);
    if (!tailgates) pass(gate, person, '1', clockOf(arrive, chance.between(0, 59)));
    pass(chance.yes(0.8) ? gate : gate === south ? north : south, person, '2', clockOf(leave, chance.between(0, 59)));
  }
  // Today before the gates' morning (or a weekend): the first two back through the south gate in the
  // last hour, never before the day began — 进出记录 opens on today's rows at any hour.
  if (day.daysAgo === 0 && !passes.some((one) => one.at <= day.until)) {
    const at = Math.max(day.at('00:00:30').getTime(), day.until.getTime() - 3_600_000);
    people
      .filter((person) => !person.boarder)
      .slice(0, 2)
      .forEach((person, index) => passes.push({ gate: south, cardNo: person.cardNo, direction: '1', at: new Date(Math.min(at + index * 1000, day.until.getTime())) }));
  }
  // A busy gate uploads what it read every few minutes, in order, each record with its own time.
  const numbers = new Map<string, number>();
  const batches = new Map<string, Pass[]>();
  for (const one of passes.sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const key = `${one.gate.id}|${Math.floor(one.at.getTime() / UPLOAD_EVERY_MS)}`;
    batches.set(key, [...(batches.get(key) ?? []), one]);
  }
  for (const batch of batches.values()) {
    const gate = batch[0]!.gate;
    events.push({
      at: batch.at(-1)!.at,
      async run() {
        const records = batch.map((one) => {
          const serial = (numbers.get(gate.id) ?? 0) + 1;
          numbers.set(gate.id, serial);
          return {
            serialNo: `${day.date.replaceAll('-', '')}${String(serial).padStart(5, '0')}`,
            cardNo: one.cardNo,
            direction: one.direction,
            method: '1' as const,
            deviceTime: dateTimeIn(day.zone, one.at),
          };
        });
        await recordGatePasses(day.db, gate, records);
      },
    });
  }
  // 考勤计算 in the evening; today's as it stands now.
  const counted = day.daysAgo === 0 ? day.until : day.at('21:30');
  events.push({ at: counted, run: async () => void (await inSchool(day.db, { tenantId: day.tenantId, username: 'system' }, (work) => computeAttendance(work.tx, day.tenantId, day.date))) });
  return events;
}

/** Why the dormitory's controller refuses the last of the grants it takes. */
const DORMITORY_FULL = '控制器名单已满，未能写入';

/**
 * The doors take their grants (`takeDoorGrants` and `answerDoorGrants`, as `/gate/grants/pending` and
 * `/gate/grants/ack` after their signatures) as the weeks end: the south gate answers all of
 * them (成功); the north gate's answer to its last one is lost (下发中 until the lease ends and the
 * gate takes it again); the dormitory's controller, its list full, refuses its last two (失败, the
 * task 部分失败). A grant made after that waits (待下发) for the door's next ask.
 */
export function sampleGrantDelivery(day: SampleDay): SampleEvent[] {
  if (day.daysAgo !== 0) return [];
  return [
    {
      // Just before now: after the seed made the grants, before the office's work of now (a new grant).
      at: new Date(day.until.getTime() - 1),
      run: async () => {
        const reads = schoolReads(day.db, { tenantId: day.tenantId, username: day.by });
        const gates = await reads.rows(doors, inArray(doors.serialNo, ['GATE-S01', 'GATE-N01', 'DORM-M01']));
        for (const door of gates.sort((a, b) => a.serialNo.localeCompare(b.serialNo))) {
          const taken = (await inSchool(day.db, gateWorker(door), (work) => takeDoorGrants(work, door.id))).sort((a, b) => a.memberNo.localeCompare(b.memberNo));
          const answers = taken.map((grant, index) =>
            door.serialNo === 'DORM-M01' && index >= taken.length - 2 ? { grantId: grant.grantId, success: false, message: DORMITORY_FULL } : { grantId: grant.grantId, success: true },
          );
          const sent = door.serialNo === 'GATE-N01' ? answers.slice(0, -1) : answers;
          await inSchool(day.db, gateWorker(door), (work) => answerDoorGrants(work, door.id, sent));
        }
      },
    },
  ];
}
