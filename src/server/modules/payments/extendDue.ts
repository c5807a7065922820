import { BILL_OVERDUE } from '@shared/entities/payments/billActions';
import { dayIn } from '@shared/schoolTime';
import { badRequest } from '../../http/envelope';
import type { ExtendInput } from '@shared/entities/payments/billActions';
import type { FlowEffect } from '../../crud/flowActions';
import { schoolZone } from '../schools/settings';

type DueRow = { dueDate: string | null; payStatus: string; paid: number; refunded: number };

/**
 * 延期 of any bill (学费, 水费, 电费, 物业费): its due date moves later, never earlier — the reminders and
 * 到期账单's days left count from the new one; the reason stays in the bill's history. A late bill
 * given a day still to come is owed on time again (部分缴费 when part of it is paid).
 */
const extend: FlowEffect<DueRow, ExtendInput> = async ({ work, row, input }) => {
  const next = input.newDueDate;
  const current = row.dueDate;
  if (current && next <= current) throw badRequest(`新截止日期须晚于原截止日期 ${current}`, `The new due date must be after ${current}`);
  const onTime = row.payStatus === BILL_OVERDUE.state && next >= dayIn(await schoolZone(work.tx, work.tenantId));
  return { set: { dueDate: next, ...(onTime ? { payStatus: row.paid - row.refunded > 0 ? '1' : '0' } : {}) }, note: `延期至 ${next}：${input.extendReason}` };
};

/** Handed out as the engine keeps effects: every kind of bill's row has its due date and amounts. */
export const extendDue: FlowEffect = extend;
