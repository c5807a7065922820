/**
 * Backup, restore and verify as the operator runs them (`npm run backup|restore|verify`, a process
 * each, wall time): on the sample school with its past days closed (日终结算), and on the same school
 * restored from before its closes, given a history of payments up to a million (posted by
 * fin_consume, the payers' money recharged through the ledger) and then closed — every day sealed,
 * so verify recomputes every seal. The backup is taken while the server runs and restored into an
 * empty installation. On PGlite the backup is the server's own, through its control socket: its
 * resident memory is sampled meanwhile (the dump is held in memory). Run with:
 *   PG_DURABLE=1 node --import tsx tests/support/withPostgres.ts node --import tsx tests/bench/operations.ts
 *   node --import tsx tests/bench/operations.ts          (PGlite in a data folder)
 * OPERATIONS_GROW_TO sets the payments to grow to (1000000; 0 for the sample school alone).
 * Printed as a table, never asserted.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { installAreasForServer } from '@areas/server';
import { buildApp } from '@server/app';
import { rowsOf } from '@server/db/rows';
import { createObjectStore } from '@server/modules/files/objectStore';
import { seedSchool } from '@server/sampleSchool';
import { ledgerService } from '@server/modules/ledger/service';
import { LEDGER_CAP_YUAN } from '@shared/money';
import { DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { ADMIN_PASSWORD } from '../support/testApp';
import { createInstallation, emptyInstallation, npmRun, signInOver, startServer, type Installation, type ServerProcess } from '../support/serverProcess';
import { paymentHistory } from './benchPayments';

const GROW_TO = Number(process.env.OPERATIONS_GROW_TO ?? 1_000_000);
const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-bench-backups-'));
const rows: Record<string, string>[] = [];

/** Runs an npm command: its seconds, failing loudly if it failed. */
async function timed(script: string, args: string[], env: Record<string, string>): Promise<{ seconds: number; output: string }> {
  const started = performance.now();
  const run = await npmRun(script, args, env);
  const seconds = (performance.now() - started) / 1000;
  if (run.code !== 0) throw new Error(`npm run ${script} failed:\n${run.output}`);
  return { seconds, output: run.output };
}

/** The peak resident memory of a process (MB) while `work` runs, sampled every 50 ms. */
async function peakMemory<T>(pid: number, work: Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peak = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const rss = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim() || 0);
      peak = Math.max(peak, rss);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const value = await work;
  running = false;
  await sampler;
  return { value, peakMb: peak / 1024 };
}

/** Backup, restore and verify of the installation as it stands, its server running. */
async function measure(installation: Installation, server: ServerProcess, label: string): Promise<void> {
  const handle = await (installation.databaseUrl ? installation.open() : null);
  const [size] = handle
    ? await rowsOf<{ postings: number; closed: number; bytes: string }>(
        handle.db,
        sql`select (select count(*)::int from fin_txn) as postings, (select count(*)::int from rpt_day_close) as closed, pg_database_size(current_database())::text as bytes`,
      )
    : [null];
  await handle?.close();
  for (const file of fs.readdirSync(folder)) fs.rmSync(path.join(folder, file));
  const { value: backup, peakMb } = await peakMemory(server.child.pid!, timed('backup', [folder], installation.env));
  const [file] = fs.readdirSync(folder).map((name) => path.join(folder, name));
  const empty = await emptyInstallation();
  let restore: { seconds: number };
  try {
    restore = await timed('restore', [file!], empty.env);
  } finally {
    await empty.remove();
  }
  const verify = await timed('verify', [], installation.env);
  const row: Record<string, string> = {
    what: label,
    postings: size ? size.postings.toLocaleString() : '—',
    'closed days': size ? String(size.closed) : '—',
    database: size ? `${(Number(size.bytes) / 2 ** 20).toFixed(0)} MB` : '—',
    'backup file': `${(fs.statSync(file!).size / 2 ** 20).toFixed(1)} MB`,
    backup: `${backup.seconds.toFixed(1)} s`,
    'server memory at backup': installation.databaseUrl ? '— (pg_dump)' : `${peakMb.toFixed(0)} MB peak`,
    restore: `${restore.seconds.toFixed(1)} s`,
    verify: `${verify.seconds.toFixed(1)} s (${verify.output.match(/holds \(([\d.]+ s)\)/)?.[1] ?? '?'} checking)`,
  };
  rows.push(row);
  console.log(`  ${label}:`);
  for (const [key, value] of Object.entries(row).slice(1)) console.log(`    ${key.padEnd(24)} ${value}`);
}

