import { dayIn } from '@shared/schoolTime';
import type { stopMeal } from '@shared/entities/members/stopMeal';
import type { FlowEffects } from '../../crud/flowActions';
import type { mealStops } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { badRequest } from '../../http/envelope';
import { cancelOrdersOfStop, dayBefore } from '../meals/orders';
import { schoolZone } from '../schools/settings';
import { followStop, openLeaveRefund } from '../payments/mealLeaveRefunds';

/**
 * 停餐管理's flow (declared in stopMeal.ts): 审核 puts the stop in force and cancels the person's
 * orders in its window (their payments become refund lines); 撤销 takes back a stop not yet begun;
 * 提前恢复 ends one from a day on (today: at once; a later day: in force until the day before).
 */
export const stopMealActions: FlowEffects<typeof stopMeal, RowOf<typeof mealStops>> = {
  async audit({ work, row: stop, input }) {
    const { cancelled, refund } = await cancelOrdersOfStop(work, stop);
    const owed = await openLeaveRefund(work, stop);
    const notes = [...(cancelled ? [`取消订餐 ${cancelled} 份，退费 ${(refund / 100).toFixed(2)} 元`] : []), ...(owed ? [`请假退餐费 ${owed} 待核算`] : [])];
    return {
      set: { auditOpinion: input.auditOpinion ?? null, cancelledOrders: cancelled, estRefund: refund },
      ...(notes.length ? { note: notes.join('；') } : {}),
    };
  },
  async reject({ input }) {
    return { set: { auditOpinion: input.auditOpinion } };
  },
  async revoke({ work, row: stop }) {
    const today = dayIn(await schoolZone(work.tx, work.tenantId));
    if (stop.status === '1' && stop.startDate <= today) throw badRequest('该停餐已开始，请办理提前恢复', 'This stop has begun: resume the meals instead');
    await followStop(work, stop.id, { withdrawn: true });
  },
  async resume({ work, row: stop, input }) {
    const today = dayIn(await schoolZone(work.tx, work.tenantId));
    const resume = input.resumeDate;
    if (resume < today) throw badRequest('恢复日期不能早于今天', 'The meals cannot come back before today');
    if (resume <= stop.startDate || resume > stop.endDate) throw badRequest('恢复日期须在停餐期间内', 'The day the meals come back must fall within the stop');
    // Back today: the stop ends now; a later day: it holds until the day before. Its meal refund counts to then.
    await followStop(work, stop.id, { endDate: dayBefore(resume) });
    return { set: { resumeDate: resume, endDate: dayBefore(resume), status: resume <= today ? '2' : '1' } };
  },
};
