import { and, desc, eq, like, notExists, sql, type SQL } from 'drizzle-orm';
import { addDays, parseSchoolTime } from '@shared/schoolTime';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { leaves, mealLeaveRefunds, memberDepartments, memberTypes, members, parents } from '../db/schema';
import { inSchool, schoolReads } from '../db/work';
import type { SampleDay, SampleEvent } from '../registry/areas';
import { leaveActions } from '../modules/members/leave.actions';
import { leaveHooks } from '../modules/members/leave.hooks';
import { leaveRefundActions } from '../modules/payments/mealLeaveRefunds';
import { takeFlowStep } from './flowStep';

/** A day relative to today, or to the Monday two weeks before the latest 退款合并 (`M0`; `M7` is the Monday between): school days, whatever today's weekday. */
type Day = number | `M${number}`;

/** One leave of the sample weeks: who asks, for when, and what becomes of it. */
interface Story {
  /** Which boarder (by place among the three-meal boarders, from the last). */
  pupil: number;
  leaveType: '1' | '2' | '3';
  reason: string;
  applicant: string;
  /** 1 家长 (the parent app) · 2 班主任代填. */
  source: '1' | '2';
  from: [Day, string];
  to: [Day, string];
  asked: [Day, string];
  /** Meals refunded (meal_type codes), when the leave refunds meals. */
  meals?: string;
  gatePass?: boolean;
  /** What happens after it is asked, in order: each a flow action at a time. */
  then?: readonly { action: 'approve' | 'reject' | 'revoke' | 'back'; at: [Day, string]; input?: Record<string, unknown> }[];
  /** A boarder with no parents on file: the decision is told to the pupil, who has no phone (that message fails). */
  withoutParents?: boolean;
  /** A day pupil of the first grade (whose attendance is counted) instead of a boarder: `pupil` counts among them. */
  dayPupil?: boolean;
  /** Its meal refund, once the nightly 核算 counted it: audited (to the card) and merged, or left for audit. */
  refund?: { audit: [Day, string] };
}

/**
 * 请假管理 of the last weeks, in every state: two boarders away Monday to Wednesday of the week
 * before last, their meals refunded (the nightly 核算 counts them; one audited and merged, so the
 * next Monday's 退款合并 pays it back, the other waiting for audit); a pupil back early from sick
 * leave (销假); one away this afternoon; requests waiting; one rejected, one withdrawn; a contest
 * next week already approved.
 */
