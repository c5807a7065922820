/**
 * What the school's unit of work costs (issue 49's budget: at most 5 %): the same statements run
 * as platform work (no policy applies) and inside a school's unit of work (role ccu_app, the row
 * policy on every table), taking turns so a busy machine slows both alike:
 * - 消费记录's page: the newest 10 payments of the school with the 合计 of the range, over
 *   1,000,000 payments on PostgreSQL (100,000 on PGlite);
 * - a small write: one history line in its own transaction (commit included, durable on
 *   PostgreSQL when run with PG_DURABLE=1).
 *   PG_DURABLE=1 node --import tsx tests/support/withPostgres.ts node --import tsx tests/bench/schoolScope.ts
 * Printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/db/rows';
import { recordHistory } from '@server/db/schema';
import { inSchool } from '@server/db/work';
import { createTestApp } from '../support/testApp';
import { summarise } from './stats';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROWS = onPostgres ? 1_000_000 : 100_000;
const ROUNDS = 300;

const t = await createTestApp({ ledgerChecks: false });
try {
  const filled = performance.now();
  await t.db.execute(sql`
    WITH a AS (SELECT id, row_number() OVER () AS n FROM memb_account WHERE tenant_id = 0),
         s AS (SELECT i, now() - (i % 43200) * interval '1 minute' AS at FROM generate_series(1, ${ROWS}) AS g(i))
    INSERT INTO fin_txn (id, tenant_id, txn_no, idempotency_key, request_hash, txn_type, account_id, amount_cents, meal_type, operator, occurred_at, posted_at, acc_date, summary)
    SELECT md5('scope' || s.i), 0, to_char(s.at, 'YYYYMMDD') || lpad(nextval('fin_txn_no_seq')::text, 10, '0'), md5('scopekey' || s.i), 'bench',
      'CONSUME', a.id, 500 + s.i % 1500, ((s.i % 4) + 1)::text, 'terminal:POS0101', s.at, s.at, s.at::date, '消费'
    FROM s JOIN a ON a.n = 1 + s.i % (SELECT count(*) FROM a)`);
  await t.db.execute(sql`ANALYZE fin_txn`);
  console.log(`学校作用域的代价: ${ROWS.toLocaleString()} payments on ${t.kind} (filled in ${((performance.now() - filled) / 1000).toFixed(1)} s)`);
  const [account] = await rowsOf<{ id: string }>(t.db, sql`SELECT account_id AS id FROM fin_txn WHERE tenant_id = 0 GROUP BY account_id ORDER BY count(*) DESC LIMIT 1`);

  const page = sql`SELECT txn_no, amount_cents, posted_at FROM fin_txn WHERE tenant_id = 0 AND txn_type = 'CONSUME' AND posted_at >= now() - interval '7 days' ORDER BY posted_at DESC LIMIT 10`;
  const person = sql`SELECT count(*)::int AS n, coalesce(sum(amount_cents), 0)::bigint AS cents FROM fin_txn WHERE tenant_id = 0 AND account_id = ${account!.id} AND posted_at >= now() - interval '30 days'`;
  const worker = { tenantId: 0, username: 'bench' };
  const write = (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => tx.insert(recordHistory).values({ tenantId: 0, entity: 'bench', recordId: 'scope', action: 'bench', operator: 'bench' });

  const cases = [
    {
      name: '消费记录 page + a person’s 合计',
      platform: async () => (await t.db.execute(page), await t.db.execute(person)),
      school: () => inSchool(t.db, worker, async (work) => (await work.tx.execute(page), await work.tx.execute(person))),
    },
    {
      name: 'a one-line write, committed',
      platform: () => t.db.transaction(async (tx) => void (await write(tx))),
      school: () => inSchool(t.db, worker, async (work) => void (await write(work.tx as never))),
    },
  ];
  for (const one of cases) {
    const times = { platform: [] as number[], school: [] as number[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      // Taking turns, the order swapped each round.
      for (const side of round % 2 ? (['school', 'platform'] as const) : (['platform', 'school'] as const)) {
        const started = performance.now();
        await one[side]();
        times[side].push(performance.now() - started);
      }
    }
    const platform = summarise(times.platform);
    const school = summarise(times.school);
    console.log(
      `  ${one.name}: platform median ${platform.median.toFixed(2)} ms (p95 ${platform.p95.toFixed(2)}), in a school's unit of work ${school.median.toFixed(2)} ms (p95 ${school.p95.toFixed(2)}) — ${((school.median / platform.median - 1) * 100).toFixed(1)} %`,
    );
  }
} finally {
  await t.close();
}
