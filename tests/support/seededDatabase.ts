import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Vitest's global set-up: the sample school is made once per run — migrated and seeded through the
 * product's own code — and every test file's database starts from it (PGlite: its dump, loaded in
 * a second; PostgreSQL: a template database) instead of seeding its own (nine seconds each).
 * Told to the test files through the environment; a file run without it seeds as before.
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  // A run of unit tests alone needs no database.
  const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('-') && arg !== 'run');
  if (filters.length > 0 && filters.every((filter) => filter.startsWith('tests/unit'))) return;
  // Before the server's code is loaded: its clock reads `Date` as it was then.
  const clockBack = await seedClock();
  // The school's day the sample school is lived up to: the day its story calls today.
  process.env.TEST_SEEDED_DAY = await seededDay();
  // The server's code only now: a unit run does not load it.
  const [{ default: pg }, { installAreasForServer }, { openDatabase }, { seedSchool }, { createObjectStore }, { ADMIN_PASSWORD }, { buildApp }] = await Promise.all([
    import('pg'),
    import('@areas/server'),
    import('@server/db/client'),
    import('@server/sampleSchool'),
    import('@server/modules/files/objectStore'),
    import('./testApp'),
    import('@server/app'),
  ]);
  await installAreasForServer();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-seeded-'));
  const uploads = path.join(folder, 'upload');
  const adminUrl = process.env.TEST_DATABASE_URL;
  let dropTemplate = async () => {};
  if (adminUrl) {
    const name = `ccu_seeded_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    await handle.migrate();
    await seedSchool(handle.db, { adminPassword: ADMIN_PASSWORD, files: createObjectStore({ driver: 'local' }, uploads), buildApp });
    // No connection may stay on a template while databases are made from it.
    await handle.close();
    process.env.TEST_SEEDED_TEMPLATE = name;
    dropTemplate = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const handle = await openDatabase({ inMemory: true });
    await handle.migrate();
    await seedSchool(handle.db, { adminPassword: ADMIN_PASSWORD, files: createObjectStore({ driver: 'local' }, uploads), buildApp });
    const file = path.join(folder, 'seeded.tar');
    fs.writeFileSync(file, Buffer.from(await (await handle.dump!()).arrayBuffer()));
    await handle.close();
    process.env.TEST_SEEDED_PGLITE = file;
  }
  process.env.TEST_SEEDED_UPLOADS = uploads;
  clockBack();
  return async () => {
    await dropTemplate();
    fs.rmSync(folder, { recursive: true, force: true });
  };
}

/**
 * `TEST_SEED_BEFORE_MIDNIGHT=1` makes the sample school as a run started five minutes before the
 * school's last midnight would: its weeks end at 23:55 of yesterday and every test then runs on the
 * next day. A run that crosses the school's midnight is a run like any other; this shows it on demand.
 * For the PGlite pass: PGlite reads the process's clock, PostgreSQL its own (its now() stays real).
 * Gives back the real clock.
 */
async function seedClock(): Promise<() => void> {
  if (!process.env.TEST_SEED_BEFORE_MIDNIGHT) return () => {};
  const { dayIn, parseSchoolTime, DEFAULT_TIME_ZONE } = await import('@shared/schoolTime');
  const RealDate = Date;
  const offset = parseSchoolTime(DEFAULT_TIME_ZONE, `${dayIn(DEFAULT_TIME_ZONE)} 00:00:00`)!.getTime() - 5 * 60_000 - RealDate.now();
  class EarlierDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string]));
    }
    static override now(): number {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = EarlierDate as DateConstructor;
  return () => {
    globalThis.Date = RealDate;
  };
}

async function seededDay(): Promise<string> {
  const { dayIn, DEFAULT_TIME_ZONE } = await import('@shared/schoolTime');
  return dayIn(DEFAULT_TIME_ZONE);
}
