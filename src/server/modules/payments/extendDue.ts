import { badRequest } from '../../http/envelope';
import type { FlowEffect } from '../../crud/flowActions';

/**
 * 延期 of any bill (学费, 水费, 电费): its due date moves later, never earlier — the reminders and
 * 到期账单's days left count from the new one; the reason stays in the bill's history.
 */
export const extendDue: FlowEffect = async ({ row, input }) => {
  const next = String(input.newDueDate);
  const current = row.dueDate ? String(row.dueDate) : null;
  if (current && next <= current) throw badRequest(`新截止日期须晚于原截止日期 ${current}`, `The new due date must be after ${current}`);
  return { set: { dueDate: next }, note: `延期至 ${next}：${String(input.extendReason ?? '')}` };
};
