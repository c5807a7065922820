/**
 * A crash while terminals post: the real server process (PGlite in a folder, or PostgreSQL) is
 * killed with SIGKILL in the middle of a stream of signed payments, then started again on the
 * same data. Every payment that was acknowledged before the kill is in the ledger exactly once
 * (sending it again answers the same posting), and the reconciliation finds no drift.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { terminalSigningText, type TerminalRecord } from '@shared/terminal';

const PASSWORD = 'Crash-Test-Pass1';
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
async function start(port: number): Promise<ChildProcess> {
  const child = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  for (let i = 0; i < 600; i += 1) {
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

afterAll(async () => {
  server?.kill('SIGKILL');
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a crash while terminals post', () => {
  it('keeps every acknowledged payment exactly once and the balances equal to the ledger', { timeout: 240_000 }, async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const name = `ccu_crash_${randomBytes(4).toString('hex')}`;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
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
          deviceTime: new Date().toISOString().replace('T', ' ').slice(0, 19),
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
});
