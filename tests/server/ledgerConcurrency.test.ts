/**
 * The ledger under concurrency and retries, on PGlite and (bigger) on PostgreSQL: many clients at
 * once recharge, pay, refund and reverse on a few accounts, a fifth of the requests sent twice at
 * the same moment. Afterwards every balance equals the sum of its ledger, none is negative,
 * debits equal credits, and every acknowledged operation is in the ledger exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { accountStatement } from '@server/modules/ledger/statement';
import { schoolReads } from '@server/db/work';
import { apiOf } from '../support/api';
import { runLedgerLoad } from '../support/ledgerLoad';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const CLIENTS = onPostgres ? 50 : 12;
const OPERATIONS_EACH = onPostgres ? 20 : 15;

let t0: TestApp;
let tokens: string[];
const { call, get, roleWithUser, waiveCheckerWait } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  const admin = await signIn(t0.app, 'admin');
  // The administrator makes the work and creates its checkers: the school lets them check at once.
  await waiveCheckerWait(admin);
  const clerk = await roleWithUser(admin, 'nightclerk', ['members:accounts', 'account:recharge', 'account:rechargeReversal', 'payments:consumption', 'consume:add', 'consume:refund'], {
    ownPassword: true,
  });
  tokens = [admin, clerk.token];
});
afterAll(async () => t0?.close());

describe('the ledger under concurrent clients and retried requests', () => {
  it('keeps every balance equal to its ledger and every acknowledged operation exactly once', { timeout: 240_000 }, async () => {
    const cards = (await t0.db.select({ cardNo: t.cards.cardNo, accountId: t.cards.accountId }).from(t.cards).where(eq(t.cards.cardStatus, '1')).orderBy(t.cards.cardNo).limit(6)) as {
      cardNo: string;
      accountId: string;
    }[];
    const { acknowledged, mismatched, unexpected } = await runLedgerLoad({
      clients: CLIENTS,
      operationsEach: OPERATIONS_EACH,
      cards,
      tokens: [tokens[0]!, tokens[1]!],
      send: (token, url, body) => call(token, 'POST', url, body),
    });
    expect(mismatched).toBe(0);
    expect(unexpected).toEqual([]);
    expect(acknowledged.size).toBeGreaterThan(CLIENTS * OPERATIONS_EACH * 0.3);
    // Every acknowledged operation is in the ledger once, as the answer named it.
    const keys = [...acknowledged.keys()];
    const stored = await t0.db.select({ key: t.ledgerTransactions.idempotencyKey, id: t.ledgerTransactions.id }).from(t.ledgerTransactions).where(inArray(t.ledgerTransactions.idempotencyKey, keys));
    expect(stored.length).toBe(keys.length);
    for (const row of stored) expect(row.id).toBe(acknowledged.get(row.key));
    // Balances equal their ledgers, debits equal credits, no wallet below zero (pupils cannot overdraw).
    const report = (await get(tokens[0]!, '/memb/account/reconcile')).body.result;
    expect(report.drift).toEqual([]);
    expect(report.unbalanced).toEqual([]);
    for (const card of cards) {
      const [account] = await t0.db.select().from(t.accounts).where(eq(t.accounts.id, card.accountId));
      for (const wallet of [account!.cash, account!.subsidy, account!.gift, account!.deposit]) expect(wallet).toBeGreaterThanOrEqual(0);
    }
    // 账户流水 in time order chains as the receipts did: each line's balances are the ones its posting
    // answered (a payment that waited for the account's lock is stamped after the one it waited for).
    for (const card of cards) {
      const statement = await accountStatement(schoolReads(t0.db, { tenantId: 0, username: 'test' }), { accountId: card.accountId, from: '2000-01-01', to: '2999-12-31', pageNo: 1, pageSize: 10_000 });
      const receipts = new Map((await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.accountId, card.accountId))).map((txn) => [txn.id, txn]));
      const made = new Set(acknowledged.values());
      const disagreeing = statement.records.filter((line) => {
        const receipt = receipts.get(line.id)!;
        return made.has(line.id) && (Math.round(line.after.cash * 100) !== receipt.cashAfter || Math.round(line.after.subsidy * 100) !== receipt.subsidyAfter);
      });
      expect(disagreeing.map((line) => line.txnNo)).toEqual([]);
    }
  });
});
