/**
 * Consumption through the terminals' HTTP API: signed payments per second (8 terminals posting
 * at once from a process of their own, each waiting for its answer), with p50/p99 latency — on PGlite, and on PostgreSQL
 * beside pgbench's simple-update tps on the same cluster (goal: at least 0.25×; fin_consume from pgbench's own client at least 0.8×),
 * with fsync, synchronous_commit and full_page_writes on (said in the output). Run alone it
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
import { BASE, createTestApp, signIn } from '../support/testApp';
import { summarise } from './stats';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const TERMINALS = 8;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function measure(): Promise<{ perSecond: number; bare: number }> {
  const app = await createTestApp();
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
    // The terminals run in a process of their own: the server's event loop carries only the server.
    const output = await new Promise<string>((resolve, reject) => {
      execFile('node', ['--import', 'tsx', client], { env: { ...process.env, TERMINAL_LOAD: JSON.stringify(load) }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      );
    });
    const { latencies, refused: failed } = JSON.parse(output) as { latencies: number[]; refused: number };
    const stats = summarise(latencies);
    const perSecond = latencies.length / SECONDS;
    console.log(`consumption via the terminal API on ${onPostgres ? `PostgreSQL (${durability(app.databaseUrl!)})` : 'PGlite (in memory)'}: ${TERMINALS} terminals, ${SECONDS} s`);
    console.log(`  ${perSecond.toFixed(0)} payments/s, p50 ${stats.median.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms, ${failed} refused`);
    const bare = app.databaseUrl ? databaseCeiling(app.databaseUrl) : Number.NaN;
    return { perSecond, bare };
  } finally {
    await app.close();
  }
}

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
 * and balance — for the seeded staff cards. No HTTP, no signature, no Node: the ceiling any server
 * in front of this database can approach, printed beside pgbench's simple update.
 */
function databaseCeiling(url: string): number {
  const bin = pgbenchBinary();
  if (!bin) return Number.NaN;
  execFileSync('psql', [
    url,
    '-qc',
    `create table bench_cards as select row_number() over () as n, c.card_no from memb_card c join memb_member m on m.id = c.member_id join memb_member_type t on t.id = m.member_type_id and t.code = 'STAFF' where c.card_status = '1'`,
  ]);
  const count = execFileSync('psql', [url, '-tAc', 'select count(*) from bench_cards'], { encoding: 'utf8' }).trim();
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-bench-')), 'posting.sql');
  fs.writeFileSync(
    script,
    `\\set n random(1, ${count})
SELECT fin_consume(0, 'bench', md5(random()::text), 'h', (SELECT card_no FROM bench_cards WHERE n = :n), 1, NULL, NULL, NULL, NULL, now(), current_date);
`,
  );
  const output = execFileSync(bin, ['-n', '-M', 'prepared', '-f', script, '-c', String(TERMINALS), '-j', '2', '-T', String(SECONDS), url], { encoding: 'utf8' });
  fs.rmSync(path.dirname(script), { recursive: true, force: true });
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? NaN);
  console.log(`  the database alone, fin_consume from pgbench's client (${TERMINALS} clients): ${tps.toFixed(0)} tps`);
  return tps;
}

/** The cluster's durability settings, said beside every figure: a figure with them off is no result. */
function durability(url: string): string {
  const value = (setting: string) => execFileSync('psql', [url, '-tAc', `show ${setting}`], { encoding: 'utf8' }).trim();
  return `fsync=${value('fsync')}, synchronous_commit=${value('synchronous_commit')}, full_page_writes=${value('full_page_writes')}`;
}

/** pgbench's simple-update run (-N) on the same cluster, in a database of its own. */
function pgbenchTps(): number | null {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const bin = pgbenchBinary();
  if (!adminUrl || !bin) return null;
  const url = new URL(adminUrl);
  const admin = url.toString();
  url.pathname = '/ccu_pgbench';
  execFileSync('psql', [admin, '-qc', 'DROP DATABASE IF EXISTS ccu_pgbench', '-c', 'CREATE DATABASE ccu_pgbench'], { stdio: 'ignore' });
  execFileSync(bin, ['-i', '-q', '-s', '1', url.toString()], { stdio: 'ignore' });
  const output = execFileSync(bin, ['-N', '-c', String(TERMINALS), '-j', '2', '-T', String(SECONDS), url.toString()], { encoding: 'utf8' });
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? NaN);
  console.log(`  pgbench -N (simple update), ${TERMINALS} clients: ${tps.toFixed(0)} tps`);
  return tps;
}

const ours = await measure();
const reference = pgbenchTps();
if (reference) {
  console.log(`  HTTP to pgbench -N: ${(ours.perSecond / reference).toFixed(2)}× (goal ≥ 0.25×)`);
  console.log(`  fin_consume from pgbench to pgbench -N: ${(ours.bare / reference).toFixed(2)}× (goal ≥ 0.8×)`);
}
if (!onPostgres && process.argv[1] === fileURLToPath(import.meta.url)) {
  const self = fileURLToPath(import.meta.url);
  const withPostgres = fileURLToPath(new URL('../support/withPostgres.ts', import.meta.url));
  // As production runs it: fsync, synchronous_commit and full_page_writes on.
  spawnSync('node', ['--import', 'tsx', withPostgres, 'node', '--import', 'tsx', self], { stdio: 'inherit', env: { ...process.env, PG_DURABLE: '1' } });
}
