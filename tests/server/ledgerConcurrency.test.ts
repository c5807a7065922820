/**
 * The ledger under concurrency and retries, on PGlite and (bigger) on PostgreSQL: many clients at
 * once recharge, pay, refund and reverse on a few accounts, a fifth of the requests sent twice at
 * the same moment. Afterwards every balance equals the sum of its ledger, none is negative,
 * debits equal credits, and every acknowledged operation is in the ledger exactly once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { apiOf } from '../support/api';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const CLIENTS = onPostgres ? 50 : 12;
const OPERATIONS_EACH = onPostgres ? 20 : 15;

let t0: TestApp;
let tokens: string[];
const { call, get, roleWithUser } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  const admin = await signIn(t0.app, 'admin');
  const clerk = await roleWithUser(admin, 'nightclerk', ['members:accounts', 'account:recharge', 'account:rechargeReversal', 'payments:consumption', 'consume:add', 'consume:refund']);
  tokens = [admin, clerk.token];
});
afterAll(async () => t0?.close());

/** A small random generator with a fixed seed: a failing run can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('the ledger under concurrent clients and retried requests', () => {
  it('keeps every balance equal to its ledger and every acknowledged operation exactly once', { timeout: 240_000 }, async () => {
    const cards = (await t0.db.select({ cardNo: t.cards.cardNo, accountId: t.cards.accountId }).from(t.cards).where(eq(t.cards.cardStatus, '1')).orderBy(t.cards.cardNo).limit(6)) as {
      cardNo: string;
      accountId: string;
    }[];
    const acknowledged = new Map<string, string>();
    const recharges: { id: string; by: number }[] = [];
    const payments: string[] = [];

    /** Sends once, or twice at the same moment; both answers must be the same posting. */
    async function send(token: string, url: string, body: Record<string, unknown>, twice: boolean) {
      const answers = await Promise.all((twice ? [0, 1] : [0]).map(() => call(token, 'POST', url, body)));
      const ok = answers.filter((answer) => answer.body.success);
      if (ok.length) {
        expect(new Set(ok.map((answer) => answer.body.result.id)).size).toBe(1);
        acknowledged.set(body.idempotencyKey as string, ok[0]!.body.result.id);
      }
      for (const answer of answers) expect([200, 400, 409], JSON.stringify(answer.body)).toContain(answer.status);
      return ok[0]?.body.result as { id: string } | undefined;
    }

    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const next = random(client + 1);
        for (let i = 0; i < OPERATIONS_EACH; i += 1) {
          const card = cards[Math.floor(next() * cards.length)]!;
          const by = Math.floor(next() * 2);
          const token = tokens[by]!;
          const twice = next() < 0.2;
          const key = randomUUID().replaceAll('-', '');
          const roll = next();
          if (roll < 0.35) {
            const posted = await send(
              token,
              '/memb/account/recharge',
              { idempotencyKey: key, accountId: card.accountId, amount: (1 + Math.floor(next() * 5000) / 100).toFixed(2), channel: 'cash' },
              twice,
            );
            if (posted) recharges.push({ id: posted.id, by });
          } else if (roll < 0.8) {
            const posted = await send(token, '/pay/consume', { idempotencyKey: key, cardNo: card.cardNo, amount: (0.5 + Math.floor(next() * 1500) / 100).toFixed(2) }, twice);
            if (posted) payments.push(posted.id);
          } else if (roll < 0.92 && payments.length) {
            const txnId = payments[Math.floor(next() * payments.length)]!;
            await send(token, '/pay/consume/refund', { idempotencyKey: key, txnId, amount: '0.50', reason: '退款' }, twice);
          } else if (recharges.length) {
            const original = recharges[Math.floor(next() * recharges.length)]!;
            // Reversed by the other person.
            await send(tokens[1 - original.by]!, '/memb/account/rechargeReversal', { idempotencyKey: key, txnId: original.id, reason: '冲正' }, twice);
          }
        }
      }),
    );

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
  });
});
