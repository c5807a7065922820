/**
 * A school's history of payments for a benchmark, posted by the ledger's own posting function
 * (fin_consume: lock, key, limits, split, header, lines, counters, balance), many to a statement,
 * two statements at once on halves of the payers, oldest first: `PER_DAY` a day at the canteen's
 * tills, each payment a meal by its hour.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { rowsOf } from '@server/db/rows';

/** A school of 3,000 pupils pays about 3,300 times a day. */
export const PER_DAY = 3_300;
/** Payments posted by one statement (one transaction). */
const CHUNK = 20_000;

export interface PaymentHistory {
  payers: number;
  tills: number;
  /** Posts `count` payments, `PER_DAY` a day, ending `endDaysAgo` days before now: the seconds it took. */
  grow(count: number, endDaysAgo: number): Promise<number>;
}

/** Every active card of the school pays, at every canteen till; the payers' limits are lifted (money is the caller's to give). */
export async function paymentHistory(db: Database, zone: string): Promise<PaymentHistory> {
  await db.execute(sql`UPDATE memb_account SET single_limit_cents = NULL, daily_limit_cents = NULL, daily_limit_count = NULL WHERE tenant_id = 0`);
  // Payers in two halves: two statements post at once (both cores), never on the same account.
  await db.execute(sql`CREATE TABLE bench_payer AS
    SELECT n, n % 2 AS half, (n + 1) / 2 AS m, card_no, account_id FROM (
      SELECT row_number() OVER (ORDER BY c.card_no) AS n, c.card_no, c.account_id FROM memb_card c JOIN memb_account a ON a.id = c.account_id WHERE c.card_status = '1' AND a.account_status = '1') p`);
  await db.execute(sql`CREATE TABLE bench_till AS
    SELECT row_number() OVER (ORDER BY d.id) AS n, d.id, d.serial_no, d.canteen_id, d.store_id FROM dev_device d WHERE d.tenant_id = 0 AND d.canteen_id IS NOT NULL`);
  const [{ payers, tills }] = (await rowsOf<{ payers: number; tills: number }>(
    db,
    sql`SELECT (SELECT count(*) / 2 FROM bench_payer)::int AS payers, (SELECT count(*) FROM bench_till)::int AS tills`,
  )) as [{ payers: number; tills: number }];
  let posted = 0;
  return {
    payers,
    tills,
    async grow(count, endDaysAgo) {
      const started = performance.now();
      const span = count / PER_DAY;
      for (let from = 0; from < count; from += CHUNK) {
        const size = Math.min(CHUNK, count - from);
        // Payment g of this step happens `span` days before the end, plus its share of the span; a
        // payer (of the statement's half) and a till each, a meal by its hour.
        await Promise.all(
          [0, 1].map((half) =>
            db.execute(sql`
              SELECT fin_consume(0, 'terminal:' || d.serial_no, 'G' || (${posted} + s.g), 'h', p.card_no, 500 + (s.g % 1000), d.canteen_id, d.store_id, d.id,
                                 CASE WHEN extract(hour FROM s.at AT TIME ZONE ${zone}) < 10 THEN '1' WHEN extract(hour FROM s.at AT TIME ZONE ${zone}) < 15 THEN '2' ELSE '3' END,
                                 s.at, (s.at AT TIME ZONE ${zone})::date, s.at)
              FROM (SELECT g, now() - interval '1 day' * ${endDaysAgo + span} + interval '1 second' * ((${from} + g) * 86400.0 / ${PER_DAY}) AS at
                    FROM generate_series(1, ${size}) AS g WHERE g % 2 = ${half}) s
              JOIN bench_payer p ON p.half = ${half} AND p.m = 1 + ((${posted} + s.g) / 2) % ${payers}
              JOIN bench_till d ON d.n = 1 + ((${posted} + s.g) / 7) % ${tills}
              ORDER BY s.at`),
          ),
        );
        posted += size;
      }
      await db.execute(sql`ANALYZE fin_txn`);
      await db.execute(sql`ANALYZE fin_entry`);
      return (performance.now() - started) / 1000;
    },
  };
}
