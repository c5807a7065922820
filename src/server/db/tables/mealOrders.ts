/**
 * The canteen's day (DOMAIN.md 2.6, 6.9, 6.10): meal orders, stop-meals that cancel them, and the
 * refund lines their cancellations owe, merged into refund batches paid through the ledger.
 */
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { businessColumns } from './common';
import { accounts } from './ledger';
import { mealCanteens } from './meals';
import { leaves, members } from './members';

const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** 报餐/订餐: one person's meal on one day at one canteen. */
export const mealOrders = pgTable(
  'meal_order',
  {
    ...businessColumns(),
    /** DC + the school's yyyyMMdd + a daily sequence. */
    orderNo: text('order_no').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    accountId: text('account_id').references(() => accounts.id),
    className: text('class_name'),
    canteenId: text('canteen_id')
      .notNull()
      .references(() => mealCanteens.id),
    mealType: text('meal_type').notNull(),
    diningDate: date('dining_date', { mode: 'string' }).notNull(),
    /** order_way: 1 线上报餐 · 2 个人选菜 · 3 未订餐就餐. */
    orderWay: text('order_way').notNull().default('1'),
    /** dine_way: 1 堂食 · 2 外卖/送餐. */
    dineWay: text('dine_way').notNull().default('1'),
    quantity: integer('quantity').notNull().default(1),
    /** Integer cents: the meal's price × the portions. */
    amount: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** meal_charge_mode: 1 下单即扣 · 2 就餐时扣 — the meal's, when the order was placed. */
    chargeMode: text('charge_mode').notNull(),
    /** order_status: 1 已预订 · 2 已就餐 · 3 未就餐 · 4 已取消 · 5 已退款 — moved only by its flow, the terminal and the meals job. */
    status: text('status').notNull().default('1'),
    /** The ledger posting that paid it (fin_txn id). */
    payTxnId: text('pay_txn_id'),
    servedAt: when('served_at'),
    /** The terminal that served it, and its record's serial (a terminal's retry is answered again). */
    servedBy: text('served_by'),
    serveSerial: text('serve_serial'),
    cancelTime: when('cancel_time'),
    cancelReason: text('cancel_reason'),
    /** The stop-meal that cancelled it. */
    stopId: text('stop_id'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('meal_order_no_key').on(t.tenantId, t.orderNo),
    // One live order per person, meal and day (a cancelled one may be ordered again).
    uniqueIndex('meal_order_live_key')
      .on(t.tenantId, t.memberId, t.diningDate, t.mealType)
      .where(sql`del_flag = 0 and status in ('1', '2', '3')`),
    index('meal_order_day_idx').on(t.tenantId, t.diningDate, t.canteenId, t.mealType),
  ],
);

/** 停餐管理: a person's meals stopped for a period (by hand, from a leave, from a parent). */
export const mealStops = pgTable(
  'meal_stop',
  {
    ...businessColumns(),
    /** TC + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    className: text('class_name'),
    /** stop_type: 1 临时停餐 · 2 长期停餐 · 3 请假联动. */
    stopType: text('stop_type').notNull().default('1'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** meal_type values, a comma list. */
    mealTypes: text('meal_types').notNull(),
    /** stop_reason: 1 请假 · 2 实习 · 3 走读 · 4 病 · 9 其他. */
    reasonType: text('reason_type').notNull().default('9'),
    reason: text('reason'),
    /** stop_source: 1 手工 · 2 请假 · 3 家长. */
    source: text('source').notNull().default('1'),
    leaveId: text('leave_id').references(() => leaves.id),
    /** stop_status: 0 待审核 · 1 生效中 · 2 已结束 · 3 已撤销 · 4 已驳回 — moved only by its flow and the meals job. */
    status: text('status').notNull().default('0'),
    auditBy: text('audit_by'),
    auditTime: when('audit_time'),
    auditOpinion: text('audit_opinion'),
    /** 提前恢复: the first day the meals are back. */
    resumeDate: date('resume_date', { mode: 'string' }),
    cancelledOrders: integer('cancelled_orders').notNull().default(0),
    /** Integer cents: what the cancelled orders give back. */
    estRefund: bigint('est_refund_cents', { mode: 'number' }).notNull().default(0),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('meal_stop_no_key').on(t.tenantId, t.billNo), index('meal_stop_member_idx').on(t.memberId, t.startDate), index('meal_stop_day_idx').on(t.tenantId, t.startDate)],
);

/** 退款合并: the batches that pay refund lines back, one ledger posting per person per batch. */
export const mealRefundBatches = pgTable(
  'meal_refund_batch',
  {
    ...businessColumns(),
    /** TK + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    canteenId: text('canteen_id').references(() => mealCanteens.id),
    /** refund_source, or null for every source. */
    sourceType: text('source_type'),
    persons: integer('persons').notNull().default(0),
    lines: integer('lines').notNull().default(0),
    total: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    /** refund_to: 1 退至卡余额. */
    refundTo: text('refund_to').notNull().default('1'),
    /** audit_status: 1 待审核 · 2 已审核 · 3 已驳回. */
    auditStatus: text('audit_status').notNull().default('1'),
    auditBy: text('audit_by'),
    auditTime: when('audit_time'),
    auditOpinion: text('audit_opinion'),
    /** refund_status: 0 待退款 · 1 退款中 · 2 已退款 · 3 部分失败. */
    refundStatus: text('refund_status').notNull().default('0'),
    refundedBy: text('refunded_by'),
    refundedAt: when('refunded_at'),
    failed: integer('failed').notNull().default(0),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('meal_refund_batch_no_key').on(t.tenantId, t.billNo)],
);

/** A refund line owed to a person: a cancelled order, a leave's or a stop's meals, a correction. */
export const mealRefundItems = pgTable(
  'meal_refund_item',
  {
    ...businessColumns(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    accountId: text('account_id').references(() => accounts.id),
    /** refund_source: 1 取消订餐 · 2 请假退餐 · 3 停餐退费 · 4 多扣纠错 · 5 设备重复扣款. */
    sourceType: text('source_type').notNull(),
    sourceNo: text('source_no'),
    /** The record that owes it (an order): a record owes one line. */
    sourceId: text('source_id'),
    canteenId: text('canteen_id').references(() => mealCanteens.id),
    mealType: text('meal_type'),
    diningDate: date('dining_date', { mode: 'string' }).notNull(),
    /** Integer cents; adjustable while it waits (the change is in its history). */
    amount: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** refund_item_status: 0 待合并 · 1 已合并 · 2 已退款 · 3 已拒绝. */
    status: text('status').notNull().default('0'),
    batchId: text('batch_id').references(() => mealRefundBatches.id),
    /** The ledger posting that paid it back (one per person per batch). */
    txnId: text('txn_id'),
    failReason: text('fail_reason'),
    /** The English of a refusal stored in `failReason` (an English console reads it). */
    failReasonEn: text('fail_reason_en'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('meal_refund_item_source_key')
      .on(t.tenantId, t.sourceId)
      .where(sql`source_id is not null`),
    index('meal_refund_item_batch_idx').on(t.batchId),
    index('meal_refund_item_day_idx').on(t.tenantId, t.status, t.diningDate),
  ],
);
