/**
 * An installation made by an earlier release starts on this one with its data: the sample school as
 * the commit issue 53 started from made it, its past days closed by that release's 日终结算
 * (tests/fixtures/upgrade), loaded into an empty installation and started as its operator would.
 * The start migrates it to this release's level and says what it rewrites (the days closed before
 * seals existed); cut short by a kill in the middle, the next start finishes the work; the school
 * then signs in, reads its past, and `npm run verify` finds it whole — seals included.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@server/db/rows';
import { prepareRoles } from '@server/db/schoolSecurity';
import { thisRelease } from '@server/operations/release';
import { emptyInstallation, launchServer, npmRun, signInOver, startServer, type Installation } from '../support/serverProcess';

/** The earlier release's database as plain SQL (pg_dump --rows-per-insert), brotli'd: see its README. */
const FIXTURE = path.join(import.meta.dirname, '../fixtures/upgrade/eb86868.sql.br');
/** The password its seed was given. */
const ITS_PASSWORD = 'Admin#2024';

/**
 * What the earlier release's database holds, read as its owner: its migration level, its closed days
 * and postings (the dump leaves the session's search_path empty: names are qualified).
 */
const HOLDS = `select (select count(*)::int from drizzle.__drizzle_migrations) as migrations, (select count(*)::int from public.rpt_day_close) as closed, (select count(*)::int from public.fin_txn) as postings`;
type Holds = { migrations: number; closed: number; postings: number };

/** Loads the fixture into the installation's empty database, the console's roles first (as a restore does): what it holds. */
async function loadFixture(installation: Installation): Promise<Holds> {
  const script = zlib.brotliDecompressSync(fs.readFileSync(FIXTURE)).toString('utf8');
  if (installation.databaseUrl) {
    const client = new pg.Client({ connectionString: installation.databaseUrl });
    await client.connect();
    try {
      await prepareRoles((text) => client.query(text));
      await client.query(script);
      return (await client.query<Holds>(HOLDS)).rows[0]!;
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(installation.dataDir, 'db'));
  try {
    await prepareRoles((text) => db.query(text));
    await db.exec(script);
    return (await db.query<Holds>(HOLDS)).rows[0]!;
  } finally {
    await db.close();
  }
}

describe('an installation made by an earlier release', () => {
  let installation: Installation;
  let earlier: Holds;

  beforeAll(async () => {
    installation = await emptyInstallation();
    earlier = await loadFixture(installation);
  }, 300_000);
  afterAll(async () => installation?.remove());

  it('migrates at start with its data, says what it rewrites, finishes it when a start was cut short, and passes verify', async () => {
    // An earlier level, with closed days and the weeks' postings.
    expect(earlier.migrations).toBeLessThan(thisRelease().migrations.count);
    expect(earlier.closed).toBeGreaterThan(20);
    expect(earlier.postings).toBeGreaterThan(5000);

    // The first start is killed as soon as it says it rewrites data.
    const env = { ...installation.env, ADMIN_PASSWORD: 'unused-password' };
    const first = await launchServer({ env });
    await first.printed('Data migration: sealing');
    expect(await first.stop('SIGKILL')).toBe('SIGKILL');
    expect(first.output()).toMatch(/Data migration: sealing \d+ day\(s\) of school 0 closed before seals existed \(resumable\)…/);

    // The next start finishes it; the school signs in with its own password and reads its past.
    const server = await startServer({ env });
    const token = await signInOver(server.api, 'admin', ITS_PASSWORD);
    // A Friday of the fixture's weeks, closed by the earlier release.
    const day = '2026-11-20';
    const report = (await (await fetch(`${server.api}/report/daily?date=${day}`, { headers: { 'X-Access-Token': token } })).json()) as {
      success: boolean;
      result: { fundTotal: { check: number; consume: number } };
    };
    expect(report.success).toBe(true);
    expect(report.result.fundTotal.check).toBe(0);
    expect(report.result.fundTotal.consume).toBeGreaterThan(0);
    expect(await server.stop()).toBe(0);

    // At this release's level, every closed day sealed, and whole.
    const after = await installation.open();
    try {
      const [now] = await rowsOf<{ migrations: number; sealed: number; days: number }>(
        after.db,
        sql`select (select count(*)::int from drizzle.__drizzle_migrations) as migrations, (select count(*)::int from rpt_day_seal) as sealed,
                   (select count(*)::int from rpt_day_close) as days`,
      );
      expect(now!.migrations).toBe(thisRelease().migrations.count);
      expect(now!.sealed).toBe(now!.days);
    } finally {
      await after.close();
    }
    const whole = await npmRun('verify', [], installation.env);
    expect(whole.output).toContain('✔ Every check holds');
    expect(whole.code).toBe(0);
  }, 600_000);
});
