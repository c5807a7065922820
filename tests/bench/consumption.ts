/**
 * Consumption through the terminals' HTTP API: signed payments per second (8 terminals posting
 * at once from a process of their own, each waiting for its answer), with p50/p99 latency, and the
 * same terminals' offline uploads of 50 records (one transaction each) — on PGlite, and on PostgreSQL
 * beside pgbench's simple-update tps on the same cluster (goal: at least 0.25×; fin_consume from pgbench's own client at least 0.8×),
 * with fsync, synchronous_commit and full_page_writes on (said in the output); the three take turns
 * three times and their medians are compared, on 1,035 staff cards (the sample's 35 and 1,000 more). Run alone it
 * also runs itself on a throwaway PostgreSQL, so one command prints both:
 *   node --import tsx tests/bench/consumption.ts
 * Numbers are printed, never asserted.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { APP_ROLE } from '@server/db/schoolSecurity';
import { scopeCost } from '@server/db/work';
import { BASE, createTestApp, signIn } from '../support/testApp';
import { addPeople } from './benchPeople';
import { summarise } from './stats';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const TERMINALS = 8;
const ROUNDS = 3;
/** Records in a terminal's offline upload. */
const UPLOAD = 50;
/** A school's staff, not the sample's 35: eight terminals on 35 accounts wait on each other's lock a fifth of the time. */
const EXTRA_STAFF = Number(process.env.BENCH_STAFF ?? 1000);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function measure(): Promise<{ perSecond: number; uploads: number; unscoped: number; bare: number; bareInSchool: number; reference: number }> {
  // Opening balances are copied, not posted (addPeople): not books to check.
  const app = await createTestApp({ ledgerChecks: false });
  try {
    const admin = await signIn(app.app, 'admin');
    const [device] = await app.db.select().from(t.devices).where(eq(t.devices.serialNo, 'POS0101'));
    const issued = await app.app.inject({
      method: 'POST',
      url: `${BASE}/dev/device/issueKey`,
      headers: { 'X-Access-Token': admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: device!.id }),
    });
    const secret = issued.json().result.secret as string;
    await addPeople(app.db, { like: 'STAFF', count: EXTRA_STAFF, prefix: 'BENCH' });
    // Staff cards: no daily count or amount limit, so every payment is a real posting.
    const cards = (
      await app.db
        .select({ cardNo: t.cards.cardNo })
        .from(t.cards)
        .innerJoin(t.members, eq(t.members.id, t.cards.memberId))
        .innerJoin(t.memberTypes, and(eq(t.memberTypes.id, t.members.memberTypeId), eq(t.memberTypes.code, 'STAFF')))
        .where(eq(t.cards.cardStatus, '1'))
    ).map((row) => row.cardNo);
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${BASE}`;

    const client = fileURLToPath(new URL('./terminalClient.ts', import.meta.url));
    const load = { url: `${base}/terminal/consume`, serial: 'POS0101', secret, cards, terminals: TERMINALS, seconds: SECONDS };
    const ceiling = app.databaseUrl ? prepareCeiling(app.databaseUrl) : undefined;
    const reference = ceiling ? preparePgbench() : undefined;
    console.log(
      `consumption via the terminal API on ${onPostgres ? `PostgreSQL (${durability(app.databaseUrl!)})` : 'PGlite (in memory)'}: ${TERMINALS} terminals, ${cards.length} staff cards, ${SECONDS} s a run`,
    );
    // On PostgreSQL the three runs take turns, ROUNDS times, and the medians are compared: a
    // checkpoint or an autovacuum during one run does not decide the ratio.
    const http: number[] = [];
    const unscopedHttp: number[] = [];
    const bare: number[] = [];
    const bareInSchool: number[] = [];
    const simple: number[] = [];
    const uploads: number[] = [];
    const terminals = (seconds = SECONDS, batch = 1) =>
      new Promise<string>((resolve, reject) => {
        execFile('node', ['--import', 'tsx', client], { env: { ...process.env, TERMINAL_LOAD: JSON.stringify({ ...load, seconds, batch }) }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) =>
          error ? reject(error) : resolve(stdout),
        );
      });
    // Warm: every connection of both sides has prepared its statements and planned the posting.
    for (const off of [false, true]) {
      scopeCost.off = off;
      await terminals(2).finally(() => (scopeCost.off = false));
    }
    for (let round = 0; round < (ceiling ? ROUNDS : 1); round += 1) {
      // The terminals run in a process of their own: the server's event loop carries only the server.
      // Each round also runs them with the school's scope off (the payments as platform work), the
      // order swapped each round: what the scope costs, as a ratio of one run (issue 49: at most 5 %).
      let line = '';
      for (const off of round % 2 ? [true, false] : [false, true]) {
        scopeCost.off = off;
        const output = await terminals().finally(() => (scopeCost.off = false));
        const { latencies, refused: failed } = JSON.parse(output) as { latencies: number[]; refused: number };
        const stats = summarise(latencies);
        (off ? unscopedHttp : http).push(latencies.length / SECONDS);
        if (off) line += ` · without the scope ${(latencies.length / SECONDS).toFixed(0)} payments/s`;
        else line = `  ${(latencies.length / SECONDS).toFixed(0)} payments/s, p50 ${stats.median.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms, ${failed} refused` + line;
      }
      {
        // The terminals' offline uploads: UPLOAD records taken ten minutes ago in each request.
        const { latencies, posted, refused } = JSON.parse(await terminals(SECONDS, UPLOAD)) as { latencies: number[]; posted: number; refused: number };
        uploads.push(posted / SECONDS);
        line += ` · offline uploads of ${UPLOAD}: ${(posted / SECONDS).toFixed(0)} payments/s (p50 ${summarise(latencies).median.toFixed(0)} ms an upload, ${refused} refused)`;
      }
      if (ceiling && reference) {
        bare.push(pgbench(['-n', '-M', 'prepared', '-f', ceiling.script], app.databaseUrl!));
        // The same as the school's connections run it: the role the row policies hold, told the school.
        bareInSchool.push(pgbench(['-n', '-M', 'prepared', '-f', ceiling.script], app.databaseUrl!, `-c role=${APP_ROLE} -c app.tenant_id=0`));
        simple.push(pgbench(['-N', '-n'], reference));
        line += ` · fin_consume from pgbench's client ${bare.at(-1)!.toFixed(0)} tps (as the school: ${bareInSchool.at(-1)!.toFixed(0)}) · pgbench -N ${simple.at(-1)!.toFixed(0)} tps`;
      }
      console.log(line);
    }
    if (ceiling) fs.rmSync(path.dirname(ceiling.script), { recursive: true, force: true });
    return { perSecond: median(http), uploads: median(uploads), unscoped: median(unscopedHttp), bare: median(bare), bareInSchool: median(bareInSchool), reference: median(simple) };
  } finally {
    await app.close();
  }
}

