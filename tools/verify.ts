import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { askServerToVerify, type VerifyReport } from '../src/server/operations/controlSocket';
import { databaseLevel, thisRelease } from '../src/server/operations/release';
import { describeVerification, verifyDatabase } from '../src/server/operations/verify';
import { installationConfig, runCommand } from './operations';
import { BackupRefused } from '../src/server/operations/backupFile';

/**
 * `npm run verify`: whether the installation's database is whole (operations/verify.ts), school by
 * school; exits 1 when anything does not hold. PGlite with its server running: the server checks it.
 */
const config = installationConfig();

await runCommand(async () => {
  const started = Date.now();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'db')}`;
  console.log(`  校验 Verifying ${where}…`);
  let report: VerifyReport | null = config.databaseUrl ? null : await askServerToVerify(config.dataDir);
  if (!report) {
    if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) throw new Error(`${path.join(config.dataDir, 'db')} 没有数据库 (no database there)`);
    const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'db') });
    try {
      const level = await databaseLevel(handle.run);
      const mine = thisRelease().migrations;
      if (level.count !== mine.count)
        throw new BackupRefused(
          `数据库的迁移级别（${level.count}，${level.last}）与本版本（${mine.count}，${mine.last}）不同：请先用本版本启动一次（npm start）完成升级再校验。 (The database is at migration level ${level.count}; this release expects ${mine.count}: start it once with this release to upgrade, then verify.)`,
        );
      report = describeVerification(await verifyDatabase(handle.db));
    } finally {
      await handle.close();
    }
  }
  for (const line of report.lines) console.log(line);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (report.faults) {
    console.log(`  ✘ ${report.faults} check(s) do not hold (${seconds} s): the lines above name what differs.`);
    process.exit(1);
  }
  console.log(`  ✔ Every check holds (${seconds} s).`);
});
