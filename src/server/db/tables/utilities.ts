/** 水费缴纳 and 电费缴纳 (DOMAIN.md §7): a meter's reading of a month and the bill made from it. */
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, pgView, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';
import { billMoneyColumns, billPaymentColumns, billWaiverColumns } from './billColumns';
import { members } from './members';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One house's or dormitory's water (1) or electricity (2) meter in a month: the readings (thousandths
 * of a ton or kWh), the usage, and once billed (出账) its amount by the prices then given, a late fee,
 * and what was paid and refunded — 欠费 kept with them, as every bill.
 */
export const utilityBills = pgTable(
  'pay_utility_bill',
  {
    ...businessColumns(),
    /** SF (水费) or DF (电费) + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    /** utility_type: 1 水 · 2 电. */
    utilityType: text('utility_type').notNull(),
    building: text('building').notNull(),
    room: text('room').notNull(),
    meterNo: text('meter_no'),
    /** Who pays: the resident (a member of staff) or a dormitory's head; their card pays 卡余额缴费. */
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    /** 账期: YYYY-MM. */
    period: text('period').notNull(),
    /** Left blank, last month's reading (the saving hook always fills it). */
    prevReading: bigint('prev_reading_milli', { mode: 'number' }),
    currReading: bigint('curr_reading_milli', { mode: 'number' }).notNull(),
    usage: bigint('usage_milli', { mode: 'number' }).notNull().default(0),
    amount: cents('amount_cents'),
    lateFee: cents('late_fee_cents'),
    // 应收 = amount + late fee.
    ...billMoneyColumns(),
    dueDate: date('due_date', { mode: 'string' }),
    /** utility_bill_status: 0 待出账 · 1 已出账. */
    billStatus: text('bill_status').notNull().default('0'),
    /** bill_pay_status: 0 未缴 · 1 部分缴 · 2 已缴清 · 3 已退费 · 4 已减免 · 5 逾期. */
    payStatus: text('pay_status').notNull().default('0'),
    ...billWaiverColumns(),
    /** How the amount was priced (the tiers of electricity), in words. */
    priceNote: text('price_note'),
    readBy: text('read_by'),
    readTime: when('read_time'),
    billBy: text('bill_by'),
    billTime: when('bill_time'),
    ...billPaymentColumns(),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('pay_utility_bill_no_key').on(t.tenantId, t.billNo),
    // One reading of a meter a month.
    uniqueIndex('pay_utility_bill_month_key')
      .on(t.tenantId, t.utilityType, t.building, t.room, t.period)
      .where(sql`del_flag = 0`),
    index('pay_utility_bill_member_idx').on(t.memberId),
  ],
);

/**
 * 到期账单: every bill still owed (学费, 水费, 电费 — the kinds to come join it), with its days left in the
 * school's own day and 逾期 (5) once past due. Its SQL is in migration 0057.
 */
export const payBills = pgView('v_pay_bill', {
  id: text('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  delFlag: integer('del_flag').notNull(),
  billNo: text('bill_no').notNull(),
  itemType: text('item_type').notNull(),
  billKind: text('bill_kind').notNull(),
  target: text('target').notNull(),
  deptId: text('dept_id'),
  building: text('building'),
  period: text('period'),
  due: bigint('due_cents', { mode: 'number' }).notNull(),
  paid: bigint('paid_cents', { mode: 'number' }).notNull(),
  owed: bigint('owed_cents', { mode: 'number' }).notNull(),
  dueDate: date('due_date', { mode: 'string' }),
  daysLeft: integer('days_left'),
  payStatus: text('pay_status').notNull(),
  remindCount: integer('remind_count').notNull(),
  lastRemindTime: timestamp('last_remind_time', { withTimezone: true, mode: 'date' }),
}).existing();