/**
 * Staff members with an account and a card each, copied from a seeded one (its type, balance and
 * limits) — bench data in a database thrown away after the run, so their opening balances are
 * copied rather than posted.
 */
function pgbenchBinary(): string | undefined {
  const root = '/usr/lib/postgresql';
  return fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .map((version) => path.join(root, version, 'bin', 'pgbench'))
        .find((file) => fs.existsSync(file))
    : undefined;
}

/**
 * What the database alone does with a payment: pgbench's C client calls fin_consume — the very
 * statement the server sends, with its lock, key, limits, discount, split, header, lines, counter
 * and balance — for the staff cards. No HTTP, no signature, no Node: the ceiling any server in
 * front of this database can approach, printed beside pgbench's simple update.
 */
function prepareCeiling(url: string): { script: string } | undefined {
  if (!pgbenchBinary()) return undefined;
  execFileSync('psql', [
    url,
    '-qc',
    `create table bench_cards as select row_number() over () as n, c.card_no from memb_card c join memb_member m on m.id = c.member_id join memb_member_type t on t.id = m.member_type_id and t.code = 'STAFF' where c.card_status = '1'`,
  ]);
  execFileSync('psql', [url, '-qc', 'alter table bench_cards add primary key (n)']);
  execFileSync('psql', [url, '-qc', `grant select on bench_cards to ${APP_ROLE}`]);
  const count = execFileSync('psql', [url, '-tAc', 'select count(*) from bench_cards'], { encoding: 'utf8' }).trim();
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-bench-')), 'posting.sql');
  fs.writeFileSync(
    script,
    `\\set n random(1, ${count})
SELECT fin_consume(0, 'bench', md5(random()::text), 'h', (SELECT card_no FROM bench_cards WHERE n = :n), 1, NULL, NULL, NULL, NULL, now(), current_date);
`,
  );
  return { script };
}

