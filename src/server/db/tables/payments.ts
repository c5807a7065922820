/** 缴费管理's tables (DOMAIN.md §7): the school's years and terms, and every payment of a bill. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';
import { leaves, members } from './members';
import { mealRefundBatches, mealRefundItems, mealStops } from './mealOrders';

/** 学年学期: the school's terms, one of them current (what bills and scores default to). */
export const schoolTerms = pgTable(
  'pay_school_term',
  {
    ...businessColumns(),
    /** 2025-2026. */
    schoolYear: text('school_year').notNull(),
    /** school_term: 1 第一学期 · 2 第二学期 · 3 暑期 · 4 寒假. */
    term: text('term').notNull(),
    /** 学年 and 学期 in words (2025-2026 第一学期): how lists name it. */
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    weeks: integer('weeks'),
    isCurrent: boolean('is_current').notNull().default(false),
    /** valid_status: 1 有效 · 0 无效. */
    status: text('status').notNull().default('1'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('pay_school_term_key')
      .on(t.tenantId, t.schoolYear, t.term)
      .where(sql`del_flag = 0`),
    // One current term a school.
    uniqueIndex('pay_school_term_current_key')
      .on(t.tenantId)
      .where(sql`del_flag = 0 and is_current`),
  ],
);

/**
 * 缴费记录: one row per payment of a bill of any item (学费, 水费, 电费 …), at the counter or from the
 * card; a payment from the card names its ledger posting. Refunds are counted on the payment they
 * return (never more than it), so the list shows what each payment still holds.
 */
export const billPayments = pgTable(
  'pay_payment',
  {
    ...businessColumns(),
    payNo: text('pay_no').notNull(),
    /** pay_item: 1 学费 · 2 水费 · 3 电费 · 4 物业费 · 5 伙食费 · 6 亲情通话套餐 · 7 住宿费 · 9 其他. */
    itemType: text('item_type').notNull(),
    /** Which kind of bill (tuition, utility, property) and which one. */
    billType: text('bill_type').notNull(),
    billId: text('bill_id').notNull(),
    billNo: text('bill_no').notNull(),
    /** 缴费对象 in words: the pupil, the house or the dormitory. */
    target: text('target').notNull(),
    memberId: text('member_id'),
    amount: bigint('amount_cents', { mode: 'number' }).notNull(),
    refunded: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    /** pay_channel: 1 卡余额 · 2 微信 · 3 支付宝 · 4 银行卡 · 5 现金. */
    channel: text('channel').notNull(),
    thirdPartyNo: text('third_party_no'),
    /** pay_status: 0 待支付 · 1 支付成功 · 3 已退款 · 4 已关闭 (a channel's callback tells only a payment: no 失败). */
    status: text('status').notNull().default('1'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    receiptNo: text('receipt_no'),
    operator: text('operator').notNull(),
    /** The ledger posting of a payment from the card (BILL_PAY), and of its last refund. */
    txnNo: text('txn_no'),
    refundTxnNo: text('refund_txn_no'),
    /** An online payment's order number at the channel (B…, unique across schools: the callback names it). */
    outTradeNo: text('out_trade_no'),
    /** The idempotency key an online order was asked with: a retry gets the same order. */
    requestKey: text('request_key'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('pay_payment_no_key').on(t.tenantId, t.payNo),
    uniqueIndex('pay_payment_trade_key')
      .on(t.outTradeNo)
      .where(sql`out_trade_no is not null`),
    uniqueIndex('pay_payment_request_key')
      .on(t.tenantId, t.operator, t.requestKey)
      .where(sql`request_key is not null`),
    index('pay_payment_bill_idx').on(t.billId),
    index('pay_payment_paid_idx').on(t.tenantId, t.paidAt),
    check('pay_payment_refund_within', sql`refunded_cents >= 0 AND refunded_cents <= amount_cents`),
  ],
);

/**
 * 请假退餐费: what a pupil on a meal plan (学期预收餐费) gets back for the meals a leave or a stop-meal
 * took away — opened when the stop goes in force, 核算 once its period is over (the meals counted
 * from the school's 生效点, less those eaten or refunded as orders, × each meal's refund price),
 * adjusted with a reason, audited by another person, then merged into 退款合并 (to the card) or
 * paid in cash at the counter.
 */
export const mealLeaveRefunds = pgTable(
  'pay_meal_leave_refund',
  {
    ...businessColumns(),
    /** TF + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    className: text('class_name'),
    /** The stop-meal in force (a leave's 请假联动 stop, or one made by hand) and its leave, if any. */
    stopId: text('stop_id')
      .notNull()
      .references(() => mealStops.id),
    leaveId: text('leave_id').references(() => leaves.id),
    /** The leave's number (QJ…), else the stop's (TC…). */
    sourceNo: text('source_no').notNull(),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    breakfastCount: integer('breakfast_count').notNull().default(0),
    lunchCount: integer('lunch_count').notNull().default(0),
    dinnerCount: integer('dinner_count').notNull().default(0),
    /** Integer cents a meal. */
    breakfastPrice: bigint('breakfast_price_cents', { mode: 'number' }).notNull().default(0),
    lunchPrice: bigint('lunch_price_cents', { mode: 'number' }).notNull().default(0),
    dinnerPrice: bigint('dinner_price_cents', { mode: 'number' }).notNull().default(0),
    /** What 核算 found, and what is owed after 调整 (integer cents). */
    calcAmount: bigint('calc_amount_cents', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    /** How 核算 counted, in words (生效点, meals eaten or refunded as orders). */
    calcNote: text('calc_note'),
    calcTime: timestamp('calc_time', { withTimezone: true, mode: 'date' }),
    adjustReason: text('adjust_reason'),
    adjustBy: text('adjust_by'),
    /** leave_refund_way: 1 退至卡余额 · 2 原路退回 · 3 现金. */
    refundWay: text('refund_way').notNull().default('1'),
    /** leave_refund_status: 0 待核算 · 1 待审核 · 2 已审核 · 3 已合并 · 4 已退款 · 5 已驳回. */
    status: text('status').notNull().default('0'),
    auditBy: text('audit_by'),
    auditTime: timestamp('audit_time', { withTimezone: true, mode: 'date' }),
    auditOpinion: text('audit_opinion'),
    /** The 退款合并 line it became, and its batch once gathered. */
    refundItemId: text('refund_item_id').references(() => mealRefundItems.id),
    batchId: text('batch_id').references(() => mealRefundBatches.id),
    receiptNo: text('receipt_no'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('pay_meal_leave_refund_no_key').on(t.tenantId, t.billNo),
    // One refund a stop.
    uniqueIndex('pay_meal_leave_refund_stop_key')
      .on(t.stopId)
      .where(sql`del_flag = 0`),
    index('pay_meal_leave_refund_day_idx').on(t.tenantId, t.status, t.dateTo),
    index('pay_meal_leave_refund_member_idx').on(t.memberId),
  ],
);
