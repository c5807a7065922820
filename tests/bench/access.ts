/**
 * 门禁 at scale, printed (never asserted):
 * - passes per second through the signed gate API over HTTP (8 gates at once, one pass a request,
 *   each decided — card, grant, time group, leave — and kept), with p50/p99;
 * - a page of 10 of 进出记录 with a class and a date-range filter over 5,000,000 records
 *   (PostgreSQL; 200,000 on PGlite), newest first, server time.
 * On PostgreSQL as production runs it (fsync, synchronous_commit, full_page_writes on — said below):
 *   PG_DURABLE=1 node --import tsx tests/support/withPostgres.ts node --import tsx tests/bench/access.ts
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { doors } from '@areas/access/server/tables';
import { rowsOf } from '@server/db/rows';
import { addDays, dateTimeIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import type { GateRecord } from '@areas/access/shared/gate';
import { gateHeaders } from '../support/gate';
import { BASE, createTestApp, signIn } from '../support/testApp';
import { summarise } from './stats';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const GATES = 8;
const ROWS = onPostgres ? 5_000_000 : 200_000;

const app = await createTestApp();
try {
  const durability = app.databaseUrl
    ? ['fsync', 'synchronous_commit', 'full_page_writes'].map((setting) => `${setting}=${execFileSync('psql', [app.databaseUrl!, '-tAc', `show ${setting}`], { encoding: 'utf8' }).trim()}`).join(', ')
    : 'in memory';
  console.log(`门禁 on ${onPostgres ? 'PostgreSQL' : 'PGlite'} (${durability})`);
  const admin = await signIn(app.app, 'admin');
  const [door] = await app.db.select().from(doors).where(eq(doors.name, '南大门'));
  const issued = await app.app.inject({
    method: 'POST',
    url: `${BASE}/acs/door/issueKey`,
    headers: { 'X-Access-Token': admin, 'content-type': 'application/json' },
    payload: JSON.stringify({ id: door!.id }),
  });
  const key = { serial: door!.serialNo, secret: issued.json().result.secret as string };
  const cards = (
    await app.db
      .select({ cardNo: t.cards.cardNo })
      .from(t.cards)
      .where(and(eq(t.cards.tenantId, 0), eq(t.cards.cardStatus, '1')))
  ).map((row) => row.cardNo);
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${BASE}/gate/access`;

  // 8 gates, each posting its next pass as soon as the last is answered.
  const latencies: number[] = [];
  let refused = 0;
  let serial = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: GATES }, async () => {
      while (performance.now() < until) {
        serial += 1;
        const records: GateRecord[] = [{ serialNo: `B${serial}`, cardNo: cards[serial % cards.length]!, direction: serial % 2 ? '1' : '2', method: '1', deviceTime: dateTimeIn(DEFAULT_TIME_ZONE) }];
        const started = performance.now();
        const response = await fetch(url, { method: 'POST', headers: gateHeaders(key, records), body: JSON.stringify({ records }) });
        const body = (await response.json()) as { result: { success: boolean }[] };
        latencies.push(performance.now() - started);
        if (!body.result?.[0]?.success) refused += 1;
      }
    }),
  );
  const pace = summarise(latencies);
  console.log(`  gate API: ${(latencies.length / SECONDS).toFixed(0)} passes/s (${GATES} gates, ${SECONDS} s), p50 ${pace.median.toFixed(1)} ms, p99 ${pace.p99.toFixed(1)} ms, ${refused} not taken`);

  // 进出记录: ROWS passes over the last 30 school days, 60 classes, at the two gates.
  const today = dateTimeIn(DEFAULT_TIME_ZONE).slice(0, 10);
  const [klass] = await rowsOf<{ id: string }>(app.db, sql`SELECT id FROM member_departments WHERE tenant_id = 0 AND name = '高一（2）班'`);
  const filled = performance.now();
  const CHUNK = 500_000;
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    await app.db.execute(sql`
      INSERT INTO acs_log (id, tenant_id, pass_day, pass_time, door_id, direction, member_id, member_no, name, dept_id, class_name, method, result, card_no, serial_no)
      SELECT md5('acs' || i), 0, (${today}::date - ((i / 7) % 30)), (${today}::date - ((i / 7) % 30))::timestamp + interval '6 hours' + (i % 50000) * interval '1 second',
        ${door!.id}, CASE WHEN i % 2 = 0 THEN '1' ELSE '2' END, md5('m' || (i % 3000)), 'S' || (i % 3000), '学生' || (i % 3000),
        CASE WHEN i % 60 = 0 THEN ${klass!.id} ELSE md5('class' || (i % 60)) END, '班级', '1', CASE WHEN i % 40 = 0 THEN '2' ELSE '1' END, 'C' || (i % 3000), 'F' || i
      FROM generate_series(${from}::int, ${to}::int) AS g(i)`);
  }
  // As autovacuum leaves a table at rest: statistics, and the visibility map index-only counts use.
  await app.db.execute(sql`VACUUM ANALYZE acs_log`);
  console.log(`  进出记录: ${ROWS.toLocaleString()} passes over 30 days filled in ${((performance.now() - filled) / 1000).toFixed(1)} s`);
  const cases: [string, string][] = [
    ['today, first page', 'pageNo=1&pageSize=10'],
    ['a class, the last 7 days', `pageNo=1&pageSize=10&deptId=${klass!.id}&passDay_begin=${addDays(today, -6)}&passDay_end=${today}`],
    ['a class, 30 days, page 50', `pageNo=50&pageSize=10&deptId=${klass!.id}&passDay_begin=${addDays(today, -29)}&passDay_end=${today}`],
    ['refused passes, 7 days', `pageNo=1&pageSize=10&result=2&passDay_begin=${addDays(today, -6)}&passDay_end=${today}`],
  ];
  for (const [label, query] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 15; i += 1) {
      const started = performance.now();
      const response = await app.app.inject({ method: 'GET', url: `${BASE}/acs/log/list?${query}`, headers: { 'X-Access-Token': admin } });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${label}: HTTP ${response.statusCode} ${response.body}`);
      total = response.json().result.total;
      if (i >= 3) times.push(elapsed);
    }
    const { median, p95 } = summarise(times);
    console.log(`  ${label.padEnd(28)} median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${total.toLocaleString()} found)`);
  }
} finally {
  await app.close();
}
export {};