console.log(`backup, restore and verify on ${kind}, as the operator runs them (wall time of each npm run)`);
await installAreasForServer();
const sample = await createInstallation();
// The sample school as a first start makes it, kept before its days are closed: the million
// payments are a history posted before any 日终结算, as a school's would have been.
const unclosed = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-bench-unclosed-')), 'sample.ccubackup');
{
  const handle = await sample.open();
  await handle.migrate();
  await seedSchool(handle.db, { adminPassword: ADMIN_PASSWORD, files: createObjectStore({ driver: 'local' }, path.join(sample.dataDir, 'upload')), buildApp });
  await handle.close();
  await timed('backup', [unclosed], sample.env);
}

/** Starts the installation's server, closes every past day (日终结算 over HTTP), measures, and stops it. */
async function closeAndMeasure(installation: Installation, label: string): Promise<void> {
  const server = await startServer(installation);
  try {
    const token = await signInOver(server.api);
    const started = performance.now();
    const answer = (await (await fetch(`${server.api}/report/close`, { method: 'POST', headers: { 'X-Access-Token': token } })).json()) as { message: string };
    console.log(`  日终结算: ${answer.message} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    await measure(installation, server, label);
  } finally {
    await server.stop();
  }
}

try {
  await closeAndMeasure(sample, 'the sample school');
  await sample.remove();
  if (GROW_TO > 0) {
    const grown = await emptyInstallation();
    try {
      await timed('restore', [unclosed], grown.env);
      const handle = await grown.open();
      try {
        await handle.migrate();
        const history = await paymentHistory(handle.db, DEFAULT_TIME_ZONE);
        const [{ postings }] = (await rowsOf<{ postings: number }>(handle.db, sql`select count(*)::int as postings from fin_txn`)) as [{ postings: number }];
        const count = GROW_TO - postings;
        // Each payer's money for the history, recharged through the ledger (books that verify can hold to).
        const payers = await rowsOf<{ account_id: string }>(handle.db, sql`select distinct account_id from bench_payer`);
        // A payment is ¥5.00–¥14.99: ¥11 a payment with room, in recharges of the ledger's largest.
        const recharges = Math.ceil(((count / payers.length) * 1_100) / (LEDGER_CAP_YUAN * 100));
        const ledger = ledgerService(handle.db);
        for (const { account_id: accountId } of payers)
          for (let n = 0; n < recharges; n += 1)
            await ledger.recharge({ tenantId: 0, username: 'admin' }, { key: `bench-fund-${accountId}-${n}`, accountId, amountCents: LEDGER_CAP_YUAN * 100, channel: 'bank' });
        const seconds = await history.grow(count, 0);
        console.log(`  ${count.toLocaleString()} payments posted in ${seconds.toFixed(0)} s, on ${payers.length} accounts recharged ¥${(recharges * LEDGER_CAP_YUAN).toLocaleString()} each`);
        await handle.db.execute(sql`drop table bench_payer, bench_till`);
      } finally {
        await handle.close();
      }
      await closeAndMeasure(grown, `${GROW_TO.toLocaleString()} payments`);
    } finally {
      await grown.remove();
    }
  }
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
  fs.rmSync(path.dirname(unclosed), { recursive: true, force: true });
}
console.log(`\n| ${kind} | ${rows.map((row) => row.what).join(' | ')} |`);
console.log('|---|' + rows.map(() => '---|').join(''));
for (const key of Object.keys(rows[0]!).slice(1)) console.log(`| ${key} | ${rows.map((row) => row[key]).join(' | ')} |`);
