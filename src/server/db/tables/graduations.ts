/**
 * 毕业管理 (DOMAIN.md 2.8, the flow of §16): a graduating year or class leaves — each person's
 * money settled by one ledger posting (subsidy cleared, cash refunded or moved to income, deposit
 * refunded or kept), cards cancelled, the account stopped, the person marked 已毕业.
 */
import { bigint, boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';
import { accounts } from './ledger';
import { members } from './members';

const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const graduationBatches = pgTable(
  'memb_graduation_batch',
  {
    ...businessColumns(),
    /** BY + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    name: text('name').notNull(),
    /** 届别: the year the class leaves (2026届). */
    gradYear: integer('grad_year').notNull(),
    /** The grade or class whose people leave (the classes below it too). */
    deptId: text('dept_id').notNull(),
    /** Only people of this type (students), when set. */
    memberTypeId: text('member_type_id'),
    leaveDate: date('leave_date', { mode: 'string' }).notNull(),
    /** grad_cash_rule: 1 原路退回 · 2 现金退还 · 3 转营业外收入. */
    cashRule: text('cash_rule').notNull().default('2'),
    /** grad_deposit_rule: 1 退还 · 2 转收入. */
    depositRule: text('deposit_rule').notNull().default('1'),
    cancelCards: boolean('cancel_cards').notNull().default(true),
    revokeAccess: boolean('revoke_access').notNull().default(true),
    closeAccounts: boolean('close_accounts').notNull().default(true),
    unbindParents: boolean('unbind_parents').notNull().default(true),
    /** grad_status: 0 草稿 · 1 待确认 (预检 done) · 2 处理中 · 3 已完成 · 4 部分失败. */
    status: text('status').notNull().default('0'),
    persons: integer('persons').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** What the people hold at 预检 (integer cents). */
    cashTotal: cents('cash_total_cents'),
    subsidyTotal: cents('subsidy_total_cents'),
    depositTotal: cents('deposit_total_cents'),
    /** Paid out to the people (cash and deposit refunded) once run. */
    refundTotal: cents('refund_total_cents'),
    checkBy: text('check_by'),
    checkTime: when('check_time'),
    runBy: text('run_by'),
    runTime: when('run_time'),
    finishTime: when('finish_time'),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('memb_graduation_batch_no_key').on(t.tenantId, t.billNo), index('memb_graduation_batch_status_idx').on(t.tenantId, t.status)],
);

export const graduationItems = pgTable(
  'memb_graduation_item',
  {
    ...businessColumns(),
    batchId: text('batch_id')
      .notNull()
      .references(() => graduationBatches.id),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    accountId: text('account_id').references(() => accounts.id),
    /** The person's wallets (integer cents): at 预检, then as settled. */
    cash: cents('cash_cents'),
    subsidy: cents('subsidy_cents'),
    gift: cents('gift_cents'),
    deposit: cents('deposit_cents'),
    /** Live cards and meal orders after the leaving date, at 预检. */
    cards: integer('cards').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    /** What 预检 says will happen, in words; why the person cannot leave yet, when so. */
    plan: text('plan'),
    warning: text('warning'),
    /** The English of `warning` and `errMsg` (they name amounts): an English console reads them. */
    warningEn: text('warning_en'),
    /** Cash and deposit paid out to the person (integer cents). */
    refund: cents('refund_cents'),
    /** grad_item_result: 0 待处理 · 1 成功 · 2 失败 · 3 跳过. */
    result: text('result').notNull().default('0'),
    errMsg: text('err_msg'),
    errMsgEn: text('err_msg_en'),
    txnId: text('txn_id'),
    doneTime: when('done_time'),
  },
  (t) => [
    uniqueIndex('memb_graduation_item_member_key').on(t.batchId, t.memberId),
    index('memb_graduation_item_result_idx').on(t.batchId, t.result),
    index('memb_graduation_item_member_idx').on(t.memberId),
  ],
);
