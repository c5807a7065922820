import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { dateTimeIn, dayIn } from '@shared/schoolTime';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { timeOrderedId } from '../../db/ids';
import type { TxnType } from '@shared/reports';
import { rowsOf } from '../../db/rows';
import { inSchool, Work } from '../../db/work';
import { accounts, cards, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/envelope';
import { schoolZone } from '../schools/settings';
import { LEDGER_CAP_YUAN } from '@shared/money';

/**
 * What every ledger operation stands on (DOMAIN.md §15): the wallets and inner accounts, the
 * account lock, the idempotent run of an operation in one transaction, and the balanced posting
 * that moves an account's cached balances with it.
 */

export const WALLETS = ['CASH', 'SUBSIDY', 'GIFT', 'DEPOSIT'] as const;
export type Wallet = (typeof WALLETS)[number];

/** Inner accounts (DOMAIN.md §15): where money comes from and goes to outside members' wallets. */
export const INNER = {
  cashOnHand: '1001',
  bank: '1002',
  clearing: '1012',
  merchants: '2004',
  otherIncome: '6001',
  subsidyFund: '2203',
  cardFees: '6005',
  /** 手续费收入: a shop's commission kept at its settlement. */
  feeIncome: '6002',
  /** 营销费用: what campaigns give (活动赠送). */
  marketing: '6601',
  /** 租金收入: a shop's rent kept at its settlement. */
  rentIncome: '6051',
  /** 餐补支出: what the school pays of its members' meals (the discount rows' allowances). */
  mealAllowance: '6602',
  /** 待退款: money owed to a member whose account could not take it (closed or frozen). */
  pendingRefund: '2241',
  /** 应收费用: the school's bills (tuition, utilities) paid from cards. */
  billsReceivable: '1122',
} as const;

/** The counter channels post at once; online ones wait for their payment callback. */
export const RECHARGE_CHANNELS = { cash: INNER.cashOnHand, bank: INNER.bank } as const;
export type RechargeChannel = keyof typeof RECHARGE_CHANNELS;
/** Channels paid online, posted by their callback. */
export const ONLINE_CHANNELS = ['wechat', 'alipay'] as const;
export type OnlineChannel = (typeof ONLINE_CHANNELS)[number];

/** Spending takes subsidy first, then gift, then cash (DOMAIN.md §15, the default order). */
/** Where a recharge's money came from: the counter's cash, the bank, or the online channels' clearing account. */
export const sourceOf = (channel: string | null): string =>
  (ONLINE_CHANNELS as readonly string[]).includes(channel ?? '') ? INNER.clearing : (RECHARGE_CHANNELS[(channel ?? 'cash') as RechargeChannel] ?? INNER.cashOnHand);

export const SPEND_ORDER: readonly Wallet[] = ['SUBSIDY', 'GIFT', 'CASH'];

export const COLUMN: Record<Wallet, 'cash' | 'subsidy' | 'gift' | 'deposit'> = { CASH: 'cash', SUBSIDY: 'subsidy', GIFT: 'gift', DEPOSIT: 'deposit' };

export type { TxnType };

export interface Line {
  /** A member account's id (with its wallet) or an inner account's code. */
  accountRef: string;
  wallet: Wallet | null;
  dc: 'D' | 'C';
  amount: number;
}

export interface Caller {
  tenantId: number;
  username: string;
}

export interface PostedTransaction {
  id: string;
  txnNo: string;
  txnType: string;
  accountId: string | null;
  amountCents: number;
  /** Each wallet's part (consumption splits, refunds along them). */
  parts: Partial<Record<Wallet, number>>;
  balances: Record<Wallet, number>;
  postedAt: string;
  /** True when the key had already posted this: nothing new was written. */
  replayed: boolean;
}

/** A valid idempotency key, or the refusal every money route gives. */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(key)) throw badRequest('缺少有效的请求编号（idempotencyKey）', 'A valid request id is required (idempotencyKey)');
  return key;
}

/** A whole number of cents above zero, or a refusal naming the amount. */
export function checkAmount(cents: number | null, field = 'amount'): number {
  if (cents === null || !Number.isSafeInteger(cents)) throw badRequest(`金额格式不正确，最多两位小数（${field}）`, `The amount must have at most two decimals (${field})`);
  if (cents <= 0) throw badRequest(`金额必须大于0（${field}）`, `The amount must be above zero (${field})`);
  if (cents > LEDGER_CAP_YUAN * 100) throw badRequest(`金额不能超过${LEDGER_CAP_YUAN}元（${field}）`, `The amount cannot exceed ${LEDGER_CAP_YUAN} (${field})`);
  return cents;
}