const STORIES: readonly Story[] = [
  {
    pupil: 0,
    leaveType: '1',
    reason: '回家处理家事',
    applicant: '班主任代填',
    source: '2',
    from: ['M0', '08:00'],
    to: ['M2', '18:00'],
    asked: ['M-3', '16:00'],
    meals: '1,2,3',
    then: [{ action: 'approve', at: ['M-3', '16:30'], input: { approveOpinion: '同意' } }],
    refund: { audit: ['M3', '10:00'] },
  },
  {
    pupil: 1,
    leaveType: '2',
    reason: '住院治疗',
    applicant: '班主任代填',
    source: '2',
    from: ['M0', '08:00'],
    to: ['M2', '18:00'],
    asked: ['M-3', '16:10'],
    meals: '1,2,3',
    then: [{ action: 'approve', at: ['M-3', '16:35'], input: { approveOpinion: '祝早日康复' } }],
  },
  {
    pupil: 2,
    leaveType: '2',
    reason: '感冒发烧，回家休养',
    applicant: '班主任代填',
    source: '2',
    from: ['M7', '08:00'],
    to: ['M9', '18:00'],
    asked: ['M4', '17:20'],
    meals: '1,2,3',
    then: [
      { action: 'approve', at: ['M4', '17:45'] },
      { action: 'back', at: ['M8', '17:00'], input: { backTime: 'back' } },
    ],
  },
  {
    pupil: 3,
    leaveType: '1',
    reason: '家中有事，下午由家长接回',
    applicant: '家长',
    source: '1',
    from: [0, '13:00'],
    to: [0, '18:00'],
    asked: [-1, '20:15'],
    gatePass: true,
    then: [{ action: 'approve', at: [0, '07:35'] }],
  },
  { pupil: 4, leaveType: '2', reason: '牙科复诊', applicant: '家长', source: '1', from: [1, '08:00'], to: [2, '12:00'], asked: [-1, '21:05'], meals: '2' },
  { pupil: 5, leaveType: '1', reason: '办理身份证', applicant: '班主任代填', source: '2', from: [2, '08:00'], to: [2, '12:00'], asked: [0, '07:10'] },
  {
    pupil: 6,
    leaveType: '3',
    reason: '参加市中学生数学竞赛',
    applicant: '数学教研组',
    source: '2',
    from: [4, '07:00'],
    to: [5, '18:00'],
    asked: [-2, '15:00'],
    meals: '1,2,3',
    then: [{ action: 'approve', at: [-1, '09:10'], input: { approveOpinion: '预祝取得好成绩' } }],
    withoutParents: true,
  },
  {
    pupil: 7,
    leaveType: '1',
    reason: '外出游玩',
    applicant: '家长',
    source: '1',
    from: [-1, '08:00'],
    to: [-1, '18:00'],
    asked: [-3, '20:30'],
    then: [{ action: 'reject', at: [-2, '07:50'], input: { approveOpinion: '理由不充分，请家长电话说明' } }],
  },
  // Three weeks back: refunds the office audits, merges or refuses (officeSteps.ts).
  {
    pupil: 9,
    leaveType: '2',
    reason: '肠胃炎，回家休养',
    applicant: '班主任代填',
    source: '2',
    from: ['M-6', '08:00'],
    to: ['M-5', '18:00'],
    asked: ['M-6', '07:20'],
    meals: '1,2,3',
    then: [{ action: 'approve', at: ['M-6', '07:40'] }],
  },
  {
    pupil: 10,
    leaveType: '1',
    reason: '回家参加祖父寿宴',
    applicant: '家长',
    source: '1',
    from: ['M-4', '08:00'],
    to: ['M-3', '18:00'],
    asked: ['M-5', '17:00'],
    meals: '1,2,3',
    then: [{ action: 'approve', at: ['M-5', '17:30'], input: { approveOpinion: '同意' } }],
  },
  {
    // The same boarder as the first of these, back at school since.
    pupil: 9,
    leaveType: '3',
    reason: '参加区运动会集训',
    applicant: '体育组',
    source: '2',
    from: ['M1', '08:00'],
    to: ['M3', '18:00'],
    asked: ['M0', '16:00'],
    meals: '1,2,3',
    then: [{ action: 'approve', at: ['M0', '16:20'] }],
  },
  // A day pupil of the first grade home with a fever on Tuesday of last week: 请假 in 考勤管理, no pass at the gates.
  {
    pupil: 4,
    dayPupil: true,
    leaveType: '2',
    reason: '发烧，在家休息一天',
    applicant: '家长',
    source: '1',
    from: ['M8', '07:00'],
    to: ['M8', '17:30'],
    asked: ['M8', '06:35'],
    then: [{ action: 'approve', at: ['M8', '06:50'], input: { approveOpinion: '好好休息' } }],
  },
  { pupil: 8, leaveType: '1', reason: '参加亲戚婚礼', applicant: '家长', source: '1', from: [3, '08:00'], to: [3, '12:00'], asked: [-2, '19:40'], then: [{ action: 'revoke', at: [-1, '18:20'] }] },
];

/** Every so many boarders is one of the stories' pupils: they come from several classes. */
const SPREAD = 11;

/**
 * The leaves of the sample weeks, lived: each asked as 新增 writes it (the leave's own hooks: its
 * number, days and class, the overlap check), then approved, rejected, withdrawn or ended early by
 * its flow's own effects — an approval with meals puts a stop-meal in force and tells the parents
 * (LEAVE_RESULT). The nightly 请假退餐费核算 (a job the weeks run) counts the refunds; one is audited
 * to the card and merged.
 */
