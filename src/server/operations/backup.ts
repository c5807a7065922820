import { spawn } from 'node:child_process';
import type { RunStatement } from '../db/schoolSecurity';
import { openBackupFile, type BackupManifest } from './backupFile';
import { postgresProgram } from './postgresTools';
import { databaseLevel, thisRelease } from './release';

/**
 * Backups of a running installation. PGlite: its data directory, dumped by the process that holds
 * it open (the server, through its control socket, or this command when no server runs) between two
 * statements — a moment of the database as it stood. PostgreSQL: `pg_dump` in the custom format, one
 * snapshot of the whole database however long it takes, the server serving on meanwhile.
 */

const schoolsOf = async (run: RunStatement) => Number(((await run(`select count(*)::int as n from tenants`)).rows[0] as { n: number }).n);

/** Writes `file` from PGlite's dump (a gzip'd tar of its data directory). */
export async function backupPglite(run: RunStatement, dump: () => Promise<Blob>, file: string): Promise<BackupManifest> {
  const out = openBackupFile(file);
  try {
    const [level, schools] = [await databaseLevel(run), await schoolsOf(run)];
    const blob = await dump();
    out.write(Buffer.from(await blob.arrayBuffer()));
    return out.finish({ release: thisRelease(), level, database: 'pglite', payload: 'pglite-datadir.tar.gz', createdAt: new Date().toISOString(), schools });
  } catch (error) {
    out.abandon();
    throw error;
  }
}

/** Writes `file` from `pg_dump -Fc` of the database at `databaseUrl`. */
export async function backupPostgres(run: RunStatement, databaseUrl: string, file: string): Promise<BackupManifest> {
  const pgDump = postgresProgram('pg_dump');
  if (!pgDump) throw new Error('找不到 pg_dump：请安装 PostgreSQL 客户端（apt-get install postgresql-client）或设置 PG_BIN_DIR (pg_dump not found)');
  const out = openBackupFile(file);
  try {
    const [level, schools] = [await databaseLevel(run), await schoolsOf(run)];
    const child = spawn(pgDump, ['--format=custom', '--compress=6', `--dbname=${databaseUrl}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const ended = new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => resolve(code ?? 1));
    });
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) out.write(chunk);
    const code = await ended;
    if (code !== 0) throw new Error(`pg_dump 失败 (pg_dump failed, exit ${code}): ${errors.trim()}`);
    return out.finish({ release: thisRelease(), level, database: 'postgres', payload: 'pg_dump-custom', createdAt: new Date().toISOString(), schools });
  } catch (error) {
    out.abandon();
    throw error;
  }
}
