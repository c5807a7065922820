import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunStatement } from '../db/schoolSecurity';

/**
 * Which release this is, and which migration level a database is at: what a backup carries, and
 * what a restore and an upgrade compare. The level is the count of migrations applied (drizzle's
 * own table) and the tag of the last one, named from this release's journal when it knows it.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const journal = JSON.parse(fs.readFileSync(path.join(here, '../db/migrations/meta/_journal.json'), 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };

export interface MigrationLevel {
  /** Migrations applied. */
  count: number;
  /** The last one's tag (0099_statement_by_range), or its time when this release does not know it. */
  last: string;
  /** The last one's journal time (drizzle's created_at). */
  when: number;
}

export interface Release {
  version: string;
  migrations: MigrationLevel;
}

/** This code: its package version and the migrations it brings. */
export function thisRelease(): Release {
  const { version } = JSON.parse(fs.readFileSync(path.join(here, '../../../package.json'), 'utf8')) as { version: string };
  const last = journal.entries.at(-1)!;
  return { version, migrations: { count: journal.entries.length, last: last.tag, when: last.when } };
}

/** The migration level a database is at (count 0: none applied, a new database). */
export async function databaseLevel(run: RunStatement): Promise<MigrationLevel> {
  const [exists] = (await run(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)).rows as { present: boolean }[];
  if (!exists?.present) return { count: 0, last: '', when: 0 };
  const [row] = (await run(`select count(*)::text as count, max(created_at)::text as when from drizzle.__drizzle_migrations`)).rows as { count: string; when: string | null }[];
  const when = Number(row?.when ?? 0);
  return { count: Number(row?.count ?? 0), last: journal.entries.find((entry) => entry.when === when)?.tag ?? `unknown migration of ${new Date(when).toISOString()}`, when };
}

/** Whether a level was made by a release later than this one: a migration this code does not know. */
export function isNewerThanThis(level: MigrationLevel): boolean {
  const mine = thisRelease().migrations;
  return level.count > mine.count || (level.when > 0 && !journal.entries.some((entry) => entry.when === level.when));
}
