import path from 'node:path';
import { restorePglite, restorePostgres } from '../src/server/operations/restore';
import { describeBackup, installationConfig, megabytes, runCommand } from './operations';

/**
 * `npm run restore -- <file>`: a backup into an empty installation — DATA_DIR's database folder, or
 * the empty database at DATABASE_URL — refusing a damaged file, a place that holds data, and a backup
 * from a newer release.
 */
const config = installationConfig();
const given = process.argv[2];
if (!given) {
  console.error('  用法 (usage): npm run restore -- <备份文件 backup file>');
  process.exit(1);
}
const file = path.resolve(given);

await runCommand(async () => {
  const started = Date.now();
  const into = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'db')}`;
  console.log(`  Restoring ${file} into ${into}…`);
  const manifest = config.databaseUrl ? await restorePostgres(file, config.databaseUrl) : await restorePglite(file, path.join(config.dataDir, 'db'));
  console.log(`  Restored in ${((Date.now() - started) / 1000).toFixed(1)} s: ${megabytes(manifest.bytes)} — ${describeBackup(manifest)}`);
  console.log('  Start the console (npm start): it applies the migrations this release has that the backup lacks. Check it whole with: npm run verify');
});
