/**
 * ListGrid page fetch over 1,000,000 rows on PostgreSQL: server time of GET /demo/tableEdit/list
 * (page of 10, sorted by orderNum; first page, a middle page, a filtered page). Run with:
 *   node --import tsx tests/support/withPostgres.ts node --import tsx tests/bench/listPage.ts
 * Without TEST_DATABASE_URL it runs on PGlite with 100,000 rows (and says so).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { BASE, createTestApp, signIn } from '../support/testApp';
import { summarise } from './stats';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROWS = onPostgres ? 1_000_000 : 100_000;

const t = await createTestApp();
try {
  const filled = performance.now();
  await t.db.execute(sql`
    INSERT INTO demo_table_rows (id, tenant_id, order_num, name, code, amount, quantity, category, checked_in, progress)
    SELECT md5(i::text), 0, i, '学生' || i, 'B-' || i, (i % 10000) / 100.0, i % 50, ((i % 4) + 1)::text, i % 2 = 0, i % 101
    FROM generate_series(1, ${ROWS}) AS s(i)`);
  await t.db.execute(sql`ANALYZE demo_table_rows`);
  console.log(`list page: ${ROWS.toLocaleString()} rows on ${t.kind} (filled in ${((performance.now() - filled) / 1000).toFixed(1)} s)`);

  const token = await signIn(t.app, 'admin');
  const headers = { 'X-Access-Token': token };
  const cases: [string, string][] = [
    ['first page', 'pageNo=1&pageSize=10&column=orderNum&order=asc'],
    ['page 500 of 10', 'pageNo=500&pageSize=10&column=orderNum&order=asc'],
    ['last pages, descending', 'pageNo=3&pageSize=10&column=orderNum&order=desc'],
    ['filtered by category', 'pageNo=1&pageSize=10&column=orderNum&order=asc&category=2'],
  ];
  for (const [label, query] of cases) {
    const times: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      // In-process inject: no network, so this is the server's time (auth, queries, JSON).
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url: `${BASE}/demo/tableEdit/list?${query}`, headers });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${label}: HTTP ${response.statusCode}`);
      if (i >= 5) times.push(elapsed);
    }
    const { median, p95 } = summarise(times);
    console.log(`  ${label.padEnd(26)} median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
  }
  console.log('  target: a page of 10 from 1M rows under 20 ms server time');
} finally {
  await t.close();
}
