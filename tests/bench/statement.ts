/**
 * 账户流水 at scale: server time of GET /memb/account/statement (a page of 10 with the range's
 * opening and closing balances and its totals) for a staff account whose history grows — a month of
 * 3,100 postings (the busiest account a school has: every meal and the shop), then a year of them —
 * posted by the ledger's own posting function (fin_consume) at their own times. Cases: the default
 * (the last 30 days), its last page, a quiet week a month ago, and the whole year. Run with:
 *   PG_DURABLE=1 node --import tsx tests/support/withPostgres.ts node --import tsx tests/bench/statement.ts
 * Without TEST_DATABASE_URL it runs on PGlite with a smaller history (and says so). Printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/db/rows';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { BASE, createTestApp, signIn } from '../support/testApp';
import { summarise } from './stats';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Postings a day: three meals and the shop, every day. */
const PER_DAY = onPostgres ? 100 : 20;

// Opening balances as seeded; the history is posted by fin_consume itself: books that hold.
const t = await createTestApp({ ledgerChecks: false });
try {
  // Two staff members: a month's history, and a year's (each posted oldest first, as it happened).
  const holders = await rowsOf<{ card_no: string; account_id: string }>(
    t.db,
    sql`SELECT c.card_no, c.account_id FROM memb_card c JOIN memb_member m ON m.id = c.member_id JOIN memb_member_type t ON t.id = m.member_type_id AND t.code = 'STAFF'
      WHERE c.card_status = '1' ORDER BY c.card_no LIMIT 2`,
  );
  // Enough cash for a year of one-fen payments (no limits on a staff card).
  for (const holder of holders) await t.db.execute(sql`UPDATE memb_account SET cash_cents = cash_cents + 100000000 WHERE id = ${holder.account_id}`);
  const token = await signIn(t.app, 'admin');
  const headers = { 'X-Access-Token': token };
  const today = dayIn(DEFAULT_TIME_ZONE);
  let posted = 0;
  /** Posts a holder's last days up to now, oldest first: the ms each posting took. */
  const post = async (holder: { card_no: string }, daysAgo: number) => {
    const count = daysAgo * PER_DAY;
    const started = performance.now();
    await t.db.execute(sql`
      SELECT fin_consume(0, 'bench', 'S' || ${posted} + g, 'h', ${holder.card_no}, 1, NULL, NULL, NULL, NULL, at, (at AT TIME ZONE 'Asia/Shanghai')::date, at)
      FROM (SELECT g, now() - interval '1 day' * ${daysAgo} + interval '1 second' * (g * 86400.0 / ${PER_DAY}) AS at FROM generate_series(1, ${count}) AS g ORDER BY g) s`);
    posted += count;
    return (performance.now() - started) / count;
  };
  const time = async (holder: { account_id: string }, label: string, query: string) => {
    const url = `${BASE}/memb/account/statement?accountId=${holder.account_id}&${query}`;
    let found = 0;
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url, headers });
    const times: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${label}: HTTP ${response.statusCode} ${response.body}`);
      found = response.json().result.total;
    }
    const stats = summarise(times);
    console.log(`    ${label.padEnd(30)} median ${stats.median.toFixed(1)} ms, p95 ${stats.p95.toFixed(1)} ms (${found.toLocaleString()} lines)`);
  };
  const cases = async (holder: { account_id: string }) => {
    await time(holder, 'the last 30 days (the default)', 'pageNo=1&pageSize=10');
    await time(holder, 'its last page', `pageNo=${Math.ceil((30 * PER_DAY) / 10)}&pageSize=10`);
    await time(holder, 'a week a month ago', `from=${addDays(today, -40)}&to=${addDays(today, -34)}&pageNo=1&pageSize=10`);
    await time(holder, 'a whole year', `from=${addDays(today, -365)}&to=${today}&pageNo=1&pageSize=10`);
  };
  const analyze = async () => {
    await t.db.execute(sql`ANALYZE fin_txn`);
    await t.db.execute(sql`ANALYZE fin_entry`);
  };
  console.log(`账户流水 of one account on ${t.kind}, ${PER_DAY} postings a day`);
  const month = await post(holders[0]!, 31);
  console.log(`  a month's history: ${(31 * PER_DAY).toLocaleString()} postings (posted at ${month.toFixed(2)} ms each)`);
  await analyze();
  await cases(holders[0]!);
  const year = await post(holders[1]!, 366);
  console.log(`  a year's history: ${(366 * PER_DAY).toLocaleString()} postings (posted at ${year.toFixed(2)} ms each)`);
  await analyze();
  await cases(holders[1]!);
  console.log('  goal: each under 100 ms median and 200 ms p95 of server time (stretch 50 ms)');
} finally {
  await t.close();
}