/** One pgbench run of TERMINALS clients: its transactions per second. */
function pgbench(args: string[], url: string, options?: string): number {
  const output = execFileSync(pgbenchBinary()!, [...args, '-c', String(TERMINALS), '-j', '2', '-T', String(SECONDS), url], {
    encoding: 'utf8',
    env: options ? { ...process.env, PGOPTIONS: options } : process.env,
  });
  return Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? NaN);
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
}

/** The cluster's durability settings, said beside every figure: a figure with them off is no result. */
function durability(url: string): string {
  const value = (setting: string) => execFileSync('psql', [url, '-tAc', `show ${setting}`], { encoding: 'utf8' }).trim();
  return `fsync=${value('fsync')}, synchronous_commit=${value('synchronous_commit')}, full_page_writes=${value('full_page_writes')}`;
}

/** pgbench's own tables for its simple update (-N), on the same cluster in a database of its own. */
function preparePgbench(): string | undefined {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const url = new URL(adminUrl);
  const admin = url.toString();
  url.pathname = '/ccu_pgbench';
  execFileSync('psql', [admin, '-qc', 'DROP DATABASE IF EXISTS ccu_pgbench', '-c', 'CREATE DATABASE ccu_pgbench'], { stdio: 'ignore' });
  execFileSync(pgbenchBinary()!, ['-i', '-q', '-s', '1', url.toString()], { stdio: 'ignore' });
  return url.toString();
}

const ours = await measure();
if (Number.isFinite(ours.reference)) {
  console.log(`  medians of ${ROUNDS}: ${ours.perSecond.toFixed(0)} payments/s over HTTP, fin_consume ${ours.bare.toFixed(0)} tps, pgbench -N ${ours.reference.toFixed(0)} tps`);
  console.log(`  HTTP to pgbench -N: ${(ours.perSecond / ours.reference).toFixed(2)}× (goal ≥ 0.25×); offline uploads of ${UPLOAD}: ${(ours.uploads / ours.reference).toFixed(2)}×`);
  console.log(`  fin_consume from pgbench to pgbench -N: ${(ours.bare / ours.reference).toFixed(2)}× (goal ≥ 0.8×)`);
  console.log(`  fin_consume under the row policies: ${ours.bareInSchool.toFixed(0)} tps, ${((ours.bare / ours.bareInSchool - 1) * 100).toFixed(1)} % dearer than without`);
}
if (Number.isFinite(ours.unscoped))
  console.log(
    `  the school's scope: ${ours.perSecond.toFixed(0)} payments/s in it, ${ours.unscoped.toFixed(0)} without it — costs ${((ours.unscoped / ours.perSecond - 1) * 100).toFixed(1)} % (budget 5 %)`,
  );
if (!onPostgres && process.argv[1] === fileURLToPath(import.meta.url)) {
  const self = fileURLToPath(import.meta.url);
  const withPostgres = fileURLToPath(new URL('../support/withPostgres.ts', import.meta.url));
  // As production runs it: fsync, synchronous_commit and full_page_writes on.
  spawnSync('node', ['--import', 'tsx', withPostgres, 'node', '--import', 'tsx', self], { stdio: 'inherit', env: { ...process.env, PG_DURABLE: '1' } });
}
