/**
 * The campus card's money (DOMAIN.md §2.1, 2.2, 15): accounts and cards, and the append-only
 * double-entry ledger they move through. Only the ledger service writes these tables.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, pgView, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';
import { members } from './members';

export const accounts = pgTable(
  'memb_account',
  {
    ...businessColumns(),
    accountNo: text('account_no').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    /** account_status: 1 正常 · 2 冻结 · 3 已销户. */
    accountStatus: text('account_status').notNull().default('1'),
    /** A cache of the ledger's sums per wallet, written in the posting's transaction. */
    cash: bigint('cash_cents', { mode: 'number' }).notNull().default(0),
    subsidy: bigint('subsidy_cents', { mode: 'number' }).notNull().default(0),
    gift: bigint('gift_cents', { mode: 'number' }).notNull().default(0),
    deposit: bigint('deposit_cents', { mode: 'number' }).notNull().default(0),
    singleLimit: bigint('single_limit_cents', { mode: 'number' }),
    dailyLimit: bigint('daily_limit_cents', { mode: 'number' }),
    dailyLimitCount: integer('daily_limit_count'),
    totalRecharge: bigint('total_recharge_cents', { mode: 'number' }).notNull().default(0),
    totalConsume: bigint('total_consume_cents', { mode: 'number' }).notNull().default(0),
    openDate: date('open_date', { mode: 'string' }).notNull(),
    expireDate: date('expire_date', { mode: 'string' }).notNull(),
    closeDate: date('close_date', { mode: 'string' }),
    /** Bumped by every posting: a second look at the cache tells whether it moved. */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('memb_account_no_key').on(t.tenantId, t.accountNo),
    // One live account per member.
    uniqueIndex('memb_account_member_key')
      .on(t.tenantId, t.memberId)
      .where(sql`del_flag = 0 AND account_status <> '3'`),
    check('memb_account_wallets_not_negative', sql`subsidy_cents >= 0 AND gift_cents >= 0 AND deposit_cents >= 0`),
  ],
);

