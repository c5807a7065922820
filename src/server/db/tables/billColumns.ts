/**
 * The columns every kind of bill shares (学费, 物业费, 水费 and 电费; DOMAIN.md §7): its money kept as
 * integer cents with 欠费 beside it, the waiver asked by one person and audited by another, and the
 * last payment and reminder. One declaration, so a rule over bills (减免, 线下收款, 催缴) reads the same
 * columns in every kind.
 */
import { bigint, integer, text, timestamp } from 'drizzle-orm/pg-core';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** 应收, 减免, 实收 (paid in), 退费 (paid back), what of 实收 came from the card, and 欠费 = 应收 − 减免 − (实收 − 退费). */
export const billMoneyColumns = () => ({
  due: cents('due_cents'),
  waive: cents('waive_cents'),
  paid: cents('paid_cents'),
  refunded: cents('refunded_cents'),
  /** What of 实收 came from the card balance, less what was refunded to it: the most a refund may be. */
  cardPaid: cents('card_paid_cents'),
  owed: cents('owed_cents'),
});

/** waive_status: 0 无 · 1 待审核 · 2 已减免 · 3 已驳回 — asked by one person, audited by another. */
export const billWaiverColumns = () => ({
  waiveStatus: text('waive_status').notNull().default('0'),
  waiveRequest: cents('waive_request_cents'),
  waiveReason: text('waive_reason'),
  waiveBy: text('waive_by'),
  waiveTime: when('waive_time'),
  waiveAuditBy: text('waive_audit_by'),
  waiveAuditTime: when('waive_audit_time'),
});

/** The last payment (pay_way: 1 卡余额 · 2 现金 · 3 银行卡 · 4 微信 · 5 支付宝) and the reminders (催缴) sent. */
export const billPaymentColumns = () => ({
  lastPayWay: text('last_pay_way'),
  lastPayTime: when('last_pay_time'),
  receiptNo: text('receipt_no'),
  remindCount: integer('remind_count').notNull().default(0),
  lastRemindTime: when('last_remind_time'),
});
