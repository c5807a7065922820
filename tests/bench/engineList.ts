/**
 * A page of 10 through the entity engine (食堂管理) against the hand-written user list, each over
 * 100,000 rows of its table: server time per request (fastify.inject), median and p95, and the
 * ratio. Goal: the engine within 1.2× of the hand-written list. On PGlite, or PostgreSQL with
 * TEST_DATABASE_URL. Numbers are printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { BASE, createTestApp, signIn } from '../support/testApp';
import { summarise } from './stats';

const ROWS = 100_000;
const t = await createTestApp();
try {
  await t.db.execute(sql`INSERT INTO users (id, tenant_id, username, realname, password_hash) SELECT md5('u' || i), 0, 'bench' || i, '用户' || i, 'x' FROM generate_series(1, ${ROWS}) AS s(i)`);
  await t.db.execute(
    sql`INSERT INTO meal_canteen (id, tenant_id, name, code, status, sort_no, seats) SELECT md5('c' || i), 0, '食堂' || i, 'B' || i, ((i % 2) + 1)::text, i % 1000, i % 900 FROM generate_series(1, ${ROWS}) AS s(i)`,
  );
  await t.db.execute(sql`ANALYZE users`);
  await t.db.execute(sql`ANALYZE meal_canteen`);
  const headers = { 'X-Access-Token': await signIn(t.app, 'admin') };

  const time = async (url: string) => {
    const times: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${url}: HTTP ${response.statusCode}`);
      if (i >= 10) times.push(elapsed);
    }
    return summarise(times);
  };
  console.log(`entity engine list vs hand-written list: ${ROWS.toLocaleString()} rows each on ${t.kind}`);
  for (const [label, engineUrl, userUrl] of [
    ['first page, default sort', '/meals/canteen/list?pageNo=1&pageSize=10', '/sys/user/list?pageNo=1&pageSize=10'],
    ['page 500, sorted by name', '/meals/canteen/list?pageNo=500&pageSize=10&column=name&order=asc', '/sys/user/list?pageNo=500&pageSize=10&column=realname&order=asc'],
    ['filtered (contains)', '/meals/canteen/list?pageNo=1&pageSize=10&name=*9999*', '/sys/user/list?pageNo=1&pageSize=10&realname=*9999*'],
  ] as const) {
    const engine = await time(engineUrl);
    const users = await time(userUrl);
    console.log(
      `  ${label.padEnd(26)} engine median ${engine.median.toFixed(1)} ms (p95 ${engine.p95.toFixed(1)}), users median ${users.median.toFixed(1)} ms (p95 ${users.p95.toFixed(1)}), ratio ${(engine.median / users.median).toFixed(2)}×`,
    );
  }
  console.log('  goal: ratio ≤ 1.2×');
} finally {
  await t.close();
}
