/**
 * A school's lunch peak: 3,000 pupils pay at 40 terminals over a 30-minute lunch (run compressed,
 * 60 s by default: 30× the real rate), four of the terminals off line, their taps uploaded in
 * batches after the lunch; meanwhile 5 clerks work the console (卡余额, 账户流水, 充值 at the counter on
 * the same accounts, 消费记录) and one of them opens today's 日报 every ten seconds. Terminals and
 * clerks are processes of their own, over HTTP, against the real server. Prints the payments per
 * second, a tap's latency, the console's p95, every refusal beside the one expected (a lost card, a
 * pupil without the money: nothing else may be refused), the lunch's money three ways (the
 * answers, the ledger, the 日报) and the ledger's own checks (drift, balance, day counters).
 *   PG_DURABLE=1 node --import tsx tests/support/withPostgres.ts node --import tsx tests/bench/lunchPeak.ts
 * Without TEST_DATABASE_URL it runs on PGlite (and says so). LUNCH_SECONDS sets the compressed
 * lunch. Printed, never asserted.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { newId } from '@server/db/ids';
import { rowsOf } from '@server/db/rows';
import { hashPassword } from '@server/modules/auth/passwords';
import { ledgerService } from '@server/modules/ledger/service';
import { dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { ledgerFaults } from '../support/ledgerChecks';
import { BASE, createTestApp, signIn } from '../support/testApp';
import { addPeople } from './benchPeople';
import { summarise } from './stats';

const PUPILS = 3000;
const TERMINALS = 40;
const OFFLINE = 4;
const CLERKS = 5;
const SECONDS = Number(process.env.LUNCH_SECONDS ?? 60);
const LUNCH_MINUTES = 30;
const PRICE = 1000;
const UPLOAD = 50;
const LUNCH = '2';

interface Answer {
  serialNo: string;
  success: boolean;
  message: string;
  cardNo: string;
  offline: boolean;
}

const app = await createTestApp();
try {
  const db = app.db;
  const admin = await signIn(app.app, 'admin');
  const headers = { 'X-Access-Token': admin, 'content-type': 'application/json' };
  // The pupils, in classes of 40, with nothing in their wallets: their money is posted below.
  await addPeople(db, { like: 'STUDENT', count: PUPILS, prefix: 'LUNCH', perClass: 40 });
  await db.execute(sql`UPDATE memb_account SET cash_cents = 0, subsidy_cents = 0, gift_cents = 0, deposit_cents = 0, total_recharge_cents = 0, total_consume_cents = 0 WHERE id LIKE 'LUNCH-a%'`);
  const pupils = await rowsOf<{ account_id: string; name: string; card_no: string }>(
    db,
    sql`SELECT a.id AS account_id, m.real_name AS name, c.card_no FROM memb_account a JOIN memb_member m ON m.id = a.member_id JOIN memb_card c ON c.account_id = a.id
      WHERE a.id LIKE 'LUNCH-a%' ORDER BY c.card_no`,
  );
  // Who is refused, and why: a few pupils on on-line lanes lost their card, a few have ¥3 for a ¥10 lunch.
  const laneOf = (index: number) => index % TERMINALS;
  const online = (index: number) => laneOf(index) < TERMINALS - OFFLINE;
  const lost = new Set(pupils.filter((_, index) => online(index) && index % 250 === 7).map((pupil) => pupil.card_no));
  const poor = new Set(pupils.filter((_, index) => online(index) && index % 150 === 11).map((pupil) => pupil.card_no));
  // Their money, through the ledger: ¥100 each at the counter (¥3 for the poor ones), 8 at a time.
  const ledger = ledgerService(db);
  const topped = performance.now();
  for (let from = 0; from < pupils.length; from += 8)
    await Promise.all(
      pupils
        .slice(from, from + 8)
        .map((pupil) =>
          ledger.recharge(
            { tenantId: 0, username: 'admin' },
            { key: `lunch-topup-${pupil.account_id}`, accountId: pupil.account_id, amountCents: poor.has(pupil.card_no) ? 300 : 10_000, channel: 'cash' },
          ),
        ),
    );
  const toppedSeconds = (performance.now() - topped) / 1000;
  await db
    .update(t.cards)
    .set({ cardStatus: '2' })
    .where(inArray(t.cards.cardNo, [...lost]));

  // 40 terminals at the first canteen's stores, each with its key.
  const [model] = await db.select().from(t.devices).where(eq(t.devices.serialNo, 'POS0101'));
  const stores = await db.select({ id: t.mealStores.id }).from(t.mealStores).where(eq(t.mealStores.canteenId, model!.canteenId!));
  const lanes: { serial: string; secret: string; cards: string[]; offline: boolean; id: string }[] = [];
  for (let lane = 0; lane < TERMINALS; lane += 1) {
    const serial = `LUNCH${String(lane + 1).padStart(2, '0')}`;
    const id = newId();
    await db.insert(t.devices).values({ ...model!, id, serialNo: serial, name: `午餐终端${lane + 1}`, storeId: stores[lane % stores.length]?.id ?? model!.storeId, secret: null, lastSeenAt: null });
    const issued = await app.app.inject({ method: 'POST', url: `${BASE}/dev/device/issueKey`, headers, payload: JSON.stringify({ id }) });
    const cards = pupils.filter((_, index) => laneOf(index) === lane).map((pupil) => pupil.card_no);
    lanes.push({ serial, secret: issued.json().result.secret as string, cards, offline: lane >= TERMINALS - OFFLINE, id });
  }
  // Five clerks with the administrator's role, each signed in on their own.
  const [adminRole] = await db.select({ roleId: t.userRoles.roleId }).from(t.userRoles).innerJoin(t.users, eq(t.users.id, t.userRoles.userId)).where(eq(t.users.username, 'admin'));
  const tokens: string[] = [];
  for (let clerk = 1; clerk <= CLERKS; clerk += 1) {
    const userId = newId();
    await db.insert(t.users).values({ id: userId, tenantId: 0, username: `lunchclerk${clerk}`, realname: `午间出纳${clerk}`, passwordHash: await hashPassword('Lunch-pass1') });
    await db.insert(t.userRoles).values({ userId, roleId: adminRole!.roleId });
    tokens.push(await signIn(app.app, `lunchclerk${clerk}`, 'Lunch-pass1'));
  }

  const today = dayIn(DEFAULT_TIME_ZONE);
  const lunchInReport = async () => {
    const response = await app.app.inject({ method: 'GET', url: `${BASE}/report/daily?date=${today}`, headers });
    return (response.json().result.charts.meals as { mealType: string; amount: number }[]).find((meal) => meal.mealType === LUNCH)?.amount ?? 0;
  };
  const before = await lunchInReport();

  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${BASE}`;
  // Each process is handed its load on its standard input (it is larger than an environment variable may be).
  const run = (file: string, load: object) =>
    new Promise<string>((resolve, reject) => {
      const child = execFile('node', ['--import', 'tsx', fileURLToPath(new URL(file, import.meta.url))], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
      child.stdin!.end(JSON.stringify(load));
    });
  const ordinary = pupils.filter((pupil) => !lost.has(pupil.card_no) && !poor.has(pupil.card_no)).map((pupil) => ({ accountId: pupil.account_id, name: pupil.name }));
  console.log(
    `lunch peak on ${app.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${PUPILS.toLocaleString()} pupils at ${TERMINALS} terminals (${OFFLINE} off line, uploading in batches of ${UPLOAD} afterwards), a ${LUNCH_MINUTES}-minute lunch run in ${SECONDS} s, ${CLERKS} clerks; pupils' money posted in ${toppedSeconds.toFixed(1)} s`,
  );
  const [terminalsOut, clerksOut] = await Promise.all([
    run('./lunchTerminals.ts', { url: `${base}/terminal/consume`, seconds: SECONDS, lunchMinutes: LUNCH_MINUTES, mealType: LUNCH, amount: PRICE, batch: UPLOAD, lanes }),
    run('./clerkClient.ts', { base, tokens, pupils: ordinary, seconds: SECONDS, today }),
  ]);
  const lunch = JSON.parse(terminalsOut) as { answers: Answer[]; tapLatencies: number[]; behind: number[]; uploadLatencies: number[]; resent: number; elapsedMs: number };
  const clerks = JSON.parse(clerksOut) as { latencies: Record<string, number[]>; failures: string[]; recharges: number; rechargedCents: number };

  // The terminals' side.
  const taps = summarise(lunch.tapLatencies);
  const onlinePosted = lunch.answers.filter((answer) => !answer.offline && answer.success).length;
  const uploaded = lunch.answers.filter((answer) => answer.offline);
  console.log(
    `  terminals: ${onlinePosted.toLocaleString()} on-line payments in ${SECONDS} s (${(onlinePosted / SECONDS).toFixed(1)}/s, ${(lunch.answers.filter((answer) => !answer.offline).length / SECONDS).toFixed(1)} taps/s asked); a tap answered in p50 ${taps.median.toFixed(0)} ms, p95 ${taps.p95.toFixed(0)} ms, p99 ${taps.p99.toFixed(0)} ms, worst ${taps.max.toFixed(0)} ms`,
  );
  console.log(`  taps sent behind their moment: ${lunch.behind.length} (worst ${Math.max(0, ...lunch.behind).toFixed(0)} ms); records sent again after a failed connection: ${lunch.resent}`);
  const uploads = summarise(lunch.uploadLatencies);
  console.log(
    `  off-line uploads: ${uploaded.length} records in ${lunch.uploadLatencies.length} uploads of up to ${UPLOAD}, ${uploaded.filter((answer) => answer.success).length} posted; an upload answered in p50 ${uploads.median.toFixed(0)} ms, worst ${uploads.max.toFixed(0)} ms; the lunch and its uploads took ${(lunch.elapsedMs / 1000).toFixed(1)} s`,
  );

  // Refused: exactly the lost cards and the pupils without the money, nothing else.
  const expected = (cardNo: string) => (lost.has(cardNo) ? 'lost' : poor.has(cardNo) ? 'poor' : null);
  const wrong = lunch.answers.filter((answer) => answer.success === Boolean(expected(answer.cardNo)));
  const refusals = new Map<string, number>();
  for (const answer of lunch.answers.filter((row) => !row.success))
    refusals.set(`${expected(answer.cardNo) ?? 'unexpected'}: ${answer.message}`, (refusals.get(`${expected(answer.cardNo) ?? 'unexpected'}: ${answer.message}`) ?? 0) + 1);
  console.log(
    `  answers: ${lunch.answers.length.toLocaleString()} of ${PUPILS.toLocaleString()} taps; refused ${[...refusals].map(([reason, count]) => `${count}× ${reason}`).join(', ') || 'none'}; expected ${lost.size} lost cards and ${poor.size} without the money; refused or taken wrongly: ${wrong.length}`,
  );
  for (const answer of wrong.slice(0, 5)) console.log(`    wrong: ${answer.serialNo} card ${answer.cardNo} ${answer.success ? 'taken' : `refused: ${answer.message}`}`);

  // The console's side.
  const all = Object.values(clerks.latencies).flat();
  const overall = summarise(all);
  console.log(
    `  console: ${all.length} requests by ${CLERKS} clerks, p50 ${overall.median.toFixed(0)} ms, p95 ${overall.p95.toFixed(0)} ms, worst ${overall.max.toFixed(0)} ms; ${clerks.failures.length} failed`,
  );
  for (const [kind, times] of Object.entries(clerks.latencies)) {
    const stats = summarise(times);
    console.log(`    ${kind.padEnd(16)} ${String(times.length).padStart(4)} × p50 ${stats.median.toFixed(0)} ms, p95 ${stats.p95.toFixed(0)} ms, worst ${stats.max.toFixed(0)} ms`);
  }
  for (const failure of clerks.failures.slice(0, 5)) console.log(`    failed: ${failure}`);

  // The lunch's money three ways: the answers, the ledger, the 日报.
  const answered = lunch.answers.filter((answer) => answer.success).length * PRICE;
  const [booked] = await db
    .select({ cents: sql<string>`coalesce(sum(${t.ledgerTransactions.amount}), 0)::text`, count: sql<string>`count(*)::text` })
    .from(t.ledgerTransactions)
    .where(
      and(
        eq(t.ledgerTransactions.txnType, 'CONSUME'),
        inArray(
          t.ledgerTransactions.terminalId,
          lanes.map((lane) => lane.id),
        ),
      ),
    );
  const inReport = (await lunchInReport()) - before;
  console.log(
    `  the lunch's money: answered ¥${(answered / 100).toFixed(2)} · in the ledger ¥${(Number(booked!.cents) / 100).toFixed(2)} (${booked!.count} payments) · in today's 日报 ¥${(inReport / 100).toFixed(2)}: ${answered === Number(booked!.cents) && answered === inReport ? 'agree' : 'DISAGREE'}`,
  );
  console.log(`  the clerks' top-ups: ${clerks.recharges} posted (¥${(clerks.rechargedCents / 100).toFixed(2)})`);
  const faults = await ledgerFaults(db);
  console.log(`  the ledger's checks (drift, balance, day counters, kept sums, statement chain): ${faults.length ? `${faults.length} faults` : 'drift 0, all hold'}`);
  for (const fault of faults.slice(0, 10)) console.log(`    ${fault}`);
} finally {
  await app.close();
}
