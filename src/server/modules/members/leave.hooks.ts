import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import { leaveDays } from '@shared/leaveDays';
import type { EntityHooks } from '../../crud/registerEntity';
import { leaves, memberDepartments, members } from '../../db/schema';
import { badRequest } from '../../http/envelope';
import { parseTypedTime } from '../../http/schoolClock';
import { billHooks } from '../bills/billHooks';
import { schoolZone } from '../schools/settings';

/** A time as given (the school's wall clock, typed) or as stored. */
export const instantOf = (value: unknown): Date => (value instanceof Date ? value : (parseTypedTime(String(value)) ?? new Date(Number.NaN)));

/** leave_status: a request waiting (0) or an approved leave (1) holds its period. */
const HOLDING = ['0', '1'];

/**
 * A leave request as it is written (QJ number on creation): it ends after it starts, within a year;
 * it does not overlap another leave of the person that holds; a meal refund names its meals. Its
 * days (the school's half days) and the person's class are filled here.
 */
export const leaveHooks: EntityHooks = billHooks('QJ', {
  async beforeSave({ work, id, values, before }) {
    const start = instantOf(values.startTime ?? before?.startTime);
    const end = instantOf(values.endTime ?? before?.endTime);
    const memberId = String(values.memberId ?? before?.memberId);
    const days = leaveDays(await schoolZone(work.tx, work.tenantId), start, end);
    if (days === null || Number.isNaN(days)) throw badRequest('结束时间须晚于开始时间', 'The leave must end after it starts');
    if (days > 366) throw badRequest('一次请假不能超过一年', 'A leave cannot be longer than a year');
    const refund = values.refundMeal ?? before?.refundMeal;
    const meals = values.mealTypes === undefined ? before?.mealTypes : values.mealTypes;
    if (refund && !meals) throw badRequest('退餐时请选择涉及餐次', 'Choose the meals to refund');
    const [overlap] = await work.rows(
      leaves,
      and(eq(leaves.memberId, memberId), inArray(leaves.approveStatus, HOLDING), lt(leaves.startTime, end), gt(leaves.endTime, start), id ? ne(leaves.id, id) : undefined),
      { limit: 1 },
    );
    if (overlap) throw badRequest(`该人员在此期间已有请假（${overlap.billNo}）`, `This person already has a leave in that period (${overlap.billNo})`);
    const [person] = await work.tx
      .select({ className: memberDepartments.name })
      .from(members)
      .leftJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
      .where(and(work.school(members, { deleted: true }), eq(members.id, memberId)));
    values.days = days;
    values.className = person?.className ?? null;
  },
});