export async function leavesOf(db: Database, tenantId: number, by: string, today: string, zone: string, lastMerged: string) {
  const reads = schoolReads(db, { tenantId, username: by });
  // Three-meal boarders in school, the latest intake first.
  const boardersWhere = (where: SQL | undefined, limit: number) =>
    reads.tx
      .select({ id: members.id })
      .from(members)
      .innerJoin(memberTypes, eq(memberTypes.id, members.memberTypeId))
      .where(and(reads.school(members), eq(memberTypes.code, 'STUDENT'), eq(members.memberStatus, '1'), eq(members.mealPlan, '3'), where))
      .orderBy(desc(members.memberNo))
      .limit(limit);
  const boarders = await boardersWhere(undefined, STORIES.length * SPREAD);
  const withoutParents = notExists(
    reads.tx
      .select({ one: sql`1` })
      .from(parents)
      .where(and(reads.school(parents, { deleted: true }), eq(parents.studentId, members.id))),
  );
  const [alone] = await boardersWhere(withoutParents, 1);
  // Day pupils of the first grade, whose gates and attendance the weeks keep.
  const dayPupils = await reads.tx
    .select({ id: members.id })
    .from(members)
    .innerJoin(memberTypes, eq(memberTypes.id, members.memberTypeId))
    .innerJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
    .where(and(reads.school(members), eq(memberTypes.code, 'STUDENT'), eq(members.memberStatus, '1'), eq(members.boardingType, '1'), like(memberDepartments.name, '高一%')))
    .orderBy(members.memberNo)
    .limit(10);
  const pupilOf = (story: Story) => (story.withoutParents ? alone : story.dayPupil ? dayPupils[story.pupil] : boarders[story.pupil * SPREAD]);
  // The Monday two weeks before the latest 退款合并: its leave is over, counted and paid back by the one between.
  const monday = addDays(lastMerged, -14);
  const dateOf = (day: Day) => (typeof day === 'number' ? addDays(today, day) : addDays(monday, Number(day.slice(1))));
  const asked = new Map<Story, string>();
  const wallClock = ([when, time]: [Day, string]) => parseSchoolTime(zone, `${dateOf(when)} ${time}:00`)!;
  // Who is away when: each approved leave from its start to its end, or to the return its 销假 recorded.
  const awayTimes = STORIES.flatMap((story) => {
    const pupil = pupilOf(story);
    const steps = story.then ?? [];
    if (!pupil || !steps.some((step) => step.action === 'approve') || steps.some((step) => step.action === 'revoke')) return [];
    const back = steps.find((step) => step.action === 'back');
    return [{ memberId: pupil.id, from: wallClock(story.from).getTime(), to: wallClock(back?.at ?? story.to).getTime() }];
  });
  const worker = { tenantId, username: by };

  const ask = (story: Story, day: SampleDay): SampleEvent => ({
    at: day.at(story.asked[1]),
    run: () =>
      inSchool(db, worker, async (work) => {
        const values: Record<string, unknown> = {
          memberId: pupilOf(story)!.id,
          leaveType: story.leaveType,
          startTime: wallClock(story.from),
          endTime: wallClock(story.to),
          reason: story.reason,
          applicant: story.applicant,
          source: story.source,
          refundMeal: Boolean(story.meals),
          mealTypes: story.meals ?? null,
          gatePass: story.gatePass ?? false,
        };
        await leaveHooks.beforeSave!({ tx: work.tx, work, tenantId, caller: undefined as never, id: null, values, before: null, details: {} });
        const [row] = await work.insert(leaves, { ...values, id: newId() } as never);
        asked.set(story, row!.id);
      }),
  });

  const step = (story: Story, day: SampleDay, action: 'approve' | 'reject' | 'revoke' | 'back', time: string, input: Record<string, unknown> = {}): SampleEvent => ({
    at: day.at(time),
    run: () =>
      inSchool(db, worker, async (work) => {
        const id = asked.get(story);
        if (!id) return;
        const [row] = await work.lock(leaves, id);
        const given = input.backTime === 'back' ? { ...input, backTime: day.at(time) } : input;
        const result = await leaveActions[action]!({ tx: work.tx, work, row: row!, input: given as never, context: undefined as never, caller: undefined as never });
        await takeFlowStep(work, leaves, 'members.leave', action, row!, result, given);
      }),
  });

  const auditRefund = (story: Story, day: SampleDay, time: string): SampleEvent => ({
    at: day.at(time),
    run: () =>
      inSchool(db, worker, async (work) => {
        const [refund] = await work.rows(mealLeaveRefunds, and(eq(mealLeaveRefunds.leaveId, asked.get(story) ?? ''), eq(mealLeaveRefunds.status, '1')));
        if (!refund) return;
        const input = { refundWay: '1', auditOpinion: '核对无误，退至卡余额' };
        const effect = (id: 'approve' | 'merge', row: typeof refund) => leaveRefundActions[id]!({ tx: work.tx, work, row, input, context: undefined as never, caller: undefined as never });
        await takeFlowStep(work, mealLeaveRefunds, 'payments.mealLeaveRefund', 'approve', refund, await effect('approve', refund), input);
        const audited = { ...refund, status: '2', refundWay: '1' };
        await takeFlowStep(work, mealLeaveRefunds, 'payments.mealLeaveRefund', 'merge', audited, await effect('merge', audited));
      }),
  });

  return {
    /** Whether a pupil is away on an approved leave at that instant: they pay at no canteen and pass no gate. */
    away(memberId: string, at: Date): boolean {
      const time = at.getTime();
      return awayTimes.some((leave) => leave.memberId === memberId && leave.from <= time && time < leave.to);
    },
    day(day: SampleDay): SampleEvent[] {
      const events: SampleEvent[] = [];
      for (const story of STORIES) {
        if (!pupilOf(story)) continue;
        if (dateOf(story.asked[0]) === day.date) events.push(ask(story, day));
        for (const next of story.then ?? []) if (dateOf(next.at[0]) === day.date) events.push(step(story, day, next.action, next.at[1], next.input));
        if (story.refund && dateOf(story.refund.audit[0]) === day.date) events.push(auditRefund(story, day, story.refund.audit[1]));
      }
      return events;
    },
  };
}
