/** 缴费管理's tables (DOMAIN.md §7): the school's years and terms, and every payment of a bill. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';

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
    /** pay_channel: 1 卡余额 · 2 微信 · 3 支付宝 · 4 银行卡 · 5 现金 · 6 聚合支付. */
    channel: text('channel').notNull(),
    thirdPartyNo: text('third_party_no'),
    /** pay_status: 0 待支付 · 1 支付成功 · 2 支付失败 · 3 已退款 · 4 已关闭. */
    status: text('status').notNull().default('1'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    receiptNo: text('receipt_no'),
    operator: text('operator').notNull(),
    /** The ledger posting of a payment from the card (BILL_PAY), and of its last refund. */
    txnNo: text('txn_no'),
    refundTxnNo: text('refund_txn_no'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('pay_payment_no_key').on(t.tenantId, t.payNo),
    index('pay_payment_bill_idx').on(t.billId),
    index('pay_payment_paid_idx').on(t.tenantId, t.paidAt),
    check('pay_payment_refund_within', sql`refunded_cents >= 0 AND refunded_cents <= amount_cents`),
  ],
);
