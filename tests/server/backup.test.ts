import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@server/db/rows';
import { PAYLOAD_OFFSET, readManifest } from '@server/operations/backupFile';
import { thisRelease } from '@server/operations/release';
import { counterOf, issueTerminalKey, startCounterLoad } from '../support/counterLoad';
import { ledgerFaults } from '../support/ledgerChecks';
import { createInstallation, emptyInstallation, npmRun, signInOver, startServer, type Installation } from '../support/serverProcess';

describe('npm run backup and npm run restore', () => {
  let installation: Installation;
  let counter: { cards: string[]; deviceId: string };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-backups-'));

  beforeAll(async () => {
    installation = await createInstallation();
    const handle = await installation.open();
    await handle.migrate();
    counter = await counterOf(handle.db);
    await handle.close();
  }, 300_000);

  afterAll(async () => {
    await installation?.remove();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('backs up a running installation under payments, restores it into an empty one that starts and holds its books, and refuses what it must', async () => {
    const server = await startServer(installation);
    const token = await signInOver(server.api);
    const terminal = await issueTerminalKey(server.api, token, counter.deviceId);
    const load = startCounterLoad({ api: server.api, terminal, cards: counter.cards, terminals: 4, clerks: 1, token, tag: 'BACKUP' });
    while (load.payments.filter((fate) => fate.answer?.success).length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const backup = await npmRun('backup', [folder], installation.env);
    await load.stop();
    expect(await server.stop()).toBe(0);
    expect(backup.output).toContain(installation.databaseUrl ? 'Backup written PostgreSQL' : 'Backup written by the running server');
    expect(backup.code).toBe(0);
    const [file] = fs.readdirSync(folder).map((name) => path.join(folder, name));
    const manifest = readManifest(file!);
    expect(manifest).toMatchObject({ release: thisRelease(), level: thisRelease().migrations, database: installation.databaseUrl ? 'postgres' : 'pglite', schools: 1 });

    // Into an empty installation: it starts, signs in, and its books hold.
    const empty = await emptyInstallation();
    try {
      const restored = await npmRun('restore', [file!], empty.env);
      expect(restored.output).toContain('Restored in');
      expect(restored.code).toBe(0);
      const again = await startServer({ env: { ...empty.env, ADMIN_PASSWORD: 'unused-password' } });
      expect(await signInOver(again.api)).toBeTruthy();
      expect(await again.stop()).toBe(0);
      // And it is whole.
      const whole = await npmRun('verify', [], empty.env);
      expect(whole.output).toContain('✔ Every check holds');
      expect(whole.code).toBe(0);
      const handle = await empty.open();
      try {
        await handle.migrate();
        const [{ n }] = (await rowsOf<{ n: number }>(handle.db, sql`select count(*)::int as n from fin_txn where idempotency_key like 'T%-BACKUP-%'`)) as [{ n: number }];
        // The payments taken before the backup are in it (those after, not).
        expect(n).toBeGreaterThanOrEqual(20);
        expect(await ledgerFaults(handle.db)).toEqual([]);
      } finally {
        await handle.close();
      }

      // A place that already holds data is not written over.
      const over = await npmRun('restore', [file!], empty.env);
      expect(over.code).toBe(1);
      expect(over.output).toContain('恢复目标不是空的');
    } finally {
      await empty.remove();
    }

    const elsewhere = await emptyInstallation();
    try {
      // A backup from a newer release: its manifest says one migration more than this code knows.
      const newer = path.join(folder, 'newer.ccubackup');
      fs.copyFileSync(file!, newer);
      const text = fs.readFileSync(newer).subarray(0, PAYLOAD_OFFSET).toString('utf8');
      const bumped = text.replace(`"level":{"count":${manifest.level.count},"last":"${manifest.level.last}"`, `"level":{"count":${manifest.level.count + 1},"last":"9999_from_the_future"`);
      expect(bumped).not.toBe(text);
      const fd = fs.openSync(newer, 'r+');
      fs.writeSync(fd, bumped.slice(0, PAYLOAD_OFFSET), 0, 'utf8');
      fs.closeSync(fd);
      const refused = await npmRun('restore', [newer], elsewhere.env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('备份来自较新的版本');

      // A damaged copy: one byte of the payload changed.
      const damaged = path.join(folder, 'damaged.ccubackup');
      fs.copyFileSync(file!, damaged);
      const at = PAYLOAD_OFFSET + Math.floor(manifest.bytes / 2);
      const fd2 = fs.openSync(damaged, 'r+');
      const byte = Buffer.alloc(1);
      fs.readSync(fd2, byte, 0, 1, at);
      fs.writeSync(fd2, Buffer.from([byte[0]! ^ 0xff]), 0, 1, at);
      fs.closeSync(fd2);
      const broken = await npmRun('restore', [damaged], elsewhere.env);
      expect(broken.code).toBe(1);
      expect(broken.output).toContain('备份文件已损坏');
    } finally {
      await elsewhere.remove();
    }
  }, 600_000);
});
