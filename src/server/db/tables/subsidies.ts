/**
 * 补助管理 (DOMAIN.md 2.7): subsidy batches and the people they pay, each person's issue one ledger
 * posting into the subsidy wallet, cleared by the batch's clear mode.
 */
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';
import { accounts } from './ledger';
import { members } from './members';

const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const subsidyBatches = pgTable(
  'memb_subsidy_batch',
  {
    ...businessColumns(),
    /** BZ + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    name: text('name').notNull(),
    /** subsidy_type: 1 伙食补助 · 2 困难补助 · 3 误餐补助 · 4 节日福利 · 5 奖励 · 9 其他. */
    subsidyType: text('subsidy_type').notNull(),
    /** `YYYY-MM`. */
    subsidyMonth: text('subsidy_month'),
    /** fund_source: 1 财政 · 2 学校经费 · 3 经费本 · 4 现金. */
    fundSource: text('fund_source').notNull().default('2'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    expireDate: date('expire_date', { mode: 'string' }),
    /** clear_mode: 0 不清零 · 1 到期清零 · 2 月末清零 · 3 下次发放前清零. */
    clearMode: text('clear_mode').notNull().default('0'),
    persons: integer('persons').notNull().default(0),
    /** Integer cents. */
    total: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    /** audit_status: 0 草稿 · 1 待审核 · 2 已审核 · 3 已驳回 · 4 已作废. */
    auditStatus: text('audit_status').notNull().default('0'),
    submitBy: text('submit_by'),
    submitTime: when('submit_time'),
    auditBy: text('audit_by'),
    auditTime: when('audit_time'),
    auditOpinion: text('audit_opinion'),
    /** subsidy_issue_status: 0 未发放 · 4 发放中 · 1 已发放 · 2 已清零 · 3 已作废. */
    issueStatus: text('issue_status').notNull().default('0'),
    issued: integer('issued').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    issueBy: text('issue_by'),
    issueTime: when('issue_time'),
    /** Integer cents cleared back to the subsidy fund. */
    cleared: bigint('cleared_cents', { mode: 'number' }).notNull().default(0),
    clearTime: when('clear_time'),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('memb_subsidy_batch_no_key').on(t.tenantId, t.billNo), index('memb_subsidy_batch_issue_idx').on(t.tenantId, t.issueStatus)],
);

export const subsidyItems = pgTable(
  'memb_subsidy_item',
  {
    ...businessColumns(),
    batchId: text('batch_id')
      .notNull()
      .references(() => subsidyBatches.id),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    accountId: text('account_id').references(() => accounts.id),
    /** Integer cents. */
    amount: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** subsidy_item_status: 1 未发放 · 2 已发放 · 3 已使用完 · 4 已清零 · 5 无效. */
    status: text('status').notNull().default('1'),
    cleared: bigint('cleared_cents', { mode: 'number' }).notNull().default(0),
    errMsg: text('err_msg'),
    /** The English of a refusal stored in `errMsg` (an English console reads it). */
    errMsgEn: text('err_msg_en'),
    /** The postings that issued it and cleared (or took back) what was left. */
    txnId: text('txn_id'),
    clearTxnId: text('clear_txn_id'),
  },
  (t) => [uniqueIndex('memb_subsidy_item_member_key').on(t.batchId, t.memberId), index('memb_subsidy_item_status_idx').on(t.batchId, t.status), index('memb_subsidy_item_member_idx').on(t.memberId)],
);
