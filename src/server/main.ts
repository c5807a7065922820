import fs from 'node:fs';
import path from 'node:path';
import { installAreasForServer } from '@areas/server';
import { buildApp } from './app';
import { stopGracefully } from './http/gracefulStop';
import { backupPglite } from './operations/backup';
import { serveControl } from './operations/controlSocket';
import { describeVerification, verifyDatabase } from './operations/verify';
import { sealEarlierDays } from './operations/dataMigrations';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedSchool } from './sampleSchool';
import { syncDeclaredButtons } from './db/seed/syncButtons';
import { createSessionStore } from './modules/auth/sessions';
import { createMemoryBus, createPgBus } from './realtime/bus';
import { createObjectStore } from './modules/files/objectStore';

/** Starts the console: config → database → migrations → seed → HTTP server. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The areas before anything reads them (entities, routes, the sample school).
  await installAreasForServer();
  // Each step says what it does: a first start (migrations, the sample school) takes a while.
  const step = (text: string) => {
    const at = Date.now();
    console.log(`  ${text}`);
    return () => console.log(`        done in ${((Date.now() - at) / 1000).toFixed(1)} s`);
  };
  let done = step(`[2/3] Opening the database (${config.databaseUrl ? 'PostgreSQL, DATABASE_URL' : `PGlite in ${path.join(config.dataDir, 'db')}`}) and applying its migrations…`);
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'db') });
  await database.migrate();
  done();
  done = step('[3/3] Checking the school’s data (a new database gets the sample school: the first start only)…');
  const seed = await seedSchool(database.db, {
    adminPassword: config.adminPassword,
    dataDir: config.dataDir,
    files: createObjectStore(config.storage ?? { driver: 'local' }, path.join(config.dataDir, 'upload')),
    progress: (line) => console.log(`        ${line}`),
    buildApp,
  });
  done();
  // Days closed before this release sealed them: sealed now, oldest first (resumable: a run at a time).
  await sealEarlierDays(database.db, (line) => console.log(`        ${line}`));
  // Buttons of screens this version added, on a database an older version seeded.
  const addedButtons = await syncDeclaredButtons(database.db);
  // On PostgreSQL, events cross instances through LISTEN/NOTIFY; PGlite is one process.
  const bus = config.databaseUrl ? await createPgBus(config.databaseUrl, (message) => console.warn(message)) : createMemoryBus();
  const sessions = createSessionStore(database.db, config.tokenTtlMinutes, bus);
  await sessions.purgeExpired();
  const app = await buildApp({
    config: { ...config, uploadDir: path.join(config.dataDir, 'upload'), databaseKind: database.kind },
    db: database.db,
    sessions,
    bus,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Due jobs are looked for every second; on several instances each run still happens once.
    jobs: { tickMs: 1000 },
    // Effects queued after commits are looked for every second too; a request delivers its own at once.
    outbox: { tickMs: 1000, paused: config.outboxPaused },
  });
  await app.listen({ port: config.port, host: config.host });
  // PGlite is open in this process alone: `npm run backup` asks it for the backup through this socket.
  const closeControl =
    database.kind === 'pglite'
      ? await serveControl(config.dataDir, {
          backup: (file) => backupPglite(database.run, () => database.dump!('gzip'), file),
          verify: async () => describeVerification(await verifyDatabase(database.db)),
        })
      : async () => {};

  if (addedButtons) console.log(`  Added ${addedButtons} new button permission(s) to the menu; administrators hold them, others get them through 授权.`);
  const where = database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\n  校园一卡通管理平台 is running: http://localhost:${config.port}/  (database: ${where})`);
  if (seed.generatedPassword) {
    // The password is the last thing printed, where a newcomer looks.
    if (seed.passwordFile) console.log(`  A new database was created; its admin password is also saved in ${seed.passwordFile} (mode 0600). Change it after signing in.`);
    console.log(`  Sign in as admin with this password (shown once):\n\n      ${seed.generatedPassword}\n`);
  } else if (seed.seeded) {
    console.log('  A new database was created. Sign in as admin with the password from ADMIN_PASSWORD.\n');
  } else {
    const file = path.join(config.dataDir, 'initial-admin-password');
    if (fs.existsSync(file)) console.log(`  The initial admin password is in ${file} (unless it was changed since).\n`);
  }

  // A stop (SIGTERM from systemd, Docker or Kubernetes; Ctrl+C) lets the requests under way finish.
  const shutdown = async (signal: string) => {
    console.log(`  ${signal}: stopping — no new connections; the requests under way may take up to ${config.stopGraceMs / 1000} s…`);
    const outcome = await stopGracefully(app, app.requestsUnderWay, config.stopGraceMs);
    console.log(
      outcome.drained
        ? `  Stopped in ${(outcome.ms / 1000).toFixed(1)} s: every request under way was answered${outcome.handedBack ? `; ${outcome.handedBack} queued effect(s) handed back to the outbox` : ''}.`
        : `  Stopped after the grace of ${config.stopGraceMs / 1000} s: ${outcome.cut} request(s) still under way were cut; ${outcome.handedBack} queued effect(s) handed back to the outbox.`,
    );
    await closeControl();
    await bus.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  // A second signal during the stop (npm forwarding the one systemd sent the whole group, an
  // impatient Ctrl+C) does not cut it short: the grace already bounds it.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void shutdown(signal);
    });
}

main().catch((error: unknown) => {
  console.error('启动失败 (failed to start):', error instanceof Error ? error.message : error);
  process.exit(1);
});
