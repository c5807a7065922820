import { mealLeaveRefund } from '@shared/entities/payments/mealLeaveRefund';
import { mealLeaveRefunds } from '../../db/schema';
import type { EntityRegistration } from '../entities';
import { leaveRefundActions } from './mealLeaveRefunds';

/** 请假退餐费: refunds of the members' stops, paid through 退款合并's batches (registered after both). */
export const LEAVE_REFUND_ENTITIES: readonly EntityRegistration[] = [[mealLeaveRefund, mealLeaveRefunds, { actions: leaveRefundActions }]];
