/**
 * A crash while money moves: the real server process (PGlite in a folder, or PostgreSQL) is
 * killed with SIGKILL in the middle of a stream of signed payments, then started again on the
 * same data. Every payment that was acknowledged before the kill is in the ledger exactly once
 * (sending it again answers the same posting), and the reconciliation finds no drift. Then a
 * subsidy batch of 2,000 people is killed half way through its issue and resumed: each person is
 * paid exactly once. Last, an effect queued by a commit (a job's 立即执行) on a server that is
 * killed before delivering it is delivered by the next start, once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { terminalSigningText, type TerminalRecord } from '@shared/terminal';
import { ADMIN_PASSWORD } from '../support/testApp';
import { timeOutsideMeals } from '../support/terminalTime';

// The sample school's administrator, as the run's seeded school has it (or a first start makes it).
const PASSWORD = ADMIN_PASSWORD;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-crash-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
let server: ChildProcess | null = null;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Starts `src/server/main.ts` as users do and waits until it answers. */
async function start(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  // Up to five minutes: a first start migrates and seeds a new database (the sample school lives its
  // weeks), on a machine busy with other tests.
  for (let i = 0; i < 3000; i += 1) {
    if ((await fetch(`http://127.0.0.1:${port}/ccu-boot/home/info/i18n`).catch(() => null))?.ok) return child;
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

async function json(port: number, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}/ccu-boot${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.json();
}

/** SQL on the server's database while the server is down (PGlite's folder has one user at a time), or beside it on PostgreSQL. */
async function onDatabase<T>(work: (query: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(dataDir, 'db'));
  try {
    return await work(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
  } finally {
    await db.close();
  }
}

/** Kills the server as a power cut would, and waits until it is gone. */
async function killServer(): Promise<void> {
  const dead = server!;
  dead.kill('SIGKILL');
  if (dead.exitCode === null && dead.signalCode === null) await new Promise((resolve) => dead.once('exit', resolve));
}

// A database of this file's own, dropped at the end: made from the run's sample school when the
// run has one (seededDatabase.ts), so the server's first start does not live the school's weeks again.
beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const uploads = process.env.TEST_SEEDED_UPLOADS;
  if (uploads && fs.existsSync(uploads)) fs.cpSync(uploads, path.join(dataDir, 'upload'), { recursive: true });
  const dump = process.env.TEST_SEEDED_PGLITE;
  if (!adminUrl && dump) await (await PGlite.create({ dataDir: path.join(dataDir, 'db'), loadDataDir: new Blob([fs.readFileSync(dump)]) })).close();
  if (adminUrl) {
    const name = `ccu_crash_${randomBytes(4).toString('hex')}`;
    const template = process.env.TEST_SEEDED_TEMPLATE;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await client.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
});

afterAll(async () => {
  server?.kill('SIGKILL');
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a crash while terminals post', () => {
  it('keeps every acknowledged payment exactly once and the balances equal to the ledger', { timeout: 480_000 }, async () => {
    const port = await freePort();
    server = await start(port);
    const token = (await json(port, 'POST', '/sys/login', { username: 'admin', password: PASSWORD })).result.token as string;
    const auth = { 'X-Access-Token': token };
    const device = (await json(port, 'GET', '/dev/device/list?serialNo=POS0101', undefined, auth)).result.records[0];
    const secret = (await json(port, 'POST', '/dev/device/issueKey', { id: device.id }, auth)).result.secret as string;
    const cards = ((await json(port, 'GET', '/memb/card/list?pageSize=20&column=cardNo&order=asc', undefined, auth)).result.records as { cardNo: string }[]).map((card) => card.cardNo);

    const post = async (records: TerminalRecord[]) => {
      const timestamp = String(Date.now());
      const signature = createHmac('sha256', secret)
        .update(terminalSigningText('POS0101', timestamp, records))
        .digest('hex');
      return json(port, 'POST', '/terminal/consume', { records }, { 'x-terminal-serial': 'POS0101', 'x-timestamp': timestamp, 'x-signature': signature });
    };

    // Four terminals' worth of payments at once until the kill; what was answered is remembered.
    const acknowledged = new Map<string, { record: TerminalRecord; txnNo: string }>();
    let serial = 0;
    let killed = false;
    const streams = Array.from({ length: 4 }, async () => {
      while (!killed) {
        serial += 1;
        const record: TerminalRecord = {
          serialNo: `C${serial}`,
          cardNo: cards[serial % cards.length]!,
          amount: 10 + (serial % 7),
          // The terminal's clock is the school's wall clock.
          deviceTime: timeOutsideMeals(DEFAULT_TIME_ZONE),
        };
        const answer = await post([record]).catch(() => null);
        const result = answer?.result?.[0];
        if (result?.success) acknowledged.set(record.serialNo, { record, txnNo: result.txnNo });
      }
    });
    while (acknowledged.size < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    server.kill('SIGKILL');
    killed = true;
    await Promise.all(streams);
    const dead = server;
    if (dead.exitCode === null && dead.signalCode === null) await new Promise((resolve) => dead.once('exit', resolve));

    server = await start(port);
    // Sent again, each acknowledged payment answers its first posting: it is there, once.
    for (const { record, txnNo } of acknowledged.values()) {
      const again = (await post([record])).result[0];
      expect(again, record.serialNo).toMatchObject({ success: true, message: '该请求已办理', txnNo });
    }
    const signedIn = (await json(port, 'POST', '/sys/login', { username: 'admin', password: PASSWORD })).result.token as string;
    const report = (await json(port, 'GET', '/memb/account/reconcile', undefined, { 'X-Access-Token': signedIn })).result;
    expect(report.drift).toEqual([]);
    expect(report.unbalanced).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(60);
  });

  it('pays each of a 2,000-person subsidy batch exactly once when its issue is killed half way and resumed', { timeout: 240_000 }, async () => {
    const PEOPLE = 2000;
    const port = await freePort();
    // The database made and seeded by a first start (when this runs alone), then two thousand
    // pupils with open, empty accounts and an audited batch of ¥5.00 each.
    if (!server) server = await start(port);
    await killServer();
    await onDatabase(async (query) => {
      const [type] = await query(`select id from memb_member_type where tenant_id = 0 and code = 'STUDENT'`);
      const [klass] = await query(`select id from member_departments where tenant_id = 0 and level = 3 limit 1`);
      await query(
        `insert into memb_member (id, tenant_id, member_no, real_name, member_type_id, dept_id)
         select md5('crash-m' || g), 0, 'K' || lpad(g::text, 6, '0'), '补助' || g, '${String(type!.id)}', '${String(klass!.id)}' from generate_series(1, ${PEOPLE}) g`,
      );
      await query(
        `insert into memb_account (id, tenant_id, account_no, member_id, open_date, expire_date)
         select md5('crash-a' || g), 0, 'AK' || lpad(g::text, 6, '0'), md5('crash-m' || g), current_date, current_date + 3650 from generate_series(1, ${PEOPLE}) g`,
      );
      await query(
        `insert into memb_subsidy_batch (id, tenant_id, bill_no, name, subsidy_type, start_date, audit_status, issue_status, persons, total_cents)
         values ('crash-batch', 0, 'BZCRASH00001', '崩溃测试补助', '1', current_date, '2', '0', ${PEOPLE}, ${PEOPLE * 500})`,
      );
      await query(
        `insert into memb_subsidy_item (id, tenant_id, batch_id, member_id, account_id, amount_cents)
         select md5('crash-i' || g), 0, 'crash-batch', md5('crash-m' || g), md5('crash-a' || g), 500 from generate_series(1, ${PEOPLE}) g`,
      );
    });
    server = await start(port);
    const signIn = async () => ({ 'X-Access-Token': (await json(port, 'POST', '/sys/login', { username: 'admin', password: PASSWORD })).result.token as string });
    let auth = await signIn();
    const batch = async () => (await json(port, 'GET', '/memb/subsidy/queryById?id=crash-batch', undefined, auth)).result as { issueStatus: string; issued: number };
    expect((await json(port, 'POST', '/memb/subsidy/issue', { id: 'crash-batch' }, auth)).success).toBe(true);
    // Killed once some are paid (the batch counts its progress as it goes), well before the end.
    let paidBeforeKill = 0;
    for (let i = 0; i < 3000 && paidBeforeKill === 0; i += 1) {
      paidBeforeKill = (await batch()).issued;
      if (!paidBeforeKill) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await killServer();
    expect(paidBeforeKill).toBeGreaterThan(0);
    expect(paidBeforeKill).toBeLessThan(PEOPLE);

    server = await start(port);
    auth = await signIn();
    // 发放 again resumes it (unless the nightly job, run late at start, already has): the paid are skipped.
    if ((await batch()).issueStatus === '4') expect((await json(port, 'POST', '/memb/subsidy/issue', { id: 'crash-batch' }, auth)).success).toBe(true);
    for (let i = 0; i < 6000 && (await batch()).issueStatus === '4'; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await batch()).toMatchObject({ issueStatus: '1', issued: PEOPLE });
    const report = (await json(port, 'GET', '/memb/account/reconcile', undefined, auth)).result;
    expect(report.drift).toEqual([]);
    expect(report.unbalanced).toEqual([]);

    await killServer();
    server = null;
    const [posted] = await onDatabase((query) =>
      query(`select count(*)::int as postings, count(distinct account_id)::int as people from fin_txn where txn_type = 'SUBSIDY_ISSUE' and summary like '补助发放 BZCRASH00001%'`),
    );
    expect(posted).toEqual({ postings: PEOPLE, people: PEOPLE });
    const [wrong] = await onDatabase((query) => query(`select count(*)::int as n from memb_account where account_no like 'AK%' and subsidy_cents <> 500`));
    expect(wrong!.n).toBe(0);
  });
});

describe('a crash between a commit and its effect', () => {
  it('delivers the queued effect after the restart, once', { timeout: 240_000 }, async () => {
    const port = await freePort();
    if (server) await killServer();
    // Holding its effects, as a server would that dies the instant after the commit.
    server = await start(port, { OUTBOX_PAUSED: 'true' });
    const signIn = async () => ({ 'X-Access-Token': (await json(port, 'POST', '/sys/login', { username: 'admin', password: PASSWORD })).result.token as string });
    let auth = await signIn();
    const job = (await json(port, 'GET', '/sys/quartzJob/list?jobClassName=sessionCleanup', undefined, auth)).result.records[0] as { id: string };
    const runs = async () => (await json(port, 'GET', `/sys/quartzJobRun/list?jobId=${job.id}&pageSize=1`, undefined, auth)).result.total as number;
    const before = await runs();
    const answer = await json(port, 'GET', `/sys/quartzJob/execute?id=${job.id}`, undefined, auth);
    expect(answer.success, answer.message).toBe(true);
    expect(answer.message).toContain('后续处理已排队');
    expect(await runs()).toBe(before);
    await killServer();
    const [queued] = await onDatabase((query) => query(`select id::int as id, state, attempts from sys_outbox where kind = 'job.run' and payload->>'jobId' = '${job.id}' order by id desc limit 1`));
    expect(queued).toMatchObject({ state: 'queued', attempts: 0 });

    server = await start(port);
    auth = await signIn();
    for (let i = 0; i < 600 && (await runs()) === before; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await runs()).toBe(before + 1);
    await killServer();
    server = null;
    const [delivered] = await onDatabase((query) => query(`select state, attempts from sys_outbox where id = ${queued!.id}`));
    expect(delivered).toEqual({ state: 'done', attempts: 1 });
    const [ran] = await onDatabase((query) => query(`select count(*)::int as n from sys_quartz_job_run where job_id = '${job.id}' and trigger = 'manual'`));
    expect(ran!.n).toBe(1);
  });
});
