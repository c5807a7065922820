/**
 * 活动管理 (DOMAIN.md §3): a school's campaigns — 充值赠送, 消费满减, 免费餐/加餐, 报名 — with whom they
 * are for, their rule and budget, audited before they go live; and each person's part in one: the
 * gift posted through the ledger into the gift or subsidy wallet, once per person and trigger.
 */
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from '@server/db/tables/common';
import { members, memberTypes } from '@server/db/tables/members';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const activities = pgTable(
  'act_activity',
  {
    ...businessColumns(),
    /** HD + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    name: text('name').notNull(),
    /** activity_type: 1 充值赠送 · 2 消费满减 · 3 免费餐/加餐 · 4 报名活动. */
    activityType: text('activity_type').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Who it is for: a department's subtree, a member type, or both; neither: everyone. */
    /** A department of 人员部门 (its subtree): no reference, as the access tables keep theirs. */
    deptId: text('dept_id'),
    memberTypeId: text('member_type_id').references(() => memberTypes.id),
    /** 充X送Y: the recharge (or spending) that triggers it; 0 for a gift given by hand. */
    threshold: cents('threshold_cents'),
    gift: cents('gift_cents'),
    /** How many times one person may receive it. */
    maxTimes: integer('max_times').notNull().default(1),
    /** activity_wallet: GIFT 赠送钱包 · SUBSIDY 补助钱包. */
    wallet: text('wallet').notNull().default('GIFT'),
    /** Days a gift may be spent (empty: no end). */
    giftValidDays: integer('gift_valid_days'),
    budget: cents('budget_cents'),
    /** What was given and not taken back (the budget's use). */
    given: cents('given_cents'),
    participants: integer('participants').notNull().default(0),
    /** activity_status: 0 草稿 · 1 待审核 · 2 进行中 · 3 已结束 · 4 已停用. */
    status: text('status').notNull().default('0'),
    auditBy: text('audit_by'),
    auditAt: when('audit_time'),
    rejectReason: text('reject_reason'),
    description: text('description'),
  },
  (t) => [uniqueIndex('act_activity_bill_key').on(t.tenantId, t.billNo), index('act_activity_live_idx').on(t.tenantId, t.status, t.activityType)],
);

export const activityParticipants = pgTable(
  'act_participant',
  {
    ...businessColumns(),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    /** What triggered the gift: a recharge's transaction number, or 参与赠送 with its run. */
    triggerRef: text('trigger_ref').notNull(),
    gift: cents('gift_cents'),
    wallet: text('wallet').notNull(),
    txnNo: text('txn_no'),
    validUntil: date('valid_until', { mode: 'string' }),
    /** participant_status: 1 已发放 · 2 已撤回 · 3 未发放 (with the reason). */
    status: text('status').notNull().default('1'),
    reason: text('reason'),
    withdrawTxnNo: text('withdraw_txn_no'),
  },
  (t) => [
    // Once per person and trigger.
    uniqueIndex('act_participant_trigger_key')
      .on(t.activityId, t.memberId, t.triggerRef)
      .where(sql`del_flag = 0`),
    index('act_participant_member_idx').on(t.memberId),
  ],
);
