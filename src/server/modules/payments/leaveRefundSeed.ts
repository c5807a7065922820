import { and, asc, eq, inArray } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, parseSchoolTime } from '@shared/schoolTime';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { leaves, mealLeaveRefunds, mealStops, memberDepartments, members, memberTypes } from '../../db/schema';
import { Work } from '../../db/work';
import { schoolNow } from '../../db/seed/schoolClock';
import { nextBillNo } from '../bills/billNo';
import { countLeaveRefund, openLeaveRefund } from './mealLeaveRefunds';

/**
 * 请假退餐费 of the sample school: three boarders on meal plans were on leave (Monday to Wednesday two
 * weeks ago, approved the Friday before); their refunds are counted — one audited, one waiting
 * for audit — and a third waits for the nightly 核算.
 */
export async function seedLeaveRefunds(tx: Executor, tenantId: number, operator: string): Promise<void> {
  // The sample school's own rows, in the seed's transaction.
  const work = new Work(tx, tenantId, operator);
  const pupils = await tx
    .select({ id: members.id, plan: members.mealPlan, className: memberDepartments.name })
    .from(members)
    .innerJoin(memberTypes, eq(memberTypes.id, members.memberTypeId))
    .leftJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
    .where(and(work.school(members), eq(memberTypes.code, 'STUDENT'), eq(members.memberStatus, '1'), inArray(members.mealPlan, ['1', '2', '3'])))
    .orderBy(asc(members.memberNo))
    .limit(3);
  const now = schoolNow();
  const monday = now.add(-14, 'day').day(1);
  const at = (day: typeof monday, time: string) => parseSchoolTime(DEFAULT_TIME_ZONE, `${day.format('YYYY-MM-DD')} ${time}`)!;
  for (const [index, pupil] of pupils.entries()) {
    // A boarder on three meals, one on lunch and dinner, one on lunch.
    await tx
      .update(members)
      .set({ mealPlan: ['3', '2', '1'][index]! })
      .where(eq(members.id, pupil.id));
    const start = at(monday, '08:00:00');
    const end = at(monday.add(2, 'day'), '18:00:00');
    const leaveId = newId();
    const leaveNo = await nextBillNo(tx, tenantId, 'QJ');
    await tx.insert(leaves).values({
      id: leaveId,
      tenantId,
      createBy: operator,
      billNo: leaveNo,
      memberId: pupil.id,
      className: pupil.className,
      leaveType: index === 1 ? '2' : '1',
      startTime: start,
      endTime: end,
      days: 3,
      refundMeal: true,
      mealTypes: '1,2,3',
      reason: ['回家处理家事', '住院治疗', '随家长外出办事'][index]!,
      source: '2',
      applicant: '班主任代填',
      approveStatus: '1',
      approveBy: operator,
      approveTime: at(monday.add(-3, 'day'), '16:00:00'),
    });
    const stop = {
      id: newId(),
      billNo: await nextBillNo(tx, tenantId, 'TC'),
      memberId: pupil.id,
      startDate: monday.format('YYYY-MM-DD'),
      endDate: monday.add(2, 'day').format('YYYY-MM-DD'),
      mealTypes: '1,2,3',
      leaveId,
      className: pupil.className,
    };
    await tx.insert(mealStops).values({
      ...stop,
      tenantId,
      createBy: operator,
      stopType: '3',
      reasonType: '1',
      reason: `请假 ${leaveNo}`,
      source: '2',
      status: '2',
      auditBy: operator,
      auditTime: at(monday.add(-3, 'day'), '16:00:00'),
    });
    await openLeaveRefund(work, stop);
    if (index === 2) continue;
    const [refund] = await tx.select().from(mealLeaveRefunds).where(eq(mealLeaveRefunds.stopId, stop.id));
    if (!refund) continue;
    const counted = await countLeaveRefund(work, refund);
    await tx
      .update(mealLeaveRefunds)
      .set({ ...counted, status: index === 0 ? '2' : '1', ...(index === 0 ? { auditBy: operator, auditTime: new Date(), refundWay: '1' } : {}) })
      .where(eq(mealLeaveRefunds.id, refund.id));
  }
}