export const cards = pgTable(
  'memb_card',
  {
    ...businessColumns(),
    cardNo: text('card_no').notNull(),
    physNo: text('phys_no').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** card_type: 1 正式卡 · 2 临时卡 · 3 访客卡 … */
    cardType: text('card_type').notNull().default('1'),
    /** card_status: 1 正常 · 2 挂失 · 3 冻结 · 4 注销 · 5 坏卡. */
    cardStatus: text('card_status').notNull().default('1'),
    closeReason: text('close_reason'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    expireDate: date('expire_date', { mode: 'string' }).notNull(),
    lossTime: timestamp('loss_time', { withTimezone: true, mode: 'date' }),
    closeTime: timestamp('close_time', { withTimezone: true, mode: 'date' }),
    /** Bumped on every status change: drives the lists sent to terminals. */
    listVersion: integer('list_version').notNull().default(1),
  },
  (t) => [
    // A card number or chip stays unique among the cards not yet cancelled.
    uniqueIndex('memb_card_no_key')
      .on(t.tenantId, t.cardNo)
      .where(sql`card_status <> '4'`),
    uniqueIndex('memb_card_phys_key')
      .on(t.tenantId, t.physNo)
      .where(sql`card_status <> '4'`),
    index('memb_card_account_idx').on(t.accountId),
    // A payment finds its card by number or chip whatever its state (a cancelled card is refused
    // by name): indexes the lookup can use, which the partial unique ones above cannot.
    index('memb_card_no_idx').on(t.tenantId, t.cardNo),
    index('memb_card_phys_idx').on(t.tenantId, t.physNo),
  ],
);

/** A posted money movement: the header of its entry lines. Never updated or deleted. */
export const ledgerTransactions = pgTable(
  'fin_txn',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    txnNo: text('txn_no').notNull(),
    /** The caller's key: a retried request finds the first posting instead of making a second. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the request asked, so a key reused for something else is refused. */
    requestHash: text('request_hash').notNull(),
    txnType: text('txn_type').notNull(),
    // No foreign key (its check cost every payment a lookup): an account with postings is kept by the
    // trigger memb_account_keeps_postings, which runs on the rare delete instead.
    accountId: text('account_id'),
    cardId: text('card_id'),
    amount: bigint('amount_cents', { mode: 'number' }).notNull(),
    channel: text('channel'),
    canteenId: text('canteen_id'),
    storeId: text('store_id'),
    terminalId: text('terminal_id'),
    mealType: text('meal_type'),
    operator: text('operator').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    accDate: date('acc_date', { mode: 'string' }).notNull(),
    reversalOf: text('reversal_of'),
    summary: text('summary'),
    /**
     * The account's posting sequence (its `version` after this posting), taken under the account's
     * lock: 账户流水 chains in this order. Postings made before it was kept have none and come first.
     */
    accountSeq: bigint('account_seq', { mode: 'number' }),
    /** The account's wallets after this posting: a replayed request answers with them, not today's balances. */
    cashAfter: bigint('cash_after_cents', { mode: 'number' }),
    subsidyAfter: bigint('subsidy_after_cents', { mode: 'number' }),
    giftAfter: bigint('gift_after_cents', { mode: 'number' }),
    depositAfter: bigint('deposit_after_cents', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('fin_txn_no_key').on(t.tenantId, t.txnNo),
    // A key belongs to its caller (a user, a terminal, a payment channel): another's same key is another request.
    uniqueIndex('fin_txn_idempotency_key').on(t.tenantId, t.operator, t.idempotencyKey),
    index('fin_txn_account_idx').on(t.accountId, t.postedAt),
    // Postings that keep no balances after them (written before the receipts kept them, or straight
    // into the ledger by a fixture): an account with one has its 账户流水 summed from its entries.
    index('fin_txn_unchained_idx')
      .on(t.accountId)
      .where(sql`cash_after_cents IS NULL AND account_id IS NOT NULL`),
    // 消费记录 and 充值记录, newest first within a range: each posting enters at most one of them.
    index('fin_txn_consumption_idx')
      .on(t.tenantId, t.postedAt.desc().nullsFirst(), t.id)
      .where(sql`txn_type IN ('CONSUME', 'CONSUME_REFUND')`),
    index('fin_txn_charge_idx')
      .on(t.tenantId, t.postedAt.desc().nullsFirst(), t.id)
      .where(sql`txn_type IN ('RECHARGE', 'RECHARGE_REVERSAL')`),
    // Only reversals and refunds have an original: the payments themselves add no entry.
    index('fin_txn_reversal_idx')
      .on(t.reversalOf)
      .where(sql`reversal_of IS NOT NULL`),
  ],
);

/** One side of a transaction: a member's wallet or an inner account, debited or credited. */
export const ledgerEntries = pgTable(
  'fin_entry',
  {
    tenantId: integer('tenant_id').notNull(),
    // No foreign key: a line is written only with its header, in the same transaction, by the posting
    // statement or the ledger service, and a header can never be deleted (append-only) — the check
    // cost every payment two lookups and guarded nothing.
    txnId: text('txn_id').notNull(),
    seq: integer('seq').notNull(),
    /** A member account's id, or an inner account's code (1001 库存现金, 2004 商户应付 …). */
    accountRef: text('account_ref').notNull(),
    /** CASH · SUBSIDY · GIFT · DEPOSIT for a member's wallet; null for an inner account. */
    wallet: text('wallet'),
    dc: text('dc').notNull(),
    amount: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The wallet's balance after this line (member wallets only), for statements. */
    balanceAfter: bigint('balance_after_cents', { mode: 'number' }),
  },
  (t) => [
    // A line is its transaction's n-th: no id of its own, so a payment's lines add no random key to an index.
    primaryKey({ columns: [t.txnId, t.seq], name: 'fin_entry_pkey' }),
    // A member's wallet lines (statements, reconciliation); the inner accounts' side of every
    // payment is found through its transaction and adds no entry here.
    index('fin_entry_account_idx')
      .on(t.accountRef, t.wallet)
      .where(sql`wallet IS NOT NULL`),
    check('fin_entry_amount_positive', sql`amount_cents > 0`),
    check('fin_entry_dc', sql`dc IN ('D', 'C')`),
  ],
);

/**
 * An online recharge waiting for its payment (WeChat, Alipay): it posts to the ledger only when the
 * channel's signed callback says it was paid, once however often the callback comes.
 */
export const rechargeOrders = pgTable(
  'pay_recharge_order',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    /** The out_trade_no the payment provider is given and calls back with. */
    orderNo: text('order_no').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount_cents', { mode: 'number' }).notNull(),
    channel: text('channel').notNull(),
    /** 0 待支付 · 1 已支付 · 2 已关闭 (its account closed; a late payment is held as 待退款). */
    status: text('status').notNull().default('0'),
    providerTxnId: text('provider_txn_id'),
    txnId: text('txn_id'),
    createBy: text('create_by').notNull(),
    createdAt: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('pay_recharge_order_no_key').on(t.orderNo),
    uniqueIndex('pay_recharge_order_key').on(t.tenantId, t.createBy, t.idempotencyKey),
    check('pay_recharge_order_amount_positive', sql`amount_cents > 0`),
  ],
);

