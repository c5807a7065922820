import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupPostgres } from '@server/operations/backup';
import { restorePostgres } from '@server/operations/restore';
import { askAgain, counterOf, issueTerminalKey, booksAfterLoad, startCounterLoad, type PaymentFate } from '../support/counterLoad';
import { createCluster, type PostgresCluster } from '../support/postgresCluster';
import { createInstallation, signInOver, startServer, type Installation } from '../support/serverProcess';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

/**
 * The server outlives its database: PostgreSQL stopped at once (a crash, an operator's restart)
 * under requests, then started again. On a cluster of this file's own — the suite's other files
 * keep theirs — and only in the PostgreSQL pass (PGlite lives in the server's own process). The
 * run's sample school comes to it by backup and restore.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL restart', () => {
  let cluster: PostgresCluster;
  const saved = { url: process.env.TEST_DATABASE_URL, template: process.env.TEST_SEEDED_TEMPLATE };
  /** Points the test support at this file's cluster (and its restored school as the template) for `work`. */
  const onOwnCluster = async <T>(work: () => Promise<T>): Promise<T> => {
    process.env.TEST_DATABASE_URL = cluster.url;
    process.env.TEST_SEEDED_TEMPLATE = 'ccu_school';
    try {
      return await work();
    } finally {
      process.env.TEST_DATABASE_URL = saved.url;
      if (saved.template) process.env.TEST_SEEDED_TEMPLATE = saved.template;
    }
  };
  const unhandled: unknown[] = [];
  const onError = (error: unknown) => unhandled.push(error);

  beforeAll(async () => {
    // Durable, as in production: a cut with commits still unflushed would lose them.
    cluster = await createCluster({ durable: true });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-outage-'));
    try {
      const source = new URL(saved.url!);
      source.pathname = `/${saved.template}`;
      const client = new pg.Client({ connectionString: source.toString() });
      await client.connect();
      const file = path.join(folder, 'school.ccubackup');
      await backupPostgres((text) => client.query(text), source.toString(), file).finally(() => client.end());
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('CREATE DATABASE ccu_school');
      await admin.end();
      const target = new URL(cluster.url);
      target.pathname = '/ccu_school';
      await restorePostgres(file, target.toString());
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);
  }, 300_000);

  afterAll(async () => {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
    cluster?.remove();
  });

  describe('one request at a time', () => {
    let t: TestApp;
    let token: string;
    const list = () => t.app.inject({ method: 'GET', url: `${BASE}/sys/user/list`, headers: { 'X-Access-Token': token } });

    beforeAll(async () => {
      t = await onOwnCluster(() => createTestApp());
      token = await signIn(t.app, 'admin');
    }, 300_000);
    afterAll(async () => t?.close());

    it('answers 503 with the message while the database is down, loses no process, and serves again once it is back', async () => {
      expect((await list()).statusCode).toBe(200);
      cluster.stop();
      // Every pooled connection was cut: the idle ones and the next ones asked for.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const during = await list();
        expect(during.statusCode).toBe(503);
        expect(during.json()).toMatchObject({ success: false, code: 503, message: '数据库暂时不可用，请稍后重试' });
      }
      // A load balancer is told: the process lives, it is not ready.
      expect((await t.app.inject({ method: 'GET', url: `${BASE}/actuator/health/liveness` })).statusCode).toBe(200);
      const ready = await t.app.inject({ method: 'GET', url: `${BASE}/actuator/health/readiness` });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'DOWN', components: { db: { status: 'DOWN' } } });
      const english = await t.app.inject({ method: 'GET', url: `${BASE}/sys/user/list`, headers: { 'X-Access-Token': token, 'Accept-Language': 'en' } });
      expect(english.json().message).toBe('The database is unavailable for the moment, please try again shortly');
      cluster.start();
      // The pool makes new connections: the first request after the restart is answered.
      const after = await list();
      expect(after.statusCode).toBe(200);
      expect(after.json().result.records.length).toBeGreaterThan(0);
      expect((await t.app.inject({ method: 'GET', url: `${BASE}/actuator/health` })).json()).toMatchObject({ status: 'UP' });
      // A moment for any late 'error' event of a cut connection to surface.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(unhandled.map((error) => (error instanceof Error ? error.stack : String(error)))).toEqual([]);
    }, 120_000);
  });

  describe('under load', () => {
    let installation: Installation;
    beforeAll(async () => {
      installation = await onOwnCluster(() => createInstallation());
    }, 300_000);
    afterAll(async () => onOwnCluster(async () => installation?.remove()));

    it('keeps the server process through a restart under terminals and clerks; every acknowledged payment is there once, and each one left in doubt is settled by its serial number', async () => {
      const handle = await installation.open();
      await handle.migrate();
      const counter = await counterOf(handle.db).finally(() => handle.close());
      const server = await startServer(installation);
      const token = await signInOver(server.api);
      const terminal = await issueTerminalKey(server.api, token, counter.deviceId);
      const load = startCounterLoad({ api: server.api, terminal, cards: counter.cards, terminals: 6, clerks: 2, token, tag: 'OUTAGE' });
      const taken = () => load.payments.filter((fate) => fate.answer?.success).length;
      while (taken() < 60) await new Promise((resolve) => setTimeout(resolve, 20));
      cluster.stop();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      cluster.start();
      // Served again: payments taken after the restart.
      const before = taken();
      while (taken() < before + 60) await new Promise((resolve) => setTimeout(resolve, 20));
      await load.stop();

      // The process lived through it, and said 503 (never something else) while the database was away.
      expect(server.child.exitCode).toBeNull();
      expect(load.clerks.filter((fate) => fate.status !== 200 && fate.status !== 503)).toEqual([]);
      expect(load.clerks.some((fate) => fate.status === 503)).toBe(true);
      // In doubt: no answer for the record, or 处理失败 (its commit's fate unknown to the terminal).
      const inDoubt: PaymentFate[] = load.payments.filter((fate) => !fate.answer || (!fate.answer.success && fate.answer.message === '处理失败，请稍后重新上传'));
      expect(load.payments.filter((fate) => fate.answer && !fate.answer.success && !inDoubt.includes(fate))).toEqual([]);
      const asked = await askAgain(server.api, terminal, inDoubt);
      expect(asked.refused).toEqual([]);
      expect(await server.stop()).toBe(0);

      const acknowledged = [...load.payments.filter((fate) => fate.answer?.success), ...asked.committed, ...asked.postedNow];
      const books = await booksAfterLoad(installation, 'OUTAGE', acknowledged);
      expect(books.notOnce).toEqual([]);
      expect(books.postings).toBe(acknowledged.length);
      expect(books.faults).toEqual([]);
    }, 600_000);
  });
});
