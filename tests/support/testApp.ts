import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { installAreasForServer } from '@areas/server';
import { buildApp } from '@server/app';
import { openDatabase, type Database, type DatabaseTarget } from '@server/db/client';
import type { SmsConfig } from '@server/sms/sender';
import type { StorageConfig } from '@server/modules/files/objectStore';
import { seedSchool } from '@server/sampleSchool';
import { createSessionStore } from '@server/modules/auth/sessions';
import { createMemoryBus, createPgBus, type EventBus } from '@server/realtime/bus';
import { createObjectStore } from '@server/modules/files/objectStore';
import { ledgerFaults } from './ledgerChecks';
import { dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';

export const BASE = '/ccu-boot';
export const ADMIN_PASSWORD = 'Admin@12345';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The server's event bus, for tests that publish as a service would. */
  bus: EventBus;
  /** Where this server keeps uploads. */
  uploadDir: string;
  /** The database's URL on PostgreSQL (unset on PGlite). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * A real server on a real, freshly migrated and seeded database: in-memory PGlite, or a new
 * database in the throwaway cluster when TEST_DATABASE_URL is set (npm run test:api:pg).
 */
/** The payment channels' callback keys of test apps: tests sign callbacks with them. */
export const TEST_PAYMENT_SECRETS = { wechat: 'test-wechat-callback-key-0001', alipay: 'test-alipay-callback-key-0001' };

export async function createTestApp(
  options: {
    webRoot?: string;
    tokenTtlMinutes?: number;
    trustProxy?: string[];
    sms?: SmsConfig;
    jobs?: { tickMs: number };
    casServerUrl?: string;
    casServiceUrl?: string;
    storage?: StorageConfig;
    logStream?: { write(line: string): void };
    /** Check the books when closing (ledgerChecks.ts); off only for a benchmark that fills the ledger with headers alone. */
    ledgerChecks?: boolean;
  } = {},
): Promise<TestApp> {
  await installAreasForServer();
  const adminUrl = process.env.TEST_DATABASE_URL;
  const seededDump = process.env.TEST_SEEDED_PGLITE;
  const seeded = adminUrl ? Boolean(process.env.TEST_SEEDED_TEMPLATE) : Boolean(seededDump);
  let target: DatabaseTarget = seededDump && !adminUrl ? { inMemory: true, load: new Blob([fs.readFileSync(seededDump)]) } : { inMemory: true };
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `ccu_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // From the run's seeded template when there is one (seededDatabase.ts), else empty and seeded below.
    const template = process.env.TEST_SEEDED_TEMPLATE;
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    target = { databaseUrl: url.toString() };
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const handle = await openDatabase(target);
  await handle.migrate();
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-upload-'));
  // The sample school's camera files come with the seeded database they belong to.
  if (seeded) {
    const uploads = process.env.TEST_SEEDED_UPLOADS;
    if (uploads && fs.existsSync(uploads)) fs.cpSync(uploads, uploadDir, { recursive: true });
  } else await seedSchool(handle.db, { adminPassword: ADMIN_PASSWORD, files: createObjectStore({ driver: 'local' }, uploadDir), buildApp });
  const webRoot = options.webRoot ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-web-'));
  const bus: EventBus = 'databaseUrl' in target ? await createPgBus(target.databaseUrl) : createMemoryBus();
  const sessions = createSessionStore(handle.db, options.tokenTtlMinutes ?? 120, bus);
  const app = await buildApp({
    config: {
      basePath: BASE,
      tokenTtlMinutes: options.tokenTtlMinutes ?? 120,
      webRoot,
      uploadDir,
      paymentSecrets: TEST_PAYMENT_SECRETS,
      ...(options.sms ? { sms: options.sms } : {}),
      casServerUrl: options.casServerUrl,
      casServiceUrl: options.casServiceUrl,
      databaseKind: handle.kind,
      ...(options.storage ? { storage: options.storage } : {}),
    },
    db: handle.db,
    sessions,
    bus,
    ...(options.logStream ? { logger: { level: 'info', stream: options.logStream } } : {}),
    trustProxy: options.trustProxy,
    ...(options.jobs ? { jobs: options.jobs } : {}),
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    kind: handle.kind,
    bus,
    uploadDir,
    ...('databaseUrl' in target ? { databaseUrl: target.databaseUrl } : {}),
    async close() {
      // Whatever a test file did, the books still hold (see ledgerChecks.ts): checked before the database goes.
      const faults = options.ledgerChecks === false ? [] : await ledgerFaults(handle.db);
      await app.close();
      await bus.close();
      await handle.close();
      fs.rmSync(uploadDir, { recursive: true, force: true });
      await dropDatabase();
      if (faults.length) throw new Error(`the ledger does not hold:\n${faults.join('\n')}`);
    },
  };
}

let signInCount = 0;

/**
 * Signs in through the API and returns the token. Each sign-in comes from an address of its own:
 * the per-address sign-in limit is for attackers, and a contract test signs in a role a second.
 */
export async function signIn(app: FastifyInstance, username: string, password = ADMIN_PASSWORD): Promise<string> {
  signInCount += 1;
  const remoteAddress = `10.250.${(signInCount >> 8) & 255}.${signInCount & 255}`;
  const response = await app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username, password }, remoteAddress });
  const body = response.json();
  if (!body.success) throw new Error(`sign-in of ${username} failed: ${body.message}`);
  return body.result.token as string;
}

/**
 * Another server instance on the same PostgreSQL database (its own pool, event bus, session store
 * and caches), as a second machine behind a load balancer would be.
 */
export async function startSecondInstance(first: TestApp, options: { jobs?: { tickMs: number } } = {}): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (!first.databaseUrl) throw new Error('a second instance needs PostgreSQL');
  const handle = await openDatabase({ databaseUrl: first.databaseUrl });
  const bus = await createPgBus(first.databaseUrl);
  const sessions = createSessionStore(handle.db, 120, bus);
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-web-'));
  // Its own disk, as another machine would have: what both see must come through the database.
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-upload2-'));
  const app = await buildApp({ config: { basePath: BASE, tokenTtlMinutes: 120, webRoot, uploadDir }, db: handle.db, sessions, bus, ...(options.jobs ? { jobs: options.jobs } : {}) });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await bus.close();
      await handle.close();
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/**
 * The school's day the sample school was lived up to — what its story calls today. Not always
 * today: a run that crosses the school's midnight tests on the next day. Assertions about what the
 * sample school holds count from it; what the server does now counts from `dayIn` now.
 */
export function seededDay(): string {
  return process.env.TEST_SEEDED_DAY ?? dayIn(DEFAULT_TIME_ZONE);
}
