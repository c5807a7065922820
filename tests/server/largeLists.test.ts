/**
 * A list over a large table (above the exact-count limit: no count in the page query): a filtered
 * page's total and 合计 come from one pass over the matching rows, and are the ledger's own figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/db/rows';
import { EXACT_COUNT_LIMIT, isSmallTable } from '@server/db/paging';
import { ledgerTransactions } from '@server/db/schema';
import { addDays, dayIn } from '@shared/schoolTime';
import { apiOf } from '../support/api';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { get } = apiOf(() => t0);
const ROWS = EXACT_COUNT_LIMIT + 10_000;
const today = dayIn('Asia/Shanghai');

beforeAll(async () => {
  // Payment headers written directly (the list reads no lines): not books to check.
  t0 = await createTestApp({ ledgerChecks: false });
  admin = await signIn(t0.app, 'admin');
  // Over the last ten days, each of the school's first cards in turn; every 50th a refund, every 7th by a clerk.
  await t0.db.execute(sql`
    WITH c AS (SELECT id, account_id, row_number() OVER (ORDER BY card_no) AS n FROM memb_card WHERE tenant_id = 0 AND account_id IS NOT NULL),
         s AS (SELECT i, now() - (i % 14400) * interval '1 minute' AS at FROM generate_series(1, ${ROWS}) AS g(i))
    INSERT INTO fin_txn (id, tenant_id, txn_no, idempotency_key, request_hash, txn_type, account_id, card_id, amount_cents, meal_type, operator, occurred_at, posted_at, acc_date, summary)
    SELECT md5('large' || s.i), 0, 'L' || lpad(s.i::text, 12, '0'), md5('lk' || s.i), 'large', CASE WHEN s.i % 50 = 0 THEN 'CONSUME_REFUND' ELSE 'CONSUME' END,
      c.account_id, c.id, 100 + s.i % 900, '2', CASE WHEN s.i % 7 = 0 THEN 'clerk' || (s.i % 3) ELSE 'terminal:POS0101' END, s.at, s.at, s.at::date, '消费'
    FROM s JOIN c ON c.n = 1 + s.i % 40
    ORDER BY s.at`);
  await t0.db.execute(sql`ANALYZE fin_txn`);
}, 300_000);

afterAll(async () => {
  await t0?.close();
});

describe('a list over a large table', () => {
  it('counts and sums a filtered page in one pass or from the kept sums, to the ledger’s figures', async () => {
    // Large: a page is not counted in its own query.
    expect(await isSmallTable(t0.db, ledgerTransactions)).toBe(false);
    const range = `postedAt_begin=${addDays(today, -20)}&postedAt_end=${today}`;
    const [card] = await rowsOf<{ card_no: string; id: string }>(t0.db, sql`SELECT c.card_no, c.id FROM memb_card c JOIN fin_txn x ON x.card_id = c.id WHERE x.request_hash = 'large' LIMIT 1`);
    const truth = async (where: ReturnType<typeof sql>) =>
      (
        await rowsOf<{ n: number; net: number }>(
          t0.db,
          sql`SELECT count(*)::int AS n, coalesce(sum(CASE WHEN txn_type = 'CONSUME_REFUND' THEN -amount_cents ELSE amount_cents END), 0)::int AS net
            FROM fin_txn WHERE tenant_id = 0 AND txn_type IN ('CONSUME', 'CONSUME_REFUND') AND ${where}
              AND posted_at >= ${`${addDays(today, -20)}T00:00:00+08:00`}::timestamptz AND posted_at < ${`${addDays(today, 1)}T00:00:00+08:00`}::timestamptz`,
        )
      )[0]!;
    for (const [query, where] of [
      [`cardNo=${card!.card_no}`, sql`card_id = ${card!.id}`],
      // 操作员 is answered from the closed days' kept sums and today's postings: a clerk, every clerk
      // (the name's start) and a clerk's lunches.
      ['operator=clerk1', sql`operator LIKE 'clerk1%'`],
      ['operator=clerk', sql`operator LIKE 'clerk%'`],
      ['operator=terminal:POS0101&mealType=2', sql`operator = 'terminal:POS0101' AND meal_type = '2'`],
    ] as const) {
      const page = (await get(admin, `/pay/consumption/list?pageSize=10&${range}&${query}`)).body.result;
      const expected = await truth(where);
      expect(expected.n, query).toBeGreaterThan(10);
      expect(page.total, query).toBe(expected.n);
      expect(page.footer.amount, query).toBe(expected.net / 100);
      expect(page.records, query).toHaveLength(10);
    }
    // The closed days were answered from their kept sums, which keep who posted.
    const [kept] = await rowsOf<{ n: number }>(t0.db, sql`SELECT count(*)::int AS n FROM fin_day_sum WHERE tenant_id = 0 AND operator = 'clerk1'`);
    expect(kept!.n).toBeGreaterThan(0);
  });
});
