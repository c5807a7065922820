import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { backupPglite, backupPostgres } from '../src/server/operations/backup';
import { askServerForBackup } from '../src/server/operations/controlSocket';
import { describeBackup, installationConfig, megabytes, runCommand } from './operations';

/**
 * `npm run backup [-- <file or folder>]`: a consistent backup of the installation (DATA_DIR, or
 * DATABASE_URL), while it runs. PGlite: taken by the running server through its control socket, or
 * from the data directory when no server has it open. PostgreSQL: pg_dump. Default: ./backups/.
 */
const config = installationConfig();
const given = process.argv[2];
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const name = `ccu-${stamp}.ccubackup`;
const file = path.resolve(given ? (given.endsWith('.ccubackup') ? given : path.join(given, name)) : path.join('backups', name));

await runCommand(async () => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const started = Date.now();
  let manifest;
  let how: string;
  if (config.databaseUrl) {
    how = 'PostgreSQL (DATABASE_URL), pg_dump';
    console.log(`  Backing up ${how}…`);
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      manifest = await backupPostgres((text) => client.query(text), config.databaseUrl, file);
    } finally {
      await client.end();
    }
  } else {
    const pgliteDir = path.join(config.dataDir, 'db');
    console.log(`  Backing up PGlite in ${pgliteDir}…`);
    manifest = await askServerForBackup(config.dataDir, file);
    how = 'by the running server';
    if (!manifest) {
      if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) throw new Error(`${pgliteDir} 没有数据库 (no database there)`);
      how = 'from the data directory (no server running)';
      const client = await PGlite.create(pgliteDir);
      try {
        manifest = await backupPglite(
          (text) => client.query(text),
          () => client.dumpDataDir('gzip'),
          file,
        );
      } finally {
        await client.close();
      }
    }
  }
  console.log(`  Backup written ${how}: ${file}\n    ${megabytes(manifest.bytes)} in ${((Date.now() - started) / 1000).toFixed(1)} s — ${describeBackup(manifest)}`);
  console.log(`  Restore it into an empty data directory or database with: npm run restore -- ${file}`);
});
