/**
 * The growth curve: the same list and payment figures as the ledger grows to 100,000, 1,000,000
 * and 10,000,000 payments. A school of 3,000 pupils pays about 3,300 times a day, so 100,000 is
 * its last month; each step adds the history before it (a million is most of a year, ten million
 * eight years), so the month a clerk looks at stays the same while the table grows under it — as a
 * school's does. Every payment is posted by the ledger's own posting function (fin_consume: lock,
 * key, limits, split, header, lines, counters, balance), many to a statement, two statements at
 * once on halves of the payers, oldest first within each step. At each size: server time of a page of 10 with its 合计 (消费记录 by its filters, 账户流水,
 * 卡余额), and 8 terminals' signed payments per second over HTTP. Run with:
 *   PG_DURABLE=1 node --import tsx tests/support/withPostgres.ts node --import tsx tests/bench/growth.ts
 * GROWTH_TO stops at a smaller size (e.g. 1000000). Printed as a table, never asserted.
 */
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/db/rows';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { BASE, createTestApp, signIn } from '../support/testApp';
import { addPeople } from './benchPeople';
import { paymentHistory, PER_DAY } from './benchPayments';
import { summarise } from './stats';

const SIZES = [100_000, 1_000_000, 10_000_000].filter((size) => size <= Number(process.env.GROWTH_TO ?? 10_000_000));
const zone = DEFAULT_TIME_ZONE;

