import { createHash } from 'node:crypto';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { accounts, cards, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/envelope';

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
  /** 餐补支出: what the school pays of its members' meals (the discount rows' allowances). */
  mealAllowance: '6602',
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

export type TxnType = 'OPEN' | 'RECHARGE' | 'RECHARGE_REVERSAL' | 'CONSUME' | 'CONSUME_REFUND' | 'CARD_REPLACE' | 'CARD_CHANGE' | 'CARD_RETURN' | 'CARD_REPLACE_REVERSAL' | 'CLOSE' | 'ADJUST';

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

/** A whole number of cents above zero, or a refusal naming the amount. */
export function checkAmount(cents: number | null, field = 'amount'): number {
  if (cents === null || !Number.isSafeInteger(cents)) throw badRequest(`金额格式不正确，最多两位小数（${field}）`, `The amount must have at most two decimals (${field})`);
  if (cents <= 0) throw badRequest(`金额必须大于0（${field}）`, `The amount must be above zero (${field})`);
  if (cents > 100_000_00) throw badRequest(`金额不能超过100000元（${field}）`, `The amount cannot exceed 100000 (${field})`);
  return cents;
}

const hashOf = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');
export const today = () => dayjs().format('YYYY-MM-DD');

export type AccountRow = typeof accounts.$inferSelect;

export function ledgerCore(db: Database) {
  /** The account, locked for this transaction: postings to one account happen one at a time. */
  async function lockAccount(tx: Executor, tenantId: number, accountId: string): Promise<AccountRow> {
    const [account] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, accountId), eq(accounts.tenantId, tenantId), eq(accounts.delFlag, 0)))
      .for('update');
    if (!account) throw notFound('账户不存在');
    return account;
  }

  async function lockCard(tx: Executor, tenantId: number, cardId: string) {
    const [card] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.id, cardId), eq(cards.tenantId, tenantId)))
      .for('update');
    if (!card) throw notFound('卡片不存在');
    return card;
  }

  /** The posting a key already made, as the first answer gave it. */
  async function replay(tx: Executor, tenantId: number, key: string, hash: string): Promise<PostedTransaction | null> {
    const [txn] = await tx
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.tenantId, tenantId), eq(ledgerTransactions.idempotencyKey, key)));
    if (!txn) return null;
    if (txn.requestHash !== hash) throw new ApiError(409, '该请求编号已用于另一笔业务，请刷新后重试');
    return describe(tx, txn, true);
  }

  async function describe(tx: Executor, txn: typeof ledgerTransactions.$inferSelect, replayed: boolean): Promise<PostedTransaction> {
    const lines = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.txnId, txn.id)).orderBy(ledgerEntries.seq);
    const parts: Partial<Record<Wallet, number>> = {};
    for (const line of lines) if (line.wallet && line.accountRef === txn.accountId) parts[line.wallet as Wallet] = (parts[line.wallet as Wallet] ?? 0) + line.amount;
    const [account] = txn.accountId ? await tx.select().from(accounts).where(eq(accounts.id, txn.accountId)) : [];
    return {
      id: txn.id,
      txnNo: txn.txnNo,
      txnType: txn.txnType,
      accountId: txn.accountId,
      amountCents: txn.amount,
      parts,
      balances: { CASH: account?.cash ?? 0, SUBSIDY: account?.subsidy ?? 0, GIFT: account?.gift ?? 0, DEPOSIT: account?.deposit ?? 0 },
      postedAt: dayjs(txn.postedAt).format('YYYY-MM-DD HH:mm:ss'),
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
    input: { key: string; hash: string; type: TxnType; account: AccountRow; amount: number; lines: readonly Line[]; meta?: Partial<typeof ledgerTransactions.$inferInsert> },
  ): Promise<PostedTransaction> {
    const debit = input.lines.filter((line) => line.dc === 'D').reduce((sum, line) => sum + line.amount, 0);
    const credit = input.lines.filter((line) => line.dc === 'C').reduce((sum, line) => sum + line.amount, 0);
    if (debit !== credit || input.lines.some((line) => !Number.isSafeInteger(line.amount) || line.amount <= 0)) throw new Error(`unbalanced ${input.type}: ${debit} ≠ ${credit}`);
    const balances = { CASH: input.account.cash, SUBSIDY: input.account.subsidy, GIFT: input.account.gift, DEPOSIT: input.account.deposit };
    const id = newId();
    const postedAt = new Date();
    const txnNo = `${dayjs(postedAt).format('YYYYMMDDHHmmss')}${id.slice(0, 6).toUpperCase()}`;
    await tx.insert(ledgerTransactions).values({
      id,
      tenantId: caller.tenantId,
      txnNo,
      idempotencyKey: input.key,
      requestHash: input.hash,
      txnType: input.type,
      accountId: input.account.id,
      amount: input.amount,
      operator: caller.username,
      occurredAt: postedAt,
      postedAt,
      accDate: today(),
      ...input.meta,
    });
    if (input.lines.length)
      await tx.insert(ledgerEntries).values(
        input.lines.map((line, index) => {
          let balanceAfter: number | null = null;
          if (line.wallet && line.accountRef === input.account.id) {
            balances[line.wallet] += line.dc === 'C' ? line.amount : -line.amount;
            balanceAfter = balances[line.wallet];
          }
          return { id: newId(), tenantId: caller.tenantId, txnId: id, seq: index + 1, accountRef: line.accountRef, wallet: line.wallet, dc: line.dc, amount: line.amount, balanceAfter };
        }),
      );
    if (balances.SUBSIDY < 0 || balances.GIFT < 0 || balances.DEPOSIT < 0) throw new Error(`${input.type} would take a wallet below zero`);
    await tx
      .update(accounts)
      .set({
        cash: balances.CASH,
        subsidy: balances.SUBSIDY,
        gift: balances.GIFT,
        deposit: balances.DEPOSIT,
        version: sql`${accounts.version} + 1`,
        ...(input.type === 'RECHARGE' ? { totalRecharge: sql`${accounts.totalRecharge} + ${input.amount}` } : {}),
        ...(input.type === 'CONSUME' ? { totalConsume: sql`${accounts.totalConsume} + ${input.amount}` } : {}),
        ...(input.type === 'CONSUME_REFUND' ? { totalConsume: sql`${accounts.totalConsume} - ${input.amount}` } : {}),
        ...(input.type === 'RECHARGE_REVERSAL' ? { totalRecharge: sql`${accounts.totalRecharge} - ${input.amount}` } : {}),
        updatedAt: postedAt,
        updateBy: caller.username,
      })
      .where(eq(accounts.id, input.account.id));
    // The answer from what was just written: no reading back (a payment's hot path).
    const parts: Partial<Record<Wallet, number>> = {};
    for (const line of input.lines) if (line.wallet && line.accountRef === input.account.id) parts[line.wallet] = (parts[line.wallet] ?? 0) + line.amount;
    return {
      id,
      txnNo,
      txnType: input.type,
      accountId: input.account.id,
      amountCents: input.amount,
      parts,
      balances,
      postedAt: dayjs(postedAt).format('YYYY-MM-DD HH:mm:ss'),
      replayed: false,
    };
  }

  /**
   * Runs an operation once per key: in one transaction, with the account locked first so that a
   * duplicate sent at the same moment waits and then finds the first posting.
   */
  async function once(
    caller: Caller,
    key: string,
    request: unknown,
    accountId: string | null,
    run: (tx: Executor, account: AccountRow | null, hash: string) => Promise<PostedTransaction>,
  ): Promise<PostedTransaction> {
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(key)) throw badRequest('缺少有效的请求编号（idempotencyKey）', 'A valid request id is required (idempotencyKey)');
    const hash = hashOf(request);
    try {
      return await db.transaction(async (tx) => {
        const account = accountId ? await lockAccount(tx, caller.tenantId, accountId) : null;
        return (await replay(tx, caller.tenantId, key, hash)) ?? (await run(tx, account, hash));
      });
    } catch (error) {
      // Two first postings of one key raced past the check (no account to lock): the first won.
      if (!isUniqueViolation(error)) throw error;
      const again = await replay(db, caller.tenantId, key, hash);
      if (again) return again;
      throw error;
    }
  }

  const mustBeOpen = (account: AccountRow) => {
    if (account.accountStatus === '3') throw badRequest('账户已销户', 'The account is closed');
    if (account.accountStatus === '2') throw badRequest('账户已冻结，不能办理该业务', 'The account is frozen');
  };

  return { db, lockAccount, lockCard, post, once, mustBeOpen };
}

export type LedgerCore = ReturnType<typeof ledgerCore>;
