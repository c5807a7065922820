/**
 * The server as its operator runs it: `src/server/main.ts` in a process of its own, on a free
 * loopback port, over an installation of the test's own — a data folder, and on the PostgreSQL
 * pass a database made from the run's seeded template (else PGlite in the folder, loaded from the
 * run's seeded dump). For the tests of what happens to a whole process: a stop, a backup, an
 * upgrade, several instances.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from '@server/db/client';
import { freePort } from './postgresCluster';
import { ADMIN_PASSWORD, BASE } from './testApp';

export interface Installation {
  dataDir: string;
  /** The variables that point a server (or a command) at it. */
  env: Record<string, string>;
  databaseUrl?: string;
  /** Opens its database in this process (PGlite: only while no server has it open). */
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}

/** A new installation: the sample school when the run made one (seededDatabase.ts), else empty (the server's first start seeds it). */
export async function createInstallation(): Promise<Installation> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-install-'));
  const uploads = process.env.TEST_SEEDED_UPLOADS;
  if (uploads && fs.existsSync(uploads)) fs.cpSync(uploads, path.join(dataDir, 'upload'), { recursive: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_PASSWORD };
  if (adminUrl) {
    const name = `ccu_install_${randomBytes(6).toString('hex')}`;
    const template = process.env.TEST_SEEDED_TEMPLATE;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    return {
      dataDir,
      env: { ...env, DATABASE_URL: databaseUrl },
      databaseUrl,
      open: () => openDatabase({ databaseUrl }),
      async remove() {
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const pgliteDir = path.join(dataDir, 'db');
  const seeded = process.env.TEST_SEEDED_PGLITE;
  if (seeded) {
    const target: DatabaseTarget = { pgliteDir, load: new Blob([fs.readFileSync(seeded)]) };
    await (await openDatabase(target)).close();
  }
  return {
    dataDir,
    env,
    open: () => openDatabase({ pgliteDir }),
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An empty place to restore or load into: a data directory, and on the PostgreSQL pass a new empty database. */
export async function emptyInstallation(): Promise<Installation> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-empty-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return { dataDir, env: { DATA_DIR: dataDir }, open: () => openDatabase({ pgliteDir: path.join(dataDir, 'db') }), remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `ccu_empty_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    databaseUrl,
    open: () => openDatabase({ databaseUrl }),
    async remove() {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `npm run <script> -- args` as the operator would, with the installation's variables: its exit code and what it printed. */
export function npmRun(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface ServerProcess {
  /** http://127.0.0.1:port */
  origin: string;
  /** The API's base: origin + /ccu-boot. */
  api: string;
  child: ChildProcess;
  /** What it printed, both streams. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has ended. */
  exited: Promise<number | string>;
  /** Sends the signal and waits for the end. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** Starts the server on the installation and waits until it is ready (readiness 200). */
export async function startServer(installation: Pick<Installation, 'env'>, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await launchServer(installation, env);
  await server.ready();
  return server;
}

/** Starts the server on the installation without waiting: `ready()` waits for readiness, `printed(text)` for a line. */
export async function launchServer(
  installation: Pick<Installation, 'env'>,
  env: Record<string, string> = {},
): Promise<ServerProcess & { ready(): Promise<void>; printed(text: string): Promise<void> }> {
  const port = await freePort();
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-web-'));
  let printed = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...installation.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_ROOT: webRoot, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  void exited.then(() => fs.rmSync(webRoot, { recursive: true, force: true }));
  const origin = `http://127.0.0.1:${port}`;
  let ended = false;
  void exited.then(() => (ended = true));
  /** Polls until `done` holds, failing once the server has ended or after 240 s. */
  const until = async (what: string, done: () => Promise<boolean>) => {
    for (const started = Date.now(); ;) {
      if (await done()) return;
      if (ended) throw new Error(`the server ended before ${what}:\n${printed}`);
      if (Date.now() - started > 240_000) {
        child.kill('SIGKILL');
        throw new Error(`the server was not ${what} in 240 s:\n${printed}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    origin,
    api: `${origin}${BASE}`,
    child,
    output: () => printed,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (!ended) child.kill(signal);
      return exited;
    },
    ready: () => until('ready', async () => !ended && Boolean((await fetch(`${origin}${BASE}/actuator/health/readiness`).catch(() => null))?.ok)),
    printed: (text) => until(`it printed ${text}`, async () => printed.includes(text)),
  };
}

/** Signs in over HTTP as `username`: the token. */
export async function signInOver(api: string, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const answer = (await (await fetch(`${api}/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })).json()) as {
    success: boolean;
    message: string;
    result: { token: string };
  };
  if (!answer.success) throw new Error(`sign-in of ${username} failed: ${answer.message}`);
  return answer.result.token;
}