export const hashOf = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

/** The school's date of an instant (now by default): every day of the ledger is the school's day. */
export async function schoolDay(tx: Executor, tenantId: number, at: Date = new Date()): Promise<string> {
  return dayIn(await schoolZone(tx, tenantId), at);
}

export type AccountRow = typeof accounts.$inferSelect;
/** What a posting needs of its account: the balances it moves. */
export type PostingAccount = Pick<AccountRow, 'id' | 'cash' | 'subsidy' | 'gift' | 'deposit'>;
/** The header's optional columns a posting may set. */
export interface PostingMeta {
  cardId?: string | null;
  channel?: string | null;
  canteenId?: string | null;
  storeId?: string | null;
  terminalId?: string | null;
  mealType?: string | null;
  occurredAt?: Date;
  reversalOf?: string | null;
  summary?: string | null;
  /** The school day whose spending a refund gives back (its payment's): a refund today of yesterday's payment leaves today's daily limit alone. */
  spentOn?: string;
}

/** A PostgreSQL array literal of values (null kept), passed as one parameter on both drivers. */
function sqlArray(values: readonly (string | number | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${String(value).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

/** The unit of work a kernel step is given, or the one its transaction is for (a posting's school). */
const workOf = (tx: Executor | Work, tenantId: number): Work => (tx instanceof Work ? tx : new Work(tx, tenantId, 'ledger'));

export function ledgerCore(db: Database) {
  /** The account, locked for this transaction: postings to one account happen one at a time. */
  async function lockAccount(tx: Executor | Work, tenantId: number, accountId: string): Promise<AccountRow> {
    const [account] = await workOf(tx, tenantId).lock(accounts, accountId);
    if (!account) throw notFound('账户不存在');
    return account;
  }

  async function lockCard(tx: Executor | Work, tenantId: number, cardId: string) {
    const [card] = await workOf(tx, tenantId).lock(cards, cardId);
    if (!card) throw notFound('卡片不存在');
    return card;
  }

  /** The posting a caller's key already made, as the first answer gave it. */
  async function replay(tx: Executor, caller: Caller, key: string, hash: string): Promise<PostedTransaction | null> {
    // A bare probe first: nearly every request is new, and this runs on a payment's hot path.
    const [probe] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(and(workOf(tx, caller.tenantId).school(ledgerTransactions), eq(ledgerTransactions.operator, caller.username), eq(ledgerTransactions.idempotencyKey, key)));
    if (!probe) return null;
    const [txn] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, probe.id));
    if (txn!.requestHash !== hash) throw new ApiError(409, '该请求编号已用于另一笔业务，请刷新后重试', 'This request id was used for another operation: refresh and try again');
    return describe(tx, txn!, true);
  }

  async function describe(tx: Executor, txn: typeof ledgerTransactions.$inferSelect, replayed: boolean): Promise<PostedTransaction> {
    const lines = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.txnId, txn.id)).orderBy(ledgerEntries.seq);
    const parts: Partial<Record<Wallet, number>> = {};
    for (const line of lines) if (line.wallet && line.accountRef === txn.accountId) parts[line.wallet as Wallet] = (parts[line.wallet as Wallet] ?? 0) + line.amount;
    // The balances the posting left (older postings did not keep them: today's then).
    const [account] = txn.cashAfter === null && txn.accountId ? await tx.select().from(accounts).where(eq(accounts.id, txn.accountId)) : [];
    return {
      id: txn.id,
      txnNo: txn.txnNo,
      txnType: txn.txnType,
      accountId: txn.accountId,
      amountCents: txn.amount,
      parts,
      balances: {
        CASH: txn.cashAfter ?? account?.cash ?? 0,
        SUBSIDY: txn.subsidyAfter ?? account?.subsidy ?? 0,
        GIFT: txn.giftAfter ?? account?.gift ?? 0,
        DEPOSIT: txn.depositAfter ?? account?.deposit ?? 0,
      },
      postedAt: dateTimeIn(await schoolZone(tx, txn.tenantId), txn.postedAt),
      replayed,
    };
  }

  /**
   * Writes one balanced transaction and moves the account's cached balances with it. A member's
   * wallet is money the school owes: a credit raises it, a debit lowers it.
   */
  async function post(
    tx: Executor,
    caller: Caller,
    /** `account` null: a posting between inner accounts only (a shop's settlement), no member's wallets moved. */
    input: { key: string; hash: string; type: TxnType; account: PostingAccount | null; amount: number; lines: readonly Line[]; meta?: PostingMeta },
  ): Promise<PostedTransaction> {
    const debit = input.lines.filter((line) => line.dc === 'D').reduce((sum, line) => sum + line.amount, 0);
    const credit = input.lines.filter((line) => line.dc === 'C').reduce((sum, line) => sum + line.amount, 0);
    if (debit !== credit || input.lines.some((line) => !Number.isSafeInteger(line.amount) || line.amount <= 0)) throw new Error(`unbalanced ${input.type}: ${debit} ≠ ${credit}`);
    const account = input.account ?? { id: null, cash: 0, subsidy: 0, gift: 0, deposit: 0 };
    if (!input.account && input.lines.some((line) => line.wallet)) throw new Error(`${input.type} moves a wallet without its account`);
    const balances = { CASH: account.cash, SUBSIDY: account.subsidy, GIFT: account.gift, DEPOSIT: account.deposit };
    const id = timeOrderedId();
    const postedAt = new Date();
    const zone = await schoolZone(tx, caller.tenantId);
    // The school's day the money moved: an offline payment's own day (its device time), else today.
    const accDate = dayIn(zone, input.meta?.occurredAt ?? postedAt);
    const balanceAfter = input.lines.map((line) => {
      if (!line.wallet || line.accountRef !== account.id) return null;
      balances[line.wallet] += line.dc === 'C' ? line.amount : -line.amount;
      return balances[line.wallet];
    });
    if (balances.SUBSIDY < 0 || balances.GIFT < 0 || balances.DEPOSIT < 0) throw new Error(`${input.type} would take a wallet below zero`);
    const meta = input.meta ?? {};
    const recharged = input.type === 'RECHARGE' ? input.amount : input.type === 'RECHARGE_REVERSAL' ? -input.amount : 0;
    const consumed = input.type === 'CONSUME' ? input.amount : input.type === 'CONSUME_REFUND' ? -input.amount : 0;
    // What the member's own wallets paid that day (a refund: got back), for the daily limits.
    const own = (dc: 'D' | 'C') => input.lines.reduce((sum, line) => (line.wallet && line.accountRef === account.id && line.dc === dc ? sum + line.amount : sum), 0);
    const daySpent = input.type === 'CONSUME' ? own('D') : input.type === 'CONSUME_REFUND' ? -own('C') : 0;
    const dayPayments = input.type === 'CONSUME' ? 1 : 0;
    const counted = input.type === 'CONSUME' || input.type === 'CONSUME_REFUND';
    // Header, lines, the day's counter and the balance cache in one statement of fixed text: one
    // round trip on a payment's hot path. The number comes from a sequence: unique by construction.
    const [written] = await rowsOf<{ txn_no: string }>(
      tx,
      sql`with header as (
        insert into fin_txn (id, tenant_id, txn_no, idempotency_key, request_hash, txn_type, account_id, card_id, amount_cents, channel, canteen_id, store_id, terminal_id, meal_type, operator, occurred_at, posted_at, acc_date, reversal_of, summary,
          cash_after_cents, subsidy_after_cents, gift_after_cents, deposit_after_cents, account_seq)
        values (${id}, ${caller.tenantId}, ${accDate.replaceAll('-', '')} || lpad(nextval('fin_txn_no_seq')::text, 10, '0'), ${input.key}, ${input.hash}, ${input.type}, ${account.id}, ${meta.cardId ?? null}, ${input.amount}, ${meta.channel ?? null}, ${meta.canteenId ?? null}, ${meta.storeId ?? null},
          ${meta.terminalId ?? null}, ${meta.mealType ?? null}, ${caller.username}, ${(meta.occurredAt ?? postedAt).toISOString()}::timestamptz, ${postedAt.toISOString()}::timestamptz, ${accDate}::date, ${meta.reversalOf ?? null}, ${meta.summary ?? null},
          ${balances.CASH}, ${balances.SUBSIDY}, ${balances.GIFT}, ${balances.DEPOSIT},
          -- The account's version as the cache below leaves it (a statement's parts see the rows as it began).
          (select version + 1 from memb_account where id = ${account.id}))
        returning txn_no
      ), lines as (
        insert into fin_entry (tenant_id, txn_id, seq, account_ref, wallet, dc, amount_cents, balance_after_cents)
        select ${caller.tenantId}, ${id}, line.seq, line.account_ref, line.wallet, line.dc, line.amount, line.balance_after
        from unnest(${sqlArray(input.lines.map((_, index) => index + 1))}::int[], ${sqlArray(input.lines.map((line) => line.accountRef))}::text[],
          ${sqlArray(input.lines.map((line) => line.wallet))}::text[], ${sqlArray(input.lines.map((line) => line.dc))}::text[], ${sqlArray(input.lines.map((line) => line.amount))}::bigint[], ${sqlArray(balanceAfter)}::bigint[])
          as line(seq, account_ref, wallet, dc, amount, balance_after)
      ), day as (
        insert into fin_account_day (account_id, acc_date, spent_cents, payments)
        select ${account.id}, ${meta.spentOn ?? accDate}::date, ${daySpent}, ${dayPayments} where ${counted && account.id !== null}
        on conflict (account_id, acc_date) do update set spent_cents = fin_account_day.spent_cents + excluded.spent_cents, payments = fin_account_day.payments + excluded.payments
      ), cache as (
        update memb_account set cash_cents = ${balances.CASH}, subsidy_cents = ${balances.SUBSIDY}, gift_cents = ${balances.GIFT}, deposit_cents = ${balances.DEPOSIT}, version = version + 1,
          total_recharge_cents = total_recharge_cents + ${recharged}, total_consume_cents = total_consume_cents + ${consumed}, update_time = ${postedAt.toISOString()}::timestamptz, update_by = ${caller.username}
        where id = ${account.id}
      )
      select txn_no from header`,
    );
    const txnNo = written!.txn_no;
    // The answer from what was just written: no reading back (a payment's hot path).
    const parts: Partial<Record<Wallet, number>> = {};
    for (const line of input.lines) if (line.wallet && line.accountRef === account.id) parts[line.wallet] = (parts[line.wallet] ?? 0) + line.amount;
    return {
      id,
      txnNo,
      txnType: input.type,
      accountId: account.id,
      amountCents: input.amount,
      parts,
      balances,
      postedAt: dateTimeIn(zone, postedAt),
      replayed: false,
    };
  }

  /**
   * Runs an operation once per key: in one transaction, with the account locked first so that a
   * duplicate sent at the same moment waits and then finds the first posting.
   */
  async function once<A extends PostingAccount = AccountRow>(
    caller: Caller,
    key: string,
    request: unknown,
    /** The account to lock first: its id, or a function that finds and locks it (one round trip). */
    accountId: string | null | ((tx: Executor) => Promise<A>),
    /** `work`: the same transaction as the posting's school's unit of work (its reads, locks and writes). */
    run: (tx: Executor, account: A | null, hash: string, work: Work) => Promise<PostedTransaction>,
  ): Promise<PostedTransaction> {
    checkKey(key);
    const hash = hashOf(request);
    try {
      // The caller's school, told to the database: its row-level security holds the posting to it.
      return await inSchool(db, caller, async (work) => {
        const { tx } = work;
        const account = typeof accountId === 'function' ? await accountId(tx) : accountId ? ((await lockAccount(work, caller.tenantId, accountId)) as unknown as A) : null;
        return (await replay(tx, caller, key, hash)) ?? (await run(tx, account, hash, work));
      });
    } catch (error) {
      // The same request sent twice at once: the second waited, then found the first's work done
      // (该人员已开户, a unique key taken). A retry answers with the first posting, never a refusal.
      if (!isUniqueViolation(error) && !(error instanceof ApiError && error.status < 500)) throw error;
      const again = await replay(db, caller, key, hash);
      if (again) return again;
      throw error;
    }
  }

  const mustBeOpen = (account: Pick<AccountRow, 'accountStatus'>) => {
    if (account.accountStatus === '3') throw badRequest('账户已销户', 'The account is closed');
    if (account.accountStatus === '2') throw badRequest('账户已冻结，不能办理该业务', 'The account is frozen');
  };

  /** Where money owed to this account goes: its wallets while it is open, else 2241 待退款. */
  const takesMoney = (account: Pick<AccountRow, 'accountStatus'>) => account.accountStatus === '1';

  return { db, lockAccount, lockCard, post, once, replay, mustBeOpen, takesMoney };
}

export type LedgerCore = ReturnType<typeof ledgerCore>;
