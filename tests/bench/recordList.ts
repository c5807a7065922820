/**
 * The record lists at scale: server time of a page of 10 with its 合计 line, newest first, on
 * PostgreSQL. 消费记录 over 1,000,000 payments of the last 30 days — the first page of the default
 * range, each filter a clerk uses (姓名, 学号, 班级, 卡号, 操作员, 档口, 终端, a canteen and meal, a
 * transaction number's start) and their combinations, and page 5,000; then 充值记录 over 50,000
 * recharges beside them, 卡余额 (each account's last posting among them) and 进出记录 over
 * 1,000,000 passes, each by its filters. 账户流水 is tests/bench/statement.ts. Run with:
 *   PG_DURABLE=1 node --import tsx tests/support/withPostgres.ts node --import tsx tests/bench/recordList.ts
 * Without TEST_DATABASE_URL it runs on PGlite with 100,000 payments (and says so). Printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/db/rows';
import { scopeCost } from '@server/db/work';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { BASE, createTestApp, signIn } from '../support/testApp';
import { addPeople } from './benchPeople';
import { summarise } from './stats';

const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROWS = onPostgres ? 1_000_000 : 100_000;

// Payments written as headers alone (the list reads no lines): not books to check.
const t = await createTestApp({ ledgerChecks: false });
try {
  const filled = performance.now();
  // A school's pupils (3,000 in classes of 40) beside the seed's: each pays about 330 times a month.
  await addPeople(t.db, { like: 'STUDENT', count: onPostgres ? 3000 : 1000, prefix: 'PUPIL', perClass: 40 });
  // Payments of the seeded accounts over the last 30 days, at the seed's canteen, all meals; the
  // ledger's own numbering (day and sequence). Headers only: the list reads no lines.
  // Each account pays with its own card at one of the canteen's stores and terminals, as a
  // terminal posts (operator terminal:<serial>); a few are a clerk's counter payments. Written in
  // time order, as payments arrive: a day's rows lie together, as they do in a school's table.
  await t.db.execute(sql`
    WITH a AS (SELECT a.id, (SELECT c.id FROM memb_card c WHERE c.account_id = a.id ORDER BY c.create_time LIMIT 1) AS card_id, row_number() OVER () AS n FROM memb_account a WHERE a.tenant_id = 0),
         c AS (SELECT id FROM meal_canteen WHERE tenant_id = 0 LIMIT 1),
         st AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM meal_store WHERE tenant_id = 0),
         d AS (SELECT id, serial_no, row_number() OVER (ORDER BY id) AS n FROM dev_device WHERE tenant_id = 0),
         s AS (SELECT i, now() - (i % 43200) * interval '1 minute' - (i % 60) * interval '1 second' AS at FROM generate_series(1, ${ROWS}) AS g(i))
    INSERT INTO fin_txn (id, tenant_id, txn_no, idempotency_key, request_hash, txn_type, account_id, card_id, amount_cents, canteen_id, store_id, terminal_id, meal_type, operator, occurred_at, posted_at, acc_date, summary)
    SELECT md5('bench' || s.i), 0, to_char(s.at, 'YYYYMMDD') || lpad(nextval('fin_txn_no_seq')::text, 10, '0'), md5('key' || s.i), 'bench',
      CASE WHEN s.i % 50 = 0 THEN 'CONSUME_REFUND' ELSE 'CONSUME' END, a.id, a.card_id, 500 + s.i % 1500, (SELECT id FROM c),
      (SELECT id FROM st WHERE st.n = 1 + s.i % (SELECT count(*) FROM st)), d.id, ((s.i % 4) + 1)::text,
      CASE WHEN s.i % 97 = 0 THEN 'canteen' ELSE 'terminal:' || d.serial_no END, s.at, s.at, s.at::date, '消费'
    FROM s JOIN a ON a.n = 1 + s.i % (SELECT count(*) FROM a) JOIN d ON d.n = 1 + (s.i / 7) % (SELECT count(*) FROM d)
    ORDER BY s.at`);
  // Everything is written before anything is read: a list keeps the sums of closed days once read.
  // 充值记录: a recharge for every 20 payments (50,000 at a million), at the counter by one of
  // three clerks or by bank and WeChat, a few reversed; the same accounts, the same 30 days.
  const RECHARGES = ROWS / 20;
  await t.db.execute(sql`
    WITH a AS (SELECT a.id, (SELECT c.id FROM memb_card c WHERE c.account_id = a.id ORDER BY c.create_time LIMIT 1) AS card_id, row_number() OVER () AS n FROM memb_account a WHERE a.tenant_id = 0),
         s AS (SELECT i, now() - (i * 20 % 43200) * interval '1 minute' - (i % 60) * interval '1 second' AS at FROM generate_series(1, ${RECHARGES}) AS g(i))
    INSERT INTO fin_txn (id, tenant_id, txn_no, idempotency_key, request_hash, txn_type, account_id, card_id, amount_cents, channel, operator, occurred_at, posted_at, acc_date, summary)
    SELECT md5('benchcharge' || s.i), 0, to_char(s.at, 'YYYYMMDD') || lpad(nextval('fin_txn_no_seq')::text, 10, '0'), md5('chargekey' || s.i), 'bench',
      CASE WHEN s.i % 200 = 0 THEN 'RECHARGE_REVERSAL' ELSE 'RECHARGE' END, a.id, a.card_id, 5000 + (s.i % 20) * 1000,
      (ARRAY['cash', 'cash', 'bank', 'wechat'])[1 + s.i % 4], (ARRAY['admin', 'cashier1', 'cashier2'])[1 + s.i % 3], s.at, s.at, s.at::date, '充值'
    FROM s JOIN a ON a.n = 1 + s.i % (SELECT count(*) FROM a)
    ORDER BY s.at`);
  // 进出记录: as many passes as payments, at four gates, by the same people, in and out.
  const [doors] = await rowsOf<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM acs_door WHERE tenant_id = 0 AND del_flag = 0`);
  if (!doors!.n)
    await t.db.execute(sql`
      INSERT INTO acs_door (id, tenant_id, name, serial_no)
      SELECT md5('benchdoor' || i), 0, '校门' || i, 'BENCH-DOOR-' || i FROM generate_series(1, 4) AS g(i)`);
  await t.db.execute(sql`
    WITH p AS (SELECT m.id, m.member_no, m.real_name, m.dept_id, m.member_type_id, c.card_no, row_number() OVER () AS n
               FROM memb_account a JOIN memb_member m ON m.id = a.member_id LEFT JOIN memb_card c ON c.account_id = a.id AND c.card_status = '1' WHERE a.tenant_id = 0),
         d AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM acs_door WHERE tenant_id = 0 AND del_flag = 0),
         s AS (SELECT i, now() - (i % 43200) * interval '1 minute' - (i % 60) * interval '1 second' AS at FROM generate_series(1, ${ROWS}) AS g(i))
    INSERT INTO acs_log (id, tenant_id, pass_day, pass_time, door_id, direction, member_id, member_no, name, dept_id, member_type_id, method, result, reason, card_no, serial_no)
    SELECT md5('benchpass' || s.i), 0, (s.at AT TIME ZONE ${DEFAULT_TIME_ZONE})::date, s.at, d.id, (1 + s.i % 2)::text, p.id, p.member_no, p.real_name, p.dept_id, p.member_type_id,
      '1', CASE WHEN s.i % 100 = 0 THEN '2' ELSE '1' END, CASE WHEN s.i % 100 = 0 THEN '1' END, p.card_no, 'P' || s.i
    FROM s JOIN p ON p.n = 1 + s.i % (SELECT count(*) FROM p) JOIN d ON d.n = 1 + (s.i / 13) % (SELECT count(*) FROM d)
    ORDER BY s.at`);
  await t.db.execute(sql`ANALYZE fin_txn`);
  await t.db.execute(sql`ANALYZE acs_log`);
  const [people] = await rowsOf<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM memb_account WHERE tenant_id = 0`);
  console.log(`消费记录: ${ROWS.toLocaleString()} payments of ${people!.n.toLocaleString()} accounts on ${t.kind} (filled in ${((performance.now() - filled) / 1000).toFixed(1)} s)`);

  const [canteen] = await rowsOf<{ id: string }>(t.db, sql`SELECT id FROM meal_canteen WHERE tenant_id = 0 LIMIT 1`);
  const [some] = await rowsOf<{ txn_no: string }>(t.db, sql`SELECT txn_no FROM fin_txn WHERE summary = '消费' ORDER BY posted_at DESC OFFSET 1000 LIMIT 1`);
  // A paying pupil: their name, number, class and card; a store and a terminal that took payments.
  const [payer] = await rowsOf<{ name: string; no: string; dept: string; card: string; store: string; terminal: string; serial: string }>(
    t.db,
    sql`SELECT m.real_name AS name, m.member_no AS no, m.dept_id AS dept, c.card_no AS card, x.store_id AS store, x.terminal_id AS terminal, d.serial_no AS serial
      FROM fin_txn x JOIN memb_card c ON c.id = x.card_id JOIN memb_account a ON a.id = x.account_id JOIN memb_member m ON m.id = a.member_id JOIN dev_device d ON d.id = x.terminal_id
      WHERE x.summary = '消费' AND m.dept_id IS NOT NULL ORDER BY x.posted_at DESC LIMIT 1`,
  );
  const token = await signIn(t.app, 'admin');
  const headers = { 'X-Access-Token': token };
  // The school's longest range (31 days up to today): a list without one is today's.
  const today = dayIn(DEFAULT_TIME_ZONE);
  const month = `postedAt_begin=${addDays(today, -30)}&postedAt_end=${today}`;
  const page = `pageNo=1&pageSize=10&${month}`;
  const q = encodeURIComponent;
  const cases: [string, string][] = [
    ['first page, today (the default)', 'pageNo=1&pageSize=10'],
    ['first page, 31 days', page],
    ['by 姓名', `${page}&memberName=${q(payer!.name)}`],
    ['by 学号', `${page}&memberNo=${q(payer!.no)}`],
    ['by 班级', `${page}&deptId=${payer!.dept}`],
    ['by 卡号', `${page}&cardNo=${q(payer!.card)}`],
    ['by 操作员 (a terminal)', `${page}&operator=${q(`terminal:${payer!.serial}`)}`],
    ['by 操作员 (a clerk)', `${page}&operator=canteen`],
    ['by 档口', `${page}&storeId=${payer!.store}`],
    ['by 终端', `${page}&terminalId=${payer!.terminal}`],
    ['a canteen and a meal', `${page}&canteenId=${canteen!.id}&mealType=2`],
    ['班级 and a meal', `${page}&deptId=${payer!.dept}&mealType=2`],
    ['a transaction number', `${page}&txnNo=${some!.txn_no.slice(0, 14)}`],
    ['page 5,000, 31 days', `pageNo=5000&pageSize=10&${month}`],
  ];
  // Each case also runs without the school's scope (its units of work as plain platform
  // transactions), taking turns, so the scope's cost is a ratio of one run (issue 49: at most 5 %).
  const ratios: number[] = [];
  const worst = { median: 0, p95: 0, label: '' };
  async function measure(list: string, cases: readonly [string, string][]) {
    for (const [label, url] of cases) {
      const times = { school: [] as number[], platform: [] as number[] };
      let total = 0;
      for (let i = 0; i < 40; i += 1) {
        const side = i % 2 ? 'platform' : 'school';
        scopeCost.off = side === 'platform';
        // In-process inject: no network, so this is the server's time (auth, queries, 合计, JSON).
        const started = performance.now();
        const response = await t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers });
        const elapsed = performance.now() - started;
        scopeCost.off = false;
        if (response.statusCode !== 200 || response.json().success === false) throw new Error(`${list} ${label}: HTTP ${response.statusCode} ${response.body}`);
        total = response.json().result.total;
        if (i >= 4) times[side].push(elapsed);
      }
      const school = summarise(times.school);
      const platform = summarise(times.platform);
      ratios.push(school.median / platform.median);
      if (school.median > worst.median) Object.assign(worst, { median: school.median, label: `${list} ${label}` });
      worst.p95 = Math.max(worst.p95, school.p95);
      console.log(
        `  ${label.padEnd(32)} median ${school.median.toFixed(1)} ms, p95 ${school.p95.toFixed(1)} ms (${total.toLocaleString()} found) · without the scope ${platform.median.toFixed(1)} ms: ${percent(school.median / platform.median)}`,
      );
    }
  }
  await measure(
    '消费记录',
    cases.map(([label, query]) => [label, `/pay/consumption/list?${query}`]),
  );

  const [gate] = await rowsOf<{ id: string }>(t.db, sql`SELECT id FROM acs_door WHERE tenant_id = 0 AND del_flag = 0 ORDER BY id LIMIT 1`);
  const [charge] = await rowsOf<{ txn_no: string }>(t.db, sql`SELECT txn_no FROM fin_txn WHERE summary = '充值' ORDER BY posted_at DESC OFFSET 500 LIMIT 1`);
  const [accounts] = await rowsOf<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM memb_account WHERE tenant_id = 0`);

  console.log(`充值记录: ${RECHARGES.toLocaleString()} recharges beside the payments`);
  const passed = `postedAt_begin=${addDays(today, -30)}&postedAt_end=${today}`;
  const charges = `pageNo=1&pageSize=10&${passed}`;
  await measure('充值记录', [
    ['first page, today (the default)', '/pay/charge/list?pageNo=1&pageSize=10'],
    ['first page, 31 days', `/pay/charge/list?${charges}`],
    ['by 姓名', `/pay/charge/list?${charges}&memberName=${q(payer!.name)}`],
    ['by 学号', `/pay/charge/list?${charges}&memberNo=${q(payer!.no)}`],
    ['by 班级', `/pay/charge/list?${charges}&deptId=${payer!.dept}`],
    ['by 卡号', `/pay/charge/list?${charges}&cardNo=${q(payer!.card)}`],
    ['by 操作员', `/pay/charge/list?${charges}&operator=cashier1`],
    ['by 充值方式', `/pay/charge/list?${charges}&channel=bank`],
    ['班级 and 充值方式', `/pay/charge/list?${charges}&deptId=${payer!.dept}&channel=cash`],
    ['a transaction number', `/pay/charge/list?${charges}&txnNo=${charge!.txn_no.slice(0, 14)}`],
    ['the last page, 31 days', `/pay/charge/list?pageNo=${Math.ceil(RECHARGES / 10)}&pageSize=10&${passed}`],
  ]);

  console.log(`卡余额: ${accounts!.n.toLocaleString()} accounts, their last posting among ${(ROWS + RECHARGES).toLocaleString()}`);
  await measure('卡余额', [
    ['first page', '/memb/balance/list?pageNo=1&pageSize=10'],
    ['by 姓名', `/memb/balance/list?pageNo=1&pageSize=10&realName=${q(payer!.name)}`],
    ['by 学号', `/memb/balance/list?pageNo=1&pageSize=10&memberNo=${q(payer!.no)}`],
    ['by 班级', `/memb/balance/list?pageNo=1&pageSize=10&deptId=${payer!.dept}`],
    ['by 卡号', `/memb/balance/list?pageNo=1&pageSize=10&cardNo=${q(payer!.card)}`],
    ['低余额 (under ¥10)', '/memb/balance/list?pageNo=1&pageSize=10&balance_end=10'],
    ['by the last posting, newest', '/memb/balance/list?pageNo=1&pageSize=10&column=lastTxnAt&order=desc'],
    ['the last page', `/memb/balance/list?pageNo=${Math.ceil(accounts!.n / 10)}&pageSize=10`],
  ]);

  console.log(`进出记录: ${ROWS.toLocaleString()} passes at the gates in 30 days`);
  const days = `passDay_begin=${addDays(today, -30)}&passDay_end=${today}`;
  const passes = `pageNo=1&pageSize=10&${days}`;
  await measure('进出记录', [
    ['first page, today (the default)', '/acs/log/list?pageNo=1&pageSize=10'],
    ['first page, 31 days', `/acs/log/list?${passes}`],
    ['by 姓名', `/acs/log/list?${passes}&name=${q(payer!.name)}`],
    ['by 学号', `/acs/log/list?${passes}&memberNo=${q(payer!.no)}`],
    ['by 班级', `/acs/log/list?${passes}&deptId=${payer!.dept}`],
    ['by 门', `/acs/log/list?${passes}&doorId=${gate!.id}`],
    ['refused', `/acs/log/list?${passes}&result=2`],
    ['班级 and a way', `/acs/log/list?${passes}&deptId=${payer!.dept}&direction=1`],
    ['page 5,000, 31 days', `/acs/log/list?pageNo=5000&pageSize=10&${days}`],
  ]);
  const overall = ratios.reduce((product, ratio) => product * ratio, 1) ** (1 / ratios.length);
  console.log(`  the school's scope costs ${percent(overall)} over the cases (geometric mean; budget +5 %)`);
  console.log(`  the slowest median: ${worst.median.toFixed(1)} ms (${worst.label}); the worst p95: ${worst.p95.toFixed(1)} ms`);
  console.log('  goal: each under 100 ms median and 200 ms p95 of server time (stretch 50 ms)');
} finally {
  await t.close();
}
