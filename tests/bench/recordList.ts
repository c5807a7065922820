/**
 * 消费记录 at scale: server time of GET /pay/consumption/list (a page of 10 with its 合计 line,
 * newest first) over 1,000,000 payments of the last 30 days on PostgreSQL — the first page of the
 * default range, a canteen and meal, a transaction number's start, and page 5,000. Run with:
 *   PG_DURABLE=1 node --import tsx tests/support/withPostgres.ts node --import tsx tests/bench/recordList.ts
 * Without TEST_DATABASE_URL it runs on PGlite with 100,000 payments (and says so). Printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/db/rows';
import { scopeCost } from '@server/db/work';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { BASE, createTestApp, signIn } from '../support/testApp';
import { summarise } from './stats';

const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROWS = onPostgres ? 1_000_000 : 100_000;

// Payments written as headers alone (the list reads no lines): not books to check.
const t = await createTestApp({ ledgerChecks: false });
try {
  const filled = performance.now();
  // Payments of the seeded accounts over the last 30 days, at the seed's canteen, all meals; the
  // ledger's own numbering (day and sequence). Headers only: the list reads no lines.
  await t.db.execute(sql`
    WITH a AS (SELECT id, row_number() OVER () AS n FROM memb_account WHERE tenant_id = 0),
         c AS (SELECT id FROM meal_canteen WHERE tenant_id = 0 LIMIT 1),
         s AS (SELECT i, now() - (i % 43200) * interval '1 minute' - (i % 60) * interval '1 second' AS at FROM generate_series(1, ${ROWS}) AS g(i))
    INSERT INTO fin_txn (id, tenant_id, txn_no, idempotency_key, request_hash, txn_type, account_id, amount_cents, canteen_id, meal_type, operator, occurred_at, posted_at, acc_date, summary)
    SELECT md5('bench' || s.i), 0, to_char(s.at, 'YYYYMMDD') || lpad(nextval('fin_txn_no_seq')::text, 10, '0'), md5('key' || s.i), 'bench',
      CASE WHEN s.i % 50 = 0 THEN 'CONSUME_REFUND' ELSE 'CONSUME' END, a.id, 500 + s.i % 1500, (SELECT id FROM c), ((s.i % 4) + 1)::text, 'terminal:POS0101', s.at, s.at, s.at::date, '消费'
    FROM s JOIN a ON a.n = 1 + s.i % (SELECT count(*) FROM a)`);
  await t.db.execute(sql`ANALYZE fin_txn`);
  console.log(`消费记录: ${ROWS.toLocaleString()} payments on ${t.kind} (filled in ${((performance.now() - filled) / 1000).toFixed(1)} s)`);

  const [canteen] = await rowsOf<{ id: string }>(t.db, sql`SELECT id FROM meal_canteen WHERE tenant_id = 0 LIMIT 1`);
  const [some] = await rowsOf<{ txn_no: string }>(t.db, sql`SELECT txn_no FROM fin_txn WHERE summary = '消费' ORDER BY posted_at DESC OFFSET 1000 LIMIT 1`);
  const token = await signIn(t.app, 'admin');
  const headers = { 'X-Access-Token': token };
  // The school's longest range (31 days up to today): a list without one is today's.
  const today = dayIn(DEFAULT_TIME_ZONE);
  const month = `postedAt_begin=${addDays(today, -30)}&postedAt_end=${today}`;
  const cases: [string, string][] = [
    ['first page, today (the default)', 'pageNo=1&pageSize=10'],
    ['first page, 31 days', `pageNo=1&pageSize=10&${month}`],
    ['a canteen and a meal, 31 days', `pageNo=1&pageSize=10&canteenId=${canteen!.id}&mealType=2&${month}`],
    ['a transaction number', `pageNo=1&pageSize=10&txnNo=${some!.txn_no.slice(0, 14)}&${month}`],
    ['page 5,000, 31 days', `pageNo=5000&pageSize=10&${month}`],
  ];
  // Each case also runs without the school's scope (its units of work as plain platform
  // transactions), taking turns, so the scope's cost is a ratio of one run (issue 49: at most 5 %).
  const ratios: number[] = [];
  for (const [label, query] of cases) {
    const times = { school: [] as number[], platform: [] as number[] };
    let total = 0;
    for (let i = 0; i < 40; i += 1) {
      const side = i % 2 ? 'platform' : 'school';
      scopeCost.off = side === 'platform';
      // In-process inject: no network, so this is the server's time (auth, queries, 合计, JSON).
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url: `${BASE}/pay/consumption/list?${query}`, headers });
      const elapsed = performance.now() - started;
      scopeCost.off = false;
      if (response.statusCode !== 200) throw new Error(`${label}: HTTP ${response.statusCode} ${response.body}`);
      total = response.json().result.total;
      if (i >= 4) times[side].push(elapsed);
    }
    const school = summarise(times.school);
    const platform = summarise(times.platform);
    ratios.push(school.median / platform.median);
    console.log(
      `  ${label.padEnd(26)} median ${school.median.toFixed(1)} ms, p95 ${school.p95.toFixed(1)} ms (${total.toLocaleString()} found) · without the scope ${platform.median.toFixed(1)} ms: ${percent(school.median / platform.median)}`,
    );
  }
  const overall = ratios.reduce((product, ratio) => product * ratio, 1) ** (1 / ratios.length);
  console.log(`  the school's scope costs ${percent(overall)} over the cases (geometric mean; budget +5 %)`);
  console.log('  goal: each under 50 ms of server time');
} finally {
  await t.close();
}
