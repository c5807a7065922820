import { and, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import { mealStops, memberDepartments, members } from '../../db/schema';
import { badRequest } from '../../http/envelope';
import { billHooks } from '../bills/billHooks';
import { refundOfWindow } from '../meals/orders';

/** stop_status: a stop waiting (0) or in force (1) holds its days. */
const HOLDING = ['0', '1'];

/**
 * A stop-meal as it is written (TC number on creation): it ends on or after its first day, within a
 * year, names its meals, and does not overlap another stop of the person that holds. The person's
 * class and its 预计退费 (what the paid orders in its window would give back) are filled here.
 */
export const stopMealHooks: EntityHooks = billHooks('TC', {
  async beforeSave({ work, id, values, before }) {
    const start = String(values.startDate ?? before?.startDate);
    const end = String(values.endDate ?? before?.endDate);
    const memberId = String(values.memberId ?? before?.memberId);
    const meals = String(values.mealTypes ?? before?.mealTypes ?? '');
    if (end < start) throw badRequest('结束日期不能早于开始日期', 'The stop must end on or after its first day');
    if (Date.parse(end) - Date.parse(start) > 366 * 86_400_000) throw badRequest('一次停餐不能超过一年', 'A stop cannot be longer than a year');
    const [overlap] = await work.rows(
      mealStops,
      and(eq(mealStops.memberId, memberId), inArray(mealStops.status, HOLDING), lte(mealStops.startDate, end), gte(mealStops.endDate, start), id ? ne(mealStops.id, id) : undefined),
      { limit: 1 },
    );
    if (overlap) throw badRequest(`该人员在此期间已有停餐（${overlap.billNo}）`, `This person already has a stop in that period (${overlap.billNo})`);
    const [person] = await work.tx
      .select({ className: memberDepartments.name })
      .from(members)
      .leftJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
      .where(and(work.school(members, { deleted: true }), eq(members.id, memberId)));
    values.className = person?.className ?? null;
    values.estRefund = await refundOfWindow(work, memberId, start, end, meals);
  },
});
