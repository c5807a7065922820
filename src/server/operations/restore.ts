import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { prepareRoles } from '../db/schoolSecurity';
import { BackupRefused, checkPayload, payloadStream, readManifest, type BackupManifest } from './backupFile';
import { postgresProgram } from './postgresTools';
import { isNewerThanThis, thisRelease } from './release';

/**
 * Restores a backup into an empty place — PGlite's data directory, or a PostgreSQL database with
 * nothing in it — after checking it whole and no newer than this release (a newer one holds tables
 * this code does not know; an older one is upgraded by the next start's migrations).
 */
export async function checkBackup(file: string, into: 'pglite' | 'postgres'): Promise<BackupManifest> {
  const manifest = readManifest(file);
  if (isNewerThanThis(manifest.level)) {
    const mine = thisRelease();
    throw new BackupRefused(
      `备份来自较新的版本（${manifest.release.version}，迁移 ${manifest.level.count} 个，最后为 ${manifest.level.last}），本版本 ${mine.version} 只到迁移 ${mine.migrations.count} 个（${mine.migrations.last}）：请先升级本程序再恢复。\n` +
        `  (The backup comes from a newer release: ${manifest.level.count} migrations, the last ${manifest.level.last}; this release knows ${mine.migrations.count}. Upgrade this console first.)`,
    );
  }
  if (manifest.database !== into)
    throw new BackupRefused(
      manifest.database === 'pglite'
        ? '这是内置数据库（PGlite）的备份，只能恢复到数据目录：请去掉 DATABASE_URL 再恢复。 (A PGlite backup restores into a data directory: unset DATABASE_URL.)'
        : '这是 PostgreSQL 的备份，只能恢复到 PostgreSQL：请设置 DATABASE_URL 再恢复。 (A PostgreSQL backup restores into PostgreSQL: set DATABASE_URL.)',
    );
  await checkPayload(file, manifest);
  return manifest;
}

/** Into `pgliteDir`, which must not hold a database. */
export async function restorePglite(file: string, pgliteDir: string): Promise<BackupManifest> {
  if (fs.existsSync(pgliteDir) && fs.readdirSync(pgliteDir).length > 0)
    throw new BackupRefused(
      `恢复目标不是空的：${pgliteDir} 已有数据库。恢复只写入空的数据目录，请换一个 DATA_DIR 或先移走它。 (The target ${pgliteDir} already holds a database; restore writes only into an empty data directory.)`,
    );
  const manifest = await checkBackup(file, 'pglite');
  const chunks: Buffer[] = [];
  for await (const chunk of payloadStream(file) as AsyncIterable<Buffer>) chunks.push(chunk);
  fs.mkdirSync(pgliteDir, { recursive: true });
  try {
    const client = await PGlite.create(pgliteDir, { loadDataDir: new Blob([Buffer.concat(chunks)]) });
    await client.close();
  } catch (error) {
    fs.rmSync(pgliteDir, { recursive: true, force: true });
    throw error;
  }
  return manifest;
}

/** Into the database at `databaseUrl`, which must hold no tables; in one transaction (all or nothing). */
export async function restorePostgres(file: string, databaseUrl: string): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`);
    if ((rows[0] as { n: number }).n > 0)
      throw new BackupRefused(
        `恢复目标不是空的：该数据库已有表。恢复只写入空数据库，请新建一个（CREATE DATABASE …）再设置 DATABASE_URL。 (The target database already has tables; restore into an empty database.)`,
      );
    // The roles the row policies name are the cluster's: a new cluster gets them first.
    await prepareRoles((text) => client.query(text));
  } finally {
    await client.end();
  }
  const manifest = await checkBackup(file, 'postgres');
  const pgRestore = postgresProgram('pg_restore');
  if (!pgRestore) throw new Error('找不到 pg_restore：请安装 PostgreSQL 客户端（apt-get install postgresql-client）或设置 PG_BIN_DIR (pg_restore not found)');
  // Owners and grants are this cluster's: the next start gives the tables to the console's roles.
  const child = spawn(pgRestore, ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${databaseUrl}`], { stdio: ['pipe', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const ended = new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code ?? 1));
  });
  await pipeline(payloadStream(file), child.stdin);
  const code = await ended;
  if (code !== 0) throw new Error(`pg_restore 失败 (pg_restore failed, exit ${code}): ${errors.trim()}`);
  return manifest;
}
