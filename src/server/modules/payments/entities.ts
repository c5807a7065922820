import { sql } from 'drizzle-orm';
import { schoolTerm } from '@shared/entities/payments/schoolTerm';
import { payment } from '@shared/entities/payments/payment';
import { expiringBill } from '@shared/entities/payments/expiringBill';
import { electricBill, waterBill } from '@shared/entities/payments/utilityBill';
import { ELECTRIC_HOOKS, WATER_HOOKS } from './utilityBills';
import { billPayments, payBills, schoolTerms, utilityBills } from '../../db/schema';
import type { EntityTable } from '../../crud/registerEntity';
import type { EntityRegistration } from '../entities';
import { schoolTermActions, schoolTermHooks } from './term.hooks';
import { supplementPayment } from './onlinePayments';

/** 缴费管理's declarations on the engine: the terms first (scores and bills name one), the payments of the bills. */
export const PAYMENT_ENTITIES: readonly EntityRegistration[] = [
  [schoolTerm, schoolTerms, { ...schoolTermHooks, actions: schoolTermActions }],
  // 合计 counts money received: an order still waiting (待支付) or closed is not.
  [payment, billPayments, { actions: { supplement: supplementPayment }, totalOf: { amount: sql`case when ${billPayments.status} in ('1', '3') then ${billPayments.amount} else 0 end` } }],
  [waterBill, utilityBills, WATER_HOOKS],
  [electricBill, utilityBills, ELECTRIC_HOOKS],
  [expiringBill, payBills as unknown as EntityTable, {}],
];
