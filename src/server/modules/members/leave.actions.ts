import { and, eq, inArray } from 'drizzle-orm';
import { addDays, dateTimeIn, dayIn } from '@shared/schoolTime';
import type { leave as leaveSpec } from '@shared/entities/members/leave';
import type { FlowEffects } from '../../crud/flowActions';
import { newId } from '../../db/ids';
import { leaves, mealStops, members } from '../../db/schema';
import type { Intent, RowOf, Work } from '../../db/work';
import { messageFromTemplate } from '../messages/delivery';
import { badRequest } from '../../http/envelope';
import { nextBillNo } from '../bills/billNo';
import { cancelOrdersOfStop } from '../meals/orders';
import { schoolZone } from '../schools/settings';
import { instantOf } from './leave.hooks';
import { followStop, openLeaveRefund } from '../payments/mealLeaveRefunds';

type LeaveRow = RowOf<typeof leaves>;

/** The stop-meal a leave put in force (请假联动), while it holds. */
const stopOfLeave = (work: Work, leaveId: string) => work.rows(mealStops, and(eq(mealStops.leaveId, leaveId), inArray(mealStops.status, ['0', '1'])));

/** The decision told to the pupil's parents through the school's LEAVE_RESULT template (none: nothing sent). */
async function tellParents(work: Work, leave: LeaveRow, result: string): Promise<Intent | undefined> {
  const zone = await schoolZone(work.tx, work.tenantId);
  const [pupil] = await work.tx.select({ name: members.realName }).from(members).where(eq(members.id, leave.memberId));
  const when = (at: Date) => dateTimeIn(zone, at).slice(0, 16);
  const message = await messageFromTemplate(work, {
    code: 'LEAVE_RESULT',
    memberId: leave.memberId,
    by: work.username,
    values: { name: pupil?.name, start: when(leave.startTime), end: when(leave.endTime), result },
  });
  return message ?? undefined;
}

/**
 * 请假管理's flow (declared in leave.ts): 审批 keeps its note, and a leave that refunds meals puts a
 * stop-meal in force for its days (请假联动): the pupil's orders in them are cancelled and what they
 * paid becomes 请假退餐 refund lines for 退款合并. 撤销 takes back a request, or an approved leave not
 * yet begun (and its stop); one under way ends by 销假, which records the time of return within the
 * leave's period and lets the meals come back the day after.
 */
export const leaveActions: FlowEffects<typeof leaveSpec, LeaveRow> = {
  async approve({ work, row, input }) {
    const leave = row;
    const set = { approveOpinion: input.approveOpinion ?? null };
    const later = await tellParents(work, leave, '已批准');
    if (!leave.refundMeal || !leave.mealTypes) return { set, later };
    const zone = await schoolZone(work.tx, work.tenantId);
    const stop = {
      id: newId(),
      billNo: await nextBillNo(work.tx, work.tenantId, 'TC'),
      memberId: leave.memberId,
      startDate: dayIn(zone, leave.startTime),
      // A leave ending at 00:00 ends the day before.
      endDate: dayIn(zone, new Date(leave.endTime.getTime() - 1)),
      mealTypes: leave.mealTypes,
      source: '2',
    };
    const { cancelled, refund } = await cancelOrdersOfStop(work, stop);
    await work.insert(mealStops, {
      ...stop,
      className: leave.className,
      stopType: '3',
      reasonType: '1',
      reason: `请假 ${leave.billNo}`,
      leaveId: leave.id,
      status: '1',
      auditBy: work.username,
      auditTime: new Date(),
      cancelledOrders: cancelled,
      estRefund: refund,
    });
    const owed = await openLeaveRefund(work, { ...stop, leaveId: leave.id, className: leave.className });
    return { set, later, note: `停餐 ${stop.billNo}：取消订餐 ${cancelled} 份，退费 ${(refund / 100).toFixed(2)} 元${owed ? `；请假退餐费 ${owed} 待核算` : ''}` };
  },
  async reject({ work, row, input }) {
    const later = await tellParents(work, row, `未批准（${input.approveOpinion}）`);
    return { set: { approveOpinion: input.approveOpinion }, later };
  },
  async revoke({ work, row }) {
    const leave = row;
    if (leave.approveStatus === '1' && leave.startTime.getTime() <= Date.now()) throw badRequest('该请假已开始，请办理销假', 'This leave has begun: record the return (销假) instead');
    const stops = (await stopOfLeave(work, leave.id)).map((stop) => stop.id);
    await work.update(mealStops, { status: '3' }, inArray(mealStops.id, stops));
    for (const stopId of stops) await followStop(work, stopId, { withdrawn: true });
  },
  async back({ work, row, input }) {
    const leave = row;
    const back = instantOf(input.backTime);
    if (back.getTime() <= leave.startTime.getTime() || back.getTime() >= leave.endTime.getTime()) throw badRequest('返校时间须在请假期间内', 'The time of return must fall within the leave');
    // The meals come back the day after the return (that day's were cancelled already).
    const backDay = dayIn(await schoolZone(work.tx, work.tenantId), back);
    for (const stop of await stopOfLeave(work, leave.id)) {
      if (backDay < stop.endDate) await work.update(mealStops, { endDate: backDay, resumeDate: addDays(backDay, 1) }, eq(mealStops.id, stop.id));
      // Its meal refund is counted again to the return.
      await followStop(work, stop.id, { endDate: backDay < stop.endDate ? backDay : stop.endDate });
    }
    return { set: { backTime: back } };
  },
};
