/**
 * 统计报表's read models (DOMAIN.md §8): what 日终结算 wrote of each closed school day, from the ledger
 * only. A closed day's rows are never rewritten: a posting that arrives after its day was closed (an
 * offline batch, a correction) is counted, marked late, in the day being closed when it is seen.
 */
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One closed day of a school: the cutoff its postings were taken up to, and who closed it. */
export const reportDayCloses = pgTable(
  'rpt_day_close',
  {
    tenantId: integer('tenant_id').notNull(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    /** Postings made up to this instant (and dated up to the day) are in; later ones go to a later day. */
    cutoff: timestamp('cutoff', { withTimezone: true, mode: 'date' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    closedBy: text('closed_by').notNull(),
    txns: integer('txns').notNull(),
    /** Of them, postings dated to an earlier, already closed day. */
    lateTxns: integer('late_txns').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.reportDate], name: 'rpt_day_close_pkey' })],
);

/**
 * A closed day's seal (reports/daySeals.ts): the digest of the postings the close took in for that
 * day, chained to the previous day's seal — so a posting changed afterwards, by anyone, breaks the
 * chain from its day on. Never updated or deleted.
 */
export const reportDaySeals = pgTable(
  'rpt_day_seal',
  {
    tenantId: integer('tenant_id').notNull(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    /** The postings sealed. */
    postings: integer('postings').notNull(),
    /** sha256 over the day's postings and their lines, in order. */
    digest: text('digest').notNull(),
    /** sha256(previous day's seal, the day, its digest). */
    seal: text('seal').notNull(),
    sealedAt: timestamp('sealed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.reportDate], name: 'rpt_day_seal_pkey' })],
);

/** 资金收支 and 部门收支: the day's member-wallet lines by department, member type, kind of posting and channel. */
export const reportDailyFunds = pgTable(
  'rpt_daily_fund',
  {
    tenantId: integer('tenant_id').notNull(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    deptId: text('dept_id'),
    memberTypeId: text('member_type_id'),
    txnType: text('txn_type').notNull(),
    channel: text('channel'),
    wallet: text('wallet').notNull(),
    /** Dated to an earlier day that was already closed: a correction shown in this day. */
    late: boolean('late').notNull(),
    credit: bigint('credit_cents', { mode: 'number' }).notNull(),
    debit: bigint('debit_cents', { mode: 'number' }).notNull(),
    lines: integer('lines').notNull(),
  },
  (t) => [index('rpt_daily_fund_day_idx').on(t.tenantId, t.reportDate)],
);

/** Each department × member type × wallet's balance at the start and the end of the closed day. */
export const reportDailyBalances = pgTable(
  'rpt_daily_balance',
  {
    tenantId: integer('tenant_id').notNull(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    deptId: text('dept_id'),
    memberTypeId: text('member_type_id'),
    wallet: text('wallet').notNull(),
    opening: bigint('opening_cents', { mode: 'number' }).notNull(),
    /** Summed from the accounts at the close (not rolled forward): what proves the day's columns. */
    closing: bigint('closing_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('rpt_daily_balance_day_idx').on(t.tenantId, t.reportDate)],
);

/** 营业汇总 and 人员类型/部门消费: the day's payments and refunds by canteen, store, terminal, meal, department and member type. */
export const reportDailyConsumption = pgTable(
  'rpt_daily_consume',
  {
    tenantId: integer('tenant_id').notNull(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    canteenId: text('canteen_id'),
    storeId: text('store_id'),
    terminalId: text('terminal_id'),
    mealType: text('meal_type'),
    deptId: text('dept_id'),
    memberTypeId: text('member_type_id'),
    late: boolean('late').notNull(),
    payments: integer('payments').notNull(),
    /** People who paid (each counted once in the group and day). */
    diners: integer('diners').notNull(),
    /** The price before discounts (what the store is owed), what the wallets paid, and the school's allowance. */
    amount: bigint('amount_cents', { mode: 'number' }).notNull(),
    cash: bigint('cash_cents', { mode: 'number' }).notNull(),
    subsidy: bigint('subsidy_cents', { mode: 'number' }).notNull(),
    gift: bigint('gift_cents', { mode: 'number' }).notNull(),
    allowance: bigint('allowance_cents', { mode: 'number' }).notNull(),
    refunds: integer('refunds').notNull(),
    refunded: bigint('refunded_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('rpt_daily_consume_day_idx').on(t.tenantId, t.reportDate)],
);

/** 充值/操作员日报: each operator's postings of the day by kind and channel, and the counter cash they moved. */
export const reportDailyOperators = pgTable(
  'rpt_daily_operator',
  {
    tenantId: integer('tenant_id').notNull(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    operator: text('operator').notNull(),
    txnType: text('txn_type').notNull(),
    channel: text('channel'),
    late: boolean('late').notNull(),
    txns: integer('txns').notNull(),
    amount: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** 库存现金 (1001) taken in and paid out: what the operator hands over (应交现金). */
    cashIn: bigint('cash_in_cents', { mode: 'number' }).notNull(),
    cashOut: bigint('cash_out_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('rpt_daily_operator_day_idx').on(t.tenantId, t.reportDate)],
);
