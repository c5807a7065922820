import { badRequest } from '../../http/envelope';
import type { ExtendInput } from '@shared/entities/payments/billActions';
import type { FlowEffect } from '../../crud/flowActions';

/**
 * 延期 of any bill (学费, 水费, 电费): its due date moves later, never earlier — the reminders and
 * 到期账单's days left count from the new one; the reason stays in the bill's history.
 */
const extend: FlowEffect<{ dueDate: string | null }, ExtendInput> = async ({ row, input }) => {
  const next = input.newDueDate;
  const current = row.dueDate;
  if (current && next <= current) throw badRequest(`新截止日期须晚于原截止日期 ${current}`, `The new due date must be after ${current}`);
  return { set: { dueDate: next }, note: `延期至 ${next}：${input.extendReason}` };
};

/** Handed out as the engine keeps effects: every kind of bill's row has its due date. */
export const extendDue: FlowEffect = extend;
