/**
 * 学费管理 (DOMAIN.md 2.10, the flow of §16): a fee standard (term, item, amount, who pays it) whose
 * 生成账单 makes one bill per pupil; each bill is waived (audited), paid at the counter or from the
 * card balance through the ledger, refunded to the card and reminded.
 */
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';
import { billMoneyColumns, billPaymentColumns, billWaiverColumns } from './billColumns';
import { members } from './members';

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
    ...billMoneyColumns(),
    // 应收 has no default: a bill is made with its amount.
    due: bigint('due_cents', { mode: 'number' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** bill_pay_status: 0 未缴 · 1 部分缴 · 2 已缴清 · 3 已退费 · 4 已减免. */
    payStatus: text('pay_status').notNull().default('0'),
    ...billWaiverColumns(),
    ...billPaymentColumns(),
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
