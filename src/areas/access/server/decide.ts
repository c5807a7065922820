import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { timeGroupAllows } from '@areas/access/shared/gate';
import { holidayOf } from './holidays';
import { clockIn, dayIn, weekdayOf } from '@shared/schoolTime';
import { cards, leaves, memberDepartments, members } from '@server/db/schema';
import { accessGrants, accessLogs, doors, timeGroups } from './tables';
import type { Work } from '@server/db/work';

/** What a pass is decided on: the door, the card (or the person a face was matched to), when, which way. */
export interface PassQuestion {
  zone: string;
  door: { id: string; doorKind: string; antiPassback: boolean };
  cardNo: string;
  direction: '1' | '2';
  at: Date;
}

export interface PassAnswer {
  result: '1' | '2';
  /** refuse_reason when refused. */
  reason: string | null;
  member: { id: string; memberNo: string; name: string; deptId: string; className: string | null; memberTypeId: string } | null;
}

/** A boarder with a leave may go out this long before it begins (collected at the gate a little early). */
const LEAVE_EARLY_MS = 30 * 60_000;

const refused = (reason: string, member: PassAnswer['member'] = null): PassAnswer => ({ result: '2', reason, member });

/**
 * Decides one pass (DOMAIN.md 4.3): an unknown card 未识别; a lost card 卡挂失, a frozen or cancelled
 * one 黑名单, an expired one 卡过期; a person not in service 人员状态异常; no grant for the door, or one
 * not valid that day, 无权限; outside its time group 时段外; a boarder leaving by a school gate
 * without an approved leave (门禁放行) that covers the moment 无有效请假; at an anti-passback door, the
 * same way twice in a row that day through the doors of its kind that are so 反潜回.
 */
export async function decidePass(work: Work, question: PassQuestion): Promise<PassAnswer> {
  const { tx } = work;
  const { zone, door, at } = question;
  const day = dayIn(zone, at);
  const [card] = await tx
    .select({
      status: cards.cardStatus,
      expireDate: cards.expireDate,
      memberId: members.id,
      memberNo: members.memberNo,
      name: members.realName,
      deptId: members.deptId,
      className: memberDepartments.name,
      memberTypeId: members.memberTypeId,
      memberStatus: members.memberStatus,
      boardingType: members.boardingType,
    })
    .from(cards)
    .innerJoin(members, eq(members.id, cards.memberId))
    .leftJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
    .where(and(work.school(cards), or(eq(cards.cardNo, question.cardNo), eq(cards.physNo, question.cardNo.toUpperCase()))))
    .orderBy(sql`case when ${cards.cardStatus} = '1' then 0 else 1 end`)
    .limit(1);
  if (!card) return refused('6');
  const member = { id: card.memberId, memberNo: card.memberNo, name: card.name, deptId: card.deptId, className: card.className, memberTypeId: card.memberTypeId };
  if (card.status === '2') return refused('2', member);
  if (card.status !== '1') return refused('5', member);
  if (card.expireDate < day) return refused('3', member);
  if (card.memberStatus !== '1') return refused('9', member);
  const [grant] = await tx
    .select({
      timeGroupId: accessGrants.timeGroupId,
      weekdays: timeGroups.weekdays,
      groupStatus: timeGroups.status,
      p1s: timeGroups.period1Start,
      p1e: timeGroups.period1End,
      p2s: timeGroups.period2Start,
      p2e: timeGroups.period2End,
      p3s: timeGroups.period3Start,
      p3e: timeGroups.period3End,
      p4s: timeGroups.period4Start,
      p4e: timeGroups.period4End,
      holidayPolicy: timeGroups.holidayPolicy,
    })
    .from(accessGrants)
    .leftJoin(timeGroups, eq(timeGroups.id, accessGrants.timeGroupId))
    .where(
      and(
        work.school(accessGrants),
        eq(accessGrants.doorId, door.id),
        eq(accessGrants.memberId, card.memberId),
        lte(accessGrants.startDate, day),
        or(isNull(accessGrants.endDate), sql`${accessGrants.endDate} >= ${day}`),
      ),
    )
    .limit(1);
  if (!grant) return refused('1', member);
  if (grant.timeGroupId && grant.weekdays && grant.groupStatus === '1') {
    const periods = [
      [grant.p1s, grant.p1e],
      [grant.p2s, grant.p2e],
      [grant.p3s, grant.p3e],
      [grant.p4s, grant.p4e],
    ] as const;
    // A day off closes a group set so; a weekend day worked in lieu is a Monday to it.
    const holiday = await holidayOf(work, day);
    if (holiday === '1' && grant.holidayPolicy === '1') return refused('4', member);
    if (!timeGroupAllows({ weekdays: grant.weekdays, periods }, holiday === '2' ? 1 : weekdayOf(day), clockIn(zone, at))) return refused('4', member);
  }
  if (door.antiPassback) {
    // The last admitted pass that day through this kind's anti-passback doors: in must follow out, out in.
    const [last] = await tx
      .select({ direction: accessLogs.direction })
      .from(accessLogs)
      .innerJoin(doors, and(eq(doors.id, accessLogs.doorId), eq(doors.doorKind, door.doorKind), eq(doors.antiPassback, true)))
      .where(and(work.school(accessLogs), eq(accessLogs.memberId, card.memberId), eq(accessLogs.passDay, day), eq(accessLogs.result, '1'), lte(accessLogs.passTime, at)))
      .orderBy(desc(accessLogs.passTime))
      .limit(1);
    if (last?.direction === question.direction) return refused('7', member);
  }
  if (door.doorKind === '1' && question.direction === '2' && card.boardingType === '2') {
    const [leave] = await tx
      .select({ id: leaves.id })
      .from(leaves)
      .where(
        and(
          work.school(leaves),
          eq(leaves.memberId, card.memberId),
          eq(leaves.approveStatus, '1'),
          eq(leaves.gatePass, true),
          lte(leaves.startTime, new Date(at.getTime() + LEAVE_EARLY_MS)),
          gt(leaves.endTime, at),
          isNull(leaves.backTime),
        ),
      )
      .limit(1);
    if (!leave) return refused('8', member);
  }
  return { result: '1', reason: null, member };
}
