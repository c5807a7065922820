import { overdueOf } from '@shared/engine/flow';
import { BILL_OVERDUE } from '@shared/entities/payments/billActions';
import { dayIn } from '@shared/schoolTime';
import type { Executor } from '../../db/client';
import { schoolZone } from '../schools/settings';

/**
 * A bill's state as its amounts give it, or 逾期 while it is still owed after its due date on the
 * school's day: every kind's book saves through it, so a payment, a refund or a waiver of a late bill
 * leaves it late, and one paid off or waived whole is not.
 */
export async function lateOrNot<S extends { payStatus: string }>(tx: Executor, tenantId: number, state: S, dueDate: string | null): Promise<S> {
  const today = dayIn(await schoolZone(tx, tenantId));
  return { ...state, payStatus: overdueOf(BILL_OVERDUE, state.payStatus, dueDate, today) };
}
