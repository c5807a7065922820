import { and, eq, inArray } from 'drizzle-orm';
import { addDays, dateTimeIn, dayIn } from '@shared/schoolTime';
import type { FlowEffect } from '../../crud/flowActions';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { mealStops, members } from '../../db/schema';
import type { AppContext } from '../../context';
import { messageFromTemplate } from '../messages/delivery';
import { badRequest } from '../../http/envelope';
import { nextBillNo } from '../bills/billNo';
import { cancelOrdersOfStop } from '../meals/orders';
import { schoolZone } from '../schools/settings';
import { instantOf } from './leave.hooks';
import { followStop, openLeaveRefund } from '../payments/mealLeaveRefunds';

/** The stop-meal a leave put in force (请假联动), while it holds. */
const stopOfLeave = (tx: Executor, leaveId: string) =>
  tx
    .select()
    .from(mealStops)
    .where(and(eq(mealStops.leaveId, leaveId), eq(mealStops.delFlag, 0), inArray(mealStops.status, ['0', '1'])));

/** The decision told to the pupil's parents through the school's LEAVE_RESULT template (none: nothing sent). */
async function tellParents(tx: Executor, context: AppContext, tenantId: number, by: string, row: Record<string, unknown>, result: string): Promise<(() => Promise<void>) | undefined> {
  const zone = await schoolZone(tx, tenantId);
  const [pupil] = await tx
    .select({ name: members.realName })
    .from(members)
    .where(eq(members.id, String(row.memberId)));
  const when = (at: unknown) => dateTimeIn(zone, at as Date).slice(0, 16);
  const send = await messageFromTemplate(tx, context, tenantId, {
    code: 'LEAVE_RESULT',
    memberId: String(row.memberId),
    by,
    values: { name: pupil?.name, start: when(row.startTime), end: when(row.endTime), result },
  });
  return send ?? undefined;
}

/**
 * 请假管理's flow (declared in leave.ts): 审批 keeps its note, and a leave that refunds meals puts a
 * stop-meal in force for its days (请假联动): the pupil's orders in them are cancelled and what they
 * paid becomes 请假退餐 refund lines for 退款合并. 撤销 takes back a request, or an approved leave not
 * yet begun (and its stop); one under way ends by 销假, which records the time of return within the
 * leave's period and lets the meals come back the day after.
 */
export const leaveActions: Readonly<Record<string, FlowEffect>> = {
  async approve({ tx, context, caller, row, input }) {
    const set = { approveOpinion: input.approveOpinion ?? null };
    const after = await tellParents(tx, context, caller.tenantId, caller.username, row, '已批准');
    if (!row.refundMeal || !row.mealTypes) return { set, after };
    const zone = await schoolZone(tx, caller.tenantId);
    const stop = {
      id: newId(),
      billNo: await nextBillNo(tx, caller.tenantId, 'TC'),
      memberId: String(row.memberId),
      startDate: dayIn(zone, row.startTime as Date),
      // A leave ending at 00:00 ends the day before.
      endDate: dayIn(zone, new Date((row.endTime as Date).getTime() - 1)),
      mealTypes: String(row.mealTypes),
      source: '2',
    };
    const { cancelled, refund } = await cancelOrdersOfStop(tx, caller.tenantId, caller.username, stop);
    await tx.insert(mealStops).values({
      ...stop,
      tenantId: caller.tenantId,
      createBy: caller.username,
      className: (row.className as string | null) ?? null,
      stopType: '3',
      reasonType: '1',
      reason: `请假 ${String(row.billNo)}`,
      leaveId: String(row.id),
      status: '1',
      auditBy: caller.username,
      auditTime: new Date(),
      cancelledOrders: cancelled,
      estRefund: refund,
    });
    const owed = await openLeaveRefund(tx, caller, { ...stop, leaveId: String(row.id), className: (row.className as string | null) ?? null });
    return { set, after, note: `停餐 ${stop.billNo}：取消订餐 ${cancelled} 份，退费 ${(refund / 100).toFixed(2)} 元${owed ? `；请假退餐费 ${owed} 待核算` : ''}` };
  },
  async reject({ tx, context, caller, row, input }) {
    const after = await tellParents(tx, context, caller.tenantId, caller.username, row, `未批准（${String(input.approveOpinion)}）`);
    return { set: { approveOpinion: input.approveOpinion }, after };
  },
  async revoke({ tx, caller, row }) {
    if (row.approveStatus === '1' && (row.startTime as Date).getTime() <= Date.now()) throw badRequest('该请假已开始，请办理销假', 'This leave has begun: record the return (销假) instead');
    const stops = (await stopOfLeave(tx, String(row.id))).map((stop) => stop.id);
    await tx.update(mealStops).set({ status: '3', updatedAt: new Date() }).where(inArray(mealStops.id, stops));
    for (const stopId of stops) await followStop(tx, caller, stopId, { withdrawn: true });
  },
  async back({ tx, caller, row, input }) {
    const back = instantOf(input.backTime);
    if (back.getTime() <= (row.startTime as Date).getTime() || back.getTime() >= (row.endTime as Date).getTime())
      throw badRequest('返校时间须在请假期间内', 'The time of return must fall within the leave');
    // The meals come back the day after the return (that day's were cancelled already).
    const backDay = dayIn(await schoolZone(tx, caller.tenantId), back);
    for (const stop of await stopOfLeave(tx, String(row.id))) {
      if (backDay < stop.endDate)
        await tx
          .update(mealStops)
          .set({ endDate: backDay, resumeDate: addDays(backDay, 1), updatedAt: new Date() })
          .where(eq(mealStops.id, stop.id));
      // Its meal refund is counted again to the return.
      await followStop(tx, caller, stop.id, { endDate: backDay < stop.endDate ? backDay : stop.endDate });
    }
    return { set: { backTime: back } };
  },
};
