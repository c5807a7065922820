/**
 * Backup, restore and verify as the operator runs them (`npm run backup|restore|verify`, a process
 * each, wall time), on the sample school and then on the same school grown to a million payments:
 * the backup taken while the server runs, restored into an empty installation, the original
 * verified with every past day closed (日终结算) and sealed. On PGlite the backup is the server's
 * own, through its control socket: its resident memory is sampled meanwhile (the dump is held in
 * memory). Run with:
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
import { createInstallation, emptyInstallation, npmRun, signInOver, startServer, type ServerProcess } from '../support/serverProcess';
import { paymentHistory } from './benchPayments';

const GROW_TO = Number(process.env.OPERATIONS_GROW_TO ?? 1_000_000);
const installation = await createInstallation();
const kind = installation.databaseUrl ? 'PostgreSQL' : 'PGlite';
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

/** Backup, restore and verify of the installation as it stands. */
async function measure(server: ServerProcess, label: string): Promise<void> {
  const handle = await (installation.databaseUrl ? installation.open() : null);
  const [size] = handle
    ? await rowsOf<{ postings: number; closed: number; bytes: string }>(
        handle.db,
        sql`select (select count(*)::int from fin_txn) as postings, (select count(*)::int from rpt_day_close) as closed, pg_database_size(current_database())::text as bytes`,
      )
    : [null];
  await handle?.close();
  for (const file of fs.readdirSync(folder)) fs.rmSync(path.join(folder, file));
  const before = server.child.pid!;
  const { value: backup, peakMb } = await peakMemory(before, timed('backup', [folder], installation.env));
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
// The sample school, made as a first start makes it.
{
  await installAreasForServer();
  const handle = await installation.open();
  await handle.migrate();
  await seedSchool(handle.db, { adminPassword: ADMIN_PASSWORD, files: createObjectStore({ driver: 'local' }, path.join(installation.dataDir, 'upload')), buildApp });
  await handle.close();
}
let server = await startServer(installation);
try {
  let token = await signInOver(server.api);
  // 日终结算 of the sample school's past days: verify then checks their reports and seals too.
  const close = async () => {
    const started = performance.now();
    const answer = (await (await fetch(`${server.api}/report/close`, { method: 'POST', headers: { 'X-Access-Token': token } })).json()) as { message: string };
    console.log(`  日终结算: ${answer.message} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  };
  await close();
  await measure(server, 'the sample school');
  if (GROW_TO > 0) {
    // PGlite is one process's: the server lets go while the history is posted.
    if (!installation.databaseUrl) await server.stop();
    const handle = await installation.open();
    try {
      const history = await paymentHistory(handle.db, DEFAULT_TIME_ZONE);
      const [{ postings }] = (await rowsOf<{ postings: number }>(handle.db, sql`select count(*)::int as postings from fin_txn`)) as [{ postings: number }];
      const count = GROW_TO - postings;
      // Each payer's money for the history, recharged through the ledger (books that verify can hold to).
      const payers = await rowsOf<{ account_id: string }>(handle.db, sql`select distinct account_id from bench_payer`);
      // A payment is ¥5.00–¥14.99: ¥11 a payment with room, in recharges of the ledger's largest.
      const recharges = Math.ceil(((count / payers.length) * 1_100) / (LEDGER_CAP_YUAN * 100));
      const each = recharges * LEDGER_CAP_YUAN * 100;
      const ledger = ledgerService(handle.db);
      for (const { account_id: accountId } of payers)
        for (let n = 0; n < recharges; n += 1)
          await ledger.recharge({ tenantId: 0, username: 'admin' }, { key: `bench-fund-${accountId}-${n}`, accountId, amountCents: LEDGER_CAP_YUAN * 100, channel: 'bank' });
      const seconds = await history.grow(count, 0);
      console.log(`  ${count.toLocaleString()} payments posted in ${seconds.toFixed(0)} s, on ${payers.length} accounts recharged ¥${(each / 100).toLocaleString()} each`);
      await handle.db.execute(sql`drop table bench_payer, bench_till`);
    } finally {
      await handle.close();
    }
    if (!installation.databaseUrl) {
      server = await startServer(installation);
      token = await signInOver(server.api);
    }
    await close();
    await measure(server, `${GROW_TO.toLocaleString()} payments`);
  }
} finally {
  await server.stop();
  await installation.remove();
  fs.rmSync(folder, { recursive: true, force: true });
}
console.log(`\n| ${kind} | ${rows.map((row) => row.what).join(' | ')} |`);
console.log('|---|' + rows.map(() => '---|').join(''));
for (const key of Object.keys(rows[0]!).slice(1)) console.log(`| ${key} | ${rows.map((row) => row[key]).join(' | ')} |`);
