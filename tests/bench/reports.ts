/**
 * 统计报表 at scale: 日终结算 of one month with 1,000,000 ledger postings (≈2.6 million lines) on
 * PostgreSQL — the close of the 30 days in one run, as after an install or an outage, then of one
 * ordinary day — and the server time of GET /report/daily, /report/monthly and /report/yearly once
 * closed. Run with:
 *   PG_DURABLE=1 node --import tsx tests/support/withPostgres.ts node --import tsx tests/bench/reports.ts
 * Without TEST_DATABASE_URL it runs on PGlite with 100,000 postings (and says so). Printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { closeDays } from '@server/modules/reports/dayClose';
import { addDays, dayIn, DEFAULT_TIME_ZONE, parseSchoolTime } from '@shared/schoolTime';
import { fillLedgerMonth } from '../support/ledgerMonth';
import { BASE, createTestApp, signIn } from '../support/testApp';
import { summarise } from './stats';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const POSTINGS = onPostgres ? 1_000_000 : 100_000;

const t = await createTestApp();
try {
  const today = dayIn(DEFAULT_TIME_ZONE);
  // The month before yesterday: closed in one run; yesterday is then one ordinary night's close.
  const first = addDays(today, -31);
  const filled = performance.now();
  await fillLedgerMonth(t.db, {
    tenantId: 0,
    postings: POSTINGS,
    start: parseSchoolTime(DEFAULT_TIME_ZONE, `${first} 00:00:00`)!,
    end: parseSchoolTime(DEFAULT_TIME_ZONE, `${today} 00:00:00`)!,
    marker: 'bench-month',
  });
  await t.db.execute(sql`ANALYZE fin_txn`);
  await t.db.execute(sql`ANALYZE fin_entry`);
  console.log(
    `统计报表: ${POSTINGS.toLocaleString()} postings over 31 days on ${t.kind}${process.env.PG_DURABLE === '1' ? ' (fsync on)' : ''} (filled in ${((performance.now() - filled) / 1000).toFixed(1)} s)`,
  );

  // The 30 days before yesterday, as a server that has never closed catches up (now = yesterday's first minutes).
  const catchUp = performance.now();
  const month = await closeDays(t.db, 0, 'bench', parseSchoolTime(DEFAULT_TIME_ZONE, `${addDays(today, -1)} 00:30:00`)!);
  console.log(`  日终结算, ${month.closed.length} days in one run: ${((performance.now() - catchUp) / 1000).toFixed(1)} s (${month.txns.toLocaleString()} postings)`);
  const night = performance.now();
  const day = await closeDays(t.db, 0, 'bench', parseSchoolTime(DEFAULT_TIME_ZONE, `${today} 00:30:00`)!);
  console.log(`  日终结算, one night (${day.closed.join(', ')}): ${((performance.now() - night) / 1000).toFixed(2)} s (${day.txns.toLocaleString()} postings)`);

  const token = await signIn(t.app, 'admin');
  const cases: [string, string][] = [
    ['日报 (yesterday, closed)', `/report/daily?date=${addDays(today, -1)}`],
    ['月报 (last month)', `/report/monthly?month=${addDays(today, -20).slice(0, 7)}`],
    ['年报 (this year)', `/report/yearly?year=${today.slice(0, 4)}`],
    ['日报 (today, live)', `/report/daily?date=${today}`],
  ];
  for (const [label, url] of cases) {
    const times: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: { 'X-Access-Token': token } });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${label}: HTTP ${response.statusCode} ${response.body}`);
      if (response.json().result.fundTotal.check !== 0) throw new Error(`${label}: 校验差额 is not 0`);
      if (i >= 2) times.push(elapsed);
    }
    const { median, p95 } = summarise(times);
    console.log(`  ${label.padEnd(26)} median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
  }
} finally {
  await t.close();
}
export {};
