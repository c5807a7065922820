import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import * as t from '@server/db/schema';

/** What a test writes straight into the ledger: a posting to one wallet of an account, against an inner account. */
export interface WrittenPosting {
  accountId: string;
  txnType: 'CONSUME' | 'RECHARGE' | 'SUBSIDY_ISSUE';
  amount: number;
  /** The school day it is booked to. */
  accDate: string;
  /** When it was posted (by default now) and when it happened (by default then). */
  postedAt?: Date;
  occurredAt?: Date;
  txnNo?: string;
  operator?: string;
  summary?: string;
  tenantId?: number;
}

const SIDES = {
  CONSUME: { wallet: 'CASH', member: 'D', inner: '2004' },
  RECHARGE: { wallet: 'CASH', member: 'C', inner: '1001' },
  SUBSIDY_ISSUE: { wallet: 'SUBSIDY', member: 'C', inner: '2203' },
} as const;

/**
 * A posting written as the ledger service writes one, for a test that needs one the service would not
 * make now (yesterday's, one stamped before midnight that commits late): balanced lines, the account
 * locked and its cache moved, its place in the account's postings and the balances it left, and a
 * payment's day counter. The ledger's checks (ledgerChecks.ts) then hold as for any posting.
 */
export async function writePosting(db: Database, posting: WrittenPosting): Promise<string> {
  const id = randomUUID().replaceAll('-', '');
  const side = SIDES[posting.txnType];
  const tenantId = posting.tenantId ?? 0;
  await db.transaction(async (tx) => {
    const [account] = await tx.select().from(t.accounts).where(eq(t.accounts.id, posting.accountId)).for('update');
    const moved = side.member === 'C' ? posting.amount : -posting.amount;
    const after = { cash: account!.cash, subsidy: account!.subsidy, gift: account!.gift, deposit: account!.deposit };
    if (side.wallet === 'CASH') after.cash += moved;
    else after.subsidy += moved;
    const postedAt = posting.postedAt ?? new Date();
    await tx.insert(t.ledgerTransactions).values({
      id,
      tenantId,
      txnNo: posting.txnNo ?? `W${id.slice(0, 17)}`,
      idempotencyKey: id,
      requestHash: 'test',
      txnType: posting.txnType,
      accountId: posting.accountId,
      amount: posting.amount,
      operator: posting.operator ?? 'test',
      occurredAt: posting.occurredAt ?? postedAt,
      postedAt,
      accDate: posting.accDate,
      summary: posting.summary ?? null,
      accountSeq: account!.version + 1,
      cashAfter: after.cash,
      subsidyAfter: after.subsidy,
      giftAfter: after.gift,
      depositAfter: after.deposit,
    });
    const other = side.member === 'C' ? 'D' : 'C';
    await tx.insert(t.ledgerEntries).values([
      { tenantId, txnId: id, seq: 1, accountRef: side.inner, wallet: null, dc: other, amount: posting.amount },
      { tenantId, txnId: id, seq: 2, accountRef: posting.accountId, wallet: side.wallet, dc: side.member, amount: posting.amount, balanceAfter: side.wallet === 'CASH' ? after.cash : after.subsidy },
    ]);
    if (posting.txnType === 'CONSUME')
      await tx.execute(sql`insert into fin_account_day (account_id, acc_date, spent_cents, payments) values (${posting.accountId}, ${posting.accDate}::date, ${posting.amount}, 1)
        on conflict (account_id, acc_date) do update set spent_cents = fin_account_day.spent_cents + excluded.spent_cents, payments = fin_account_day.payments + 1`);
    await tx
      .update(t.accounts)
      .set({ cash: after.cash, subsidy: after.subsidy, version: account!.version + 1 })
      .where(eq(t.accounts.id, posting.accountId));
  });
  return id;
}
