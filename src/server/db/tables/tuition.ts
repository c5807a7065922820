/**
 * 学费管理 (DOMAIN.md 2.10, the flow of §16): a fee standard (term, item, amount, who pays it) whose
 * 生成账单 makes one bill per pupil; each bill is waived (audited), paid at the counter or from the
 * card balance through the ledger, refunded to the card and reminded.
 */
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';
import { members } from './members';

const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const feeStandards = pgTable(
  'pay_fee_item',
  {
    ...businessColumns(),
    termId: text('term_id').notNull(),
    name: text('name').notNull(),
    /** fee_item: 1 学费 · 2 住宿费 · 3 教材费 · 4 校服费 · 5 伙食费 · 6 保险费 · 9 其他. */
    feeType: text('fee_type').notNull(),
    /** Integer cents a pupil. */
    amount: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The grade or class that pays it (the classes below it too), boarders or day pupils only when set. */
    deptId: text('dept_id').notNull(),
    boardingType: text('boarding_type'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** fee_item_status: 0 未生成 · 1 已生成. */
    status: text('status').notNull().default('0'),
    bills: integer('bills').notNull().default(0),
    total: cents('total_cents'),
    remark: text('remark'),
  },
  (t) => [index('pay_fee_item_term_idx').on(t.tenantId, t.termId)],
);

export const tuitionBills = pgTable(
  'pay_tuition_bill',
  {
    ...businessColumns(),
    /** XF + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    termId: text('term_id').notNull(),
    feeItemId: text('fee_item_id')
      .notNull()
      .references(() => feeStandards.id),
    feeType: text('fee_type').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    deptId: text('dept_id').notNull(),
    /** Integer cents: 应收, 减免, 实收 (paid in), 退费 (paid back) and 欠费 = 应收 − 减免 − (实收 − 退费), kept with them. */
    due: bigint('due_cents', { mode: 'number' }).notNull(),
    waive: cents('waive_cents'),
    paid: cents('paid_cents'),
    refunded: cents('refunded_cents'),
    /** What of 实收 came from the card balance, less what was refunded to it: the most a refund may be. */
    cardPaid: cents('card_paid_cents'),
    owed: cents('owed_cents'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** bill_pay_status: 0 未缴 · 1 部分缴 · 2 已缴清 · 3 已退费 · 4 已减免. */
    payStatus: text('pay_status').notNull().default('0'),
    /** waive_status: 0 无 · 1 待审核 · 2 已减免 · 3 已驳回. */
    waiveStatus: text('waive_status').notNull().default('0'),
    waiveRequest: cents('waive_request_cents'),
    waiveReason: text('waive_reason'),
    waiveBy: text('waive_by'),
    waiveTime: when('waive_time'),
    waiveAuditBy: text('waive_audit_by'),
    waiveAuditTime: when('waive_audit_time'),
    /** pay_way: 1 卡余额 · 2 现金 · 3 银行卡 · 4 微信 · 5 支付宝. */
    lastPayWay: text('last_pay_way'),
    lastPayTime: when('last_pay_time'),
    receiptNo: text('receipt_no'),
    remindCount: integer('remind_count').notNull().default(0),
    lastRemindTime: when('last_remind_time'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('pay_tuition_bill_no_key').on(t.tenantId, t.billNo),
    // One bill a pupil for each fee standard.
    uniqueIndex('pay_tuition_bill_item_key')
      .on(t.feeItemId, t.memberId)
      .where(sql`del_flag = 0`),
    index('pay_tuition_bill_term_idx').on(t.tenantId, t.termId, t.deptId),
    index('pay_tuition_bill_member_idx').on(t.memberId),
  ],
);