// Balances are topped up by hand below (not posted): not books to check.
const t = await createTestApp({ ledgerChecks: false });
try {
  await addPeople(t.db, { like: 'STUDENT', count: 3000, prefix: 'GROW', perClass: 40 });
  const history = await paymentHistory(t.db, zone);
  const { payers, tills } = history;
  // Money for a school's years of lunches, by hand.
  await t.db.execute(sql`UPDATE memb_account SET cash_cents = cash_cents + 100000000000 WHERE tenant_id = 0`);
  const token = await signIn(t.app, 'admin');
  const headers = { 'X-Access-Token': token };

  let posted = 0;
  const grow = async (count: number, endDaysAgo: number) => {
    const seconds = await history.grow(count, endDaysAgo);
    posted += count;
    return seconds;
  };

  const today = dayIn(zone);
  const month = `postedAt_begin=${addDays(today, -30)}&postedAt_end=${today}`;
  const q = encodeURIComponent;
  /** Median and p95 of server time (in-process inject: no network), after warming. */
  async function time(url: string): Promise<{ median: number; p95: number }> {
    const times: number[] = [];
    for (let i = 0; i < 24; i += 1) {
      const started = performance.now();
      const response = await t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200 || response.json().success === false) throw new Error(`${url}: HTTP ${response.statusCode} ${response.body}`);
      if (i >= 4) times.push(elapsed);
    }
    return summarise(times);
  }

  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${BASE}`;
  const issued = await t.app.inject({
    method: 'POST',
    url: `${BASE}/dev/device/issueKey`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ id: (await rowsOf<{ id: string }>(t.db, sql`SELECT id FROM dev_device WHERE serial_no = 'POS0101'`))[0]!.id }),
  });
  const cards = (await rowsOf<{ card_no: string }>(t.db, sql`SELECT card_no FROM bench_payer ORDER BY n`)).map((row) => row.card_no);
  /** 8 terminals posting for some seconds from a process of their own: payments per second and the median answer (ms). */
  const terminals = (seconds = 8) =>
    new Promise<{ perSecond: number; median: number }>((resolve, reject) => {
      const load = { url: `${base}/terminal/consume`, serial: 'POS0101', secret: issued.json().result.secret, cards: cards.slice(0, 1000), terminals: 8, seconds };
      execFile(
        'node',
        ['--import', 'tsx', fileURLToPath(new URL('./terminalClient.ts', import.meta.url))],
        { env: { ...process.env, TERMINAL_LOAD: JSON.stringify(load) }, maxBuffer: 64 << 20 },
        (error, stdout) => {
          if (error) return reject(error);
          const { latencies } = JSON.parse(stdout) as { latencies: number[] };
          resolve({ perSecond: latencies.length / seconds, median: summarise(latencies).median });
        },
      );
    });

  console.log(`the growth curve on ${t.kind}: ${(payers * 2).toLocaleString()} payers at ${tills} terminals, ${PER_DAY.toLocaleString()} payments a day, each step's history before the last`);
  const rows: Record<string, string>[] = [];
  let end = 0;
  for (const size of SIZES) {
    const seconds = await grow(size - posted, end);
    end += (size - posted) / PER_DAY;
    const [payer] = await rowsOf<{ name: string; no: string; dept: string; card: string; account: string; txn_no: string }>(
      t.db,
      sql`SELECT m.real_name AS name, m.member_no AS no, m.dept_id AS dept, c.card_no AS card, a.id AS account, x.txn_no
        FROM fin_txn x JOIN memb_card c ON c.id = x.card_id JOIN memb_account a ON a.id = x.account_id JOIN memb_member m ON m.id = a.member_id
        WHERE x.posted_at > now() - interval '1 day' AND m.dept_id IS NOT NULL ORDER BY x.posted_at DESC LIMIT 1`,
    );
    const [size_] = await rowsOf<{ bytes: string }>(t.db, sql`SELECT pg_total_relation_size('fin_txn') + pg_total_relation_size('fin_entry') AS bytes`);
    const cases: [string, string][] = [
      ['消费记录 today', '/pay/consumption/list?pageNo=1&pageSize=10'],
      ['消费记录 31 days', `/pay/consumption/list?pageNo=1&pageSize=10&${month}`],
      ['消费记录 by 姓名', `/pay/consumption/list?pageNo=1&pageSize=10&${month}&memberName=${q(payer!.name)}`],
      ['消费记录 by 卡号', `/pay/consumption/list?pageNo=1&pageSize=10&${month}&cardNo=${q(payer!.card)}`],
      ['消费记录 by 班级', `/pay/consumption/list?pageNo=1&pageSize=10&${month}&deptId=${payer!.dept}`],
      ['消费记录 page 5,000', `/pay/consumption/list?pageNo=5000&pageSize=10&${month}`],
      ['消费记录 by 流水号', `/pay/consumption/list?pageNo=1&pageSize=10&${month}&txnNo=${payer!.txn_no.slice(0, 14)}`],
      ['账户流水 30 days', `/memb/account/statement?accountId=${payer!.account}&pageNo=1&pageSize=10`],
      ['卡余额 first page', '/memb/balance/list?pageNo=1&pageSize=10'],
      ['卡余额 by 姓名', `/memb/balance/list?pageNo=1&pageSize=10&realName=${q(payer!.name)}`],
    ];
    const row: Record<string, string> = {
      payments: size.toLocaleString(),
      'posted in': `${seconds.toFixed(0)} s (${((size - (rows.length ? SIZES[rows.length - 1]! : 0)) / seconds).toFixed(0)}/s)`,
      'fin_txn+fin_entry': `${(Number(size_!.bytes) / 2 ** 30).toFixed(2)} GB`,
    };
    for (const [label, url] of cases) {
      const stats = await time(url);
      row[label] = `${stats.median.toFixed(1)} / ${stats.p95.toFixed(1)}`;
    }
    // Warm first: every connection has prepared its statements and planned the posting.
    await terminals(2);
    const pay = await terminals();
    row['terminal payments/s'] = `${pay.perSecond.toFixed(0)} (p50 ${pay.median.toFixed(1)} ms)`;
    rows.push(row);
    console.log(`  ${size.toLocaleString()} payments:`);
    for (const [label, value] of Object.entries(row).slice(1)) console.log(`    ${label.padEnd(20)} ${value}`);
  }
  // The table: one column per size, list figures as median / p95 ms of server time.
  console.log('\n| what (median / p95 ms) | ' + rows.map((row) => row.payments).join(' | ') + ' |');
  console.log('|---|' + rows.map(() => '---|').join(''));
  for (const label of Object.keys(rows[0]!).slice(1)) console.log(`| ${label} | ${rows.map((row) => row[label]).join(' | ')} |`);
} finally {
  await t.close();
}
