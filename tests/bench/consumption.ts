/**
 * Consumption through the terminals' HTTP API: signed payments per second (8 terminals posting
 * at once, each waiting for its answer), with p50/p99 latency — on PGlite, and on PostgreSQL
 * beside pgbench's simple-update tps on the same cluster (goal: at least 0.5×). Run alone it
 * also runs itself on a throwaway PostgreSQL, so one command prints both:
 *   node --import tsx tests/bench/consumption.ts
 * Numbers are printed, never asserted.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { terminalSigningText, type TerminalRecord } from '@shared/terminal';
import { BASE, createTestApp, signIn } from '../support/testApp';
import { summarise } from './stats';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const TERMINALS = 8;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function measure(): Promise<number> {
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

    let serial = 0;
    const latencies: number[] = [];
    let failed = 0;
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: TERMINALS }, async () => {
        while (Date.now() < until) {
          serial += 1;
          const record: TerminalRecord = { serialNo: `B${serial}`, cardNo: cards[serial % cards.length]!, amount: 1, deviceTime: '2026-11-23 12:00:00' };
          const timestamp = String(Date.now());
          const signature = createHmac('sha256', secret)
            .update(terminalSigningText('POS0101', timestamp, [record]))
            .digest('hex');
          const started = performance.now();
          const response = await fetch(`${base}/terminal/consume`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-terminal-serial': 'POS0101', 'x-timestamp': timestamp, 'x-signature': signature },
            body: JSON.stringify({ records: [record] }),
          });
          const answer = (await response.json()) as { result?: { success: boolean }[] };
          latencies.push(performance.now() - started);
          if (!answer.result?.[0]?.success) failed += 1;
        }
      }),
    );
    const stats = summarise(latencies);
    const perSecond = latencies.length / SECONDS;
    console.log(`consumption via the terminal API on ${onPostgres ? 'PostgreSQL' : 'PGlite (in memory)'}: ${TERMINALS} terminals, ${SECONDS} s`);
    console.log(`  ${perSecond.toFixed(0)} payments/s, p50 ${stats.median.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms, ${failed} refused`);
    return perSecond;
  } finally {
    await app.close();
  }
}

/** pgbench's simple-update run (-N) on the same cluster, in a database of its own. */
function pgbenchTps(): number | null {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const root = '/usr/lib/postgresql';
  const bin = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .map((version) => path.join(root, version, 'bin', 'pgbench'))
        .find((file) => fs.existsSync(file))
    : undefined;
  if (!bin) return null;
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
if (reference) console.log(`  ratio to pgbench: ${(ours / reference).toFixed(2)}× (goal ≥ 0.5×)`);
if (!onPostgres && process.argv[1] === fileURLToPath(import.meta.url)) {
  const self = fileURLToPath(import.meta.url);
  const withPostgres = fileURLToPath(new URL('../support/withPostgres.ts', import.meta.url));
  spawnSync('node', ['--import', 'tsx', withPostgres, 'node', '--import', 'tsx', self], { stdio: 'inherit' });
}