/**
 * 卡余额's source (migration 0018): each live account's wallets with its holder and current card,
 * the spendable total (cash, subsidy and gift; the deposit is not spent) and the last posting.
 */
export const accountBalances = pgView('v_account_balance', {
  id: text('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  delFlag: integer('del_flag').notNull(),
  memberNo: text('member_no').notNull(),
  realName: text('real_name').notNull(),
  deptId: text('dept_id').notNull(),
  memberTypeId: text('member_type_id').notNull(),
  cardNo: text('card_no'),
  cardStatus: text('card_status'),
  accountStatus: text('account_status').notNull(),
  cash: bigint('cash_cents', { mode: 'number' }).notNull(),
  subsidy: bigint('subsidy_cents', { mode: 'number' }).notNull(),
  gift: bigint('gift_cents', { mode: 'number' }).notNull(),
  deposit: bigint('deposit_cents', { mode: 'number' }).notNull(),
  balance: bigint('balance_cents', { mode: 'number' }).notNull(),
  lastTxnAt: timestamp('last_txn_at', { withTimezone: true, mode: 'date' }),
}).existing();

/**
 * 补卡管理 (DOMAIN.md 2.14): one bill per 补卡 (a lost card) or 换卡 (a damaged one), written by
 * the ledger service in the same transaction as the new card and the fee's posting.
 */
export const cardReplacements = pgTable(
  'memb_card_replace',
  {
    ...businessColumns(),
    /** BK + date + number: what the receipt and the counter quote. */
    billNo: text('bill_no').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    oldCardId: text('old_card_id')
      .notNull()
      .references(() => cards.id),
    newCardId: text('new_card_id')
      .notNull()
      .references(() => cards.id),
    /** replace_reason: 1 丢失 · 2 损坏 · 3 消磁/无法识别 · 4 换新介质. */
    reason: text('reason').notNull(),
    fee: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    /** card_fee_pay: 1 卡内扣除 · 2 现金. */
    feePay: text('fee_pay').notNull(),
    /** replace_status: 1 已完成 · 2 已撤销. */
    status: text('status').notNull().default('1'),
    txnId: text('txn_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    /** The old card's status before it was cancelled: what 撤销 gives back. */
    oldCardStatus: text('old_card_status'),
    remark: text('remark'),
    cancelBy: text('cancel_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    /** The fee's reversal, when there was a fee. */
    cancelTxnId: text('cancel_txn_id').references(() => ledgerTransactions.id),
  },
  (t) => [uniqueIndex('memb_card_replace_bill_key').on(t.tenantId, t.billNo), index('memb_card_replace_member_idx').on(t.memberId)],
);

/**
 * 手工调账 (DOMAIN.md §15, ADJUST): one person enters a correction, another approves it, and only
 * then is it posted. Rejected requests stay, with the reason.
 */
export const adjustments = pgTable(
  'fin_adjustment',
  {
    ...businessColumns(),
    billNo: text('bill_no').notNull(),
    /** The maker's key: entering the same request twice makes one. */
    idempotencyKey: text('idempotency_key').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** CASH · SUBSIDY · GIFT. */
    wallet: text('wallet').notNull(),
    /** adjust_direction: 1 调增 · 2 调减. */
    direction: text('direction').notNull(),
    amount: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** adjust_status: 0 待审核 · 1 已入账 · 2 已驳回. */
    status: text('status').notNull().default('0'),
    checkBy: text('check_by'),
    checkedAt: timestamp('check_time', { withTimezone: true, mode: 'date' }),
    checkRemark: text('check_remark'),
    txnId: text('txn_id').references(() => ledgerTransactions.id),
  },
  (t) => [
    uniqueIndex('fin_adjustment_bill_key').on(t.tenantId, t.billNo),
    uniqueIndex('fin_adjustment_key').on(t.tenantId, t.createBy, t.idempotencyKey),
    check('fin_adjustment_amount_positive', sql`amount_cents > 0`),
  ],
);

/**
 * What each account paid on each of the school's days (消费 less 退款) and how many payments: the
 * daily limits read one row instead of the day's history. Written by the posting statement.
 */
export const accountDays = pgTable(
  'fin_account_day',
  {
    // A counter derived from the postings (which keep their account's key): no foreign key of its own.
    accountId: text('account_id').notNull(),
    accDate: date('acc_date', { mode: 'string' }).notNull(),
    spent: bigint('spent_cents', { mode: 'number' }).notNull().default(0),
    payments: integer('payments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.accDate] })],
);

/**
 * 待退款: money owed to a member whose account was closed or frozen when it arrived (a refund, an
 * online recharge paid after the account closed): it waits in 2241 待退款 until the card office
 * pays it out in cash or, the account open again, credits it.
 */
export const pendingRefunds = pgTable(
  'fin_pending_refund',
  {
    ...businessColumns(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    amount: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The posting that held it: a refund, an online recharge, a fee given back. */
    sourceTxnId: text('source_txn_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    sourceType: text('source_type').notNull(),
    /** pending_refund_status: 0 待处理 · 1 已退现 · 2 已入账. */
    status: text('status').notNull().default('0'),
    reason: text('reason').notNull(),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolveTxnId: text('resolve_txn_id').references(() => ledgerTransactions.id),
  },
  (t) => [index('fin_pending_refund_account_idx').on(t.accountId), uniqueIndex('fin_pending_refund_source_key').on(t.sourceTxnId), check('fin_pending_refund_amount_positive', sql`amount_cents > 0`)],
);

/**
 * 消费记录 and 充值记录's sums for each closed school day, kept the first time a list asks for that
 * day once it has been over for a while (new postings are dated now, and one stamped just before
 * midnight has committed by then). Grouped
 * by the dimensions the lists filter on; '' stands for none. A list's 合计 and count are these
 * rows plus today's postings, never a re-sum of millions of rows.
 */
export const daySums = pgTable(
  'fin_day_sum',
  {
    tenantId: integer('tenant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    txnType: text('txn_type').notNull(),
    canteenId: text('canteen_id').notNull(),
    storeId: text('store_id').notNull(),
    terminalId: text('terminal_id').notNull(),
    mealType: text('meal_type').notNull(),
    channel: text('channel').notNull(),
    /** Who posted: a clerk's name or a terminal's `terminal:<serial>` — 操作员 is answered from the sums too. */
    operator: text('operator').notNull().default(''),
    /** Σ amount_cents, a reversal or refund counted against its original. */
    net: bigint('net_cents', { mode: 'number' }).notNull(),
    postings: integer('postings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.txnType, t.canteenId, t.storeId, t.terminalId, t.mealType, t.channel, t.operator] })],
);

/**
 * The days whose sums are kept: one row per school and day, written with them, in the time zone the
 * day was cut by (a school that changes its zone has its days summed again).
 */
export const daySumsKept = pgTable(
  'fin_day_sum_kept',
  {
    tenantId: integer('tenant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);
