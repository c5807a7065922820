import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@server/db/rows';
import { stopGracefully } from '@server/http/gracefulStop';
import { deliverOne, outboxHandler } from '@server/outbox/deliver';
import { askAgain, counterOf, issueTerminalKey, booksAfterLoad, startCounterLoad } from '../support/counterLoad';
import { createInstallation, signInOver, startServer, type Installation } from '../support/serverProcess';
import { createTestApp } from '../support/testApp';

/** What a client sees when its request never reached a server that had closed (or was closing) its listener. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'socket hang up']);

describe('SIGTERM under load', () => {
  let installation: Installation;
  let counter: { cards: string[]; deviceId: string };

  beforeAll(async () => {
    installation = await createInstallation();
    const handle = await installation.open();
    await handle.migrate();
    counter = await counterOf(handle.db);
    await handle.close();
  }, 300_000);

  afterAll(async () => installation?.remove());

  it('answers every request under way, exits 0, and loses no payment: each one cut before it was taken is posted once when sent again', async () => {
    const server = await startServer(installation, { STOP_GRACE_MS: '10000' });
    const token = await signInOver(server.api);
    const terminal = await issueTerminalKey(server.api, token, counter.deviceId);
    const load = startCounterLoad({ api: server.api, terminal, cards: counter.cards, terminals: 6, clerks: 2, token, tag: 'STOP' });
    // The counter at work before the stop.
    while (load.payments.filter((fate) => fate.answer?.success).length < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    server.child.kill('SIGTERM');
    const code = await server.exited;
    await load.stop();
    expect(code).toBe(0);
    expect(server.output()).toContain('every request under way was answered');

    // Every request was answered in full, or never reached the server (refused at connect, or sent on
    // a kept-alive socket the closing server had just let go): none had an answer other than its own.
    const failed = load.payments.filter((fate) => !fate.answer);
    expect(failed.filter((fate) => !NEVER_SENT.has(fate.error ?? `HTTP ${fate.status}`))).toEqual([]);
    expect(load.clerks.filter((fate) => fate.status !== 200 && !NEVER_SENT.has(fate.error ?? `HTTP ${fate.status}`))).toEqual([]);
    expect(load.clerks.filter((fate) => fate.status === 200).length).toBeGreaterThan(0);

    // Back up: each failed payment sent again with its serial number. None had committed (none was
    // cut after the server took it); each is posted now.
    const again = await startServer(installation);
    const asked = await askAgain(again.api, terminal, failed);
    expect(asked.committed.map((fate) => fate.record.serialNo)).toEqual([]);
    expect(asked.postedNow.length + asked.refused.length).toBe(failed.length);
    expect(await again.stop()).toBe(0);

    // The books: every acknowledged payment once, nothing else, and the ledger holds.
    const acknowledged = [...load.payments.filter((fate) => fate.answer?.success), ...asked.postedNow];
    expect(acknowledged.length).toBeGreaterThan(60);
    const books = await booksAfterLoad(installation, 'STOP', acknowledged);
    expect(books.notOnce).toEqual([]);
    expect(books.postings).toBe(acknowledged.length);
    expect(books.faults).toEqual([]);
  }, 600_000);
});

describe('a stop that cannot wait for an effect', () => {
  it('hands the effect it holds back to the outbox, due at once and its attempt not counted', async () => {
    const t = await createTestApp();
    try {
      let release = () => {};
      const stuck = new Promise<void>((resolve) => (release = resolve));
      outboxHandler('test.hangs', async () => stuck);
      const [queued] = await rowsOf<{ id: number }>(t.db, sql`insert into sys_outbox (tenant_id, kind, payload) values (0, 'test.hangs', '{}'::jsonb) returning id`);
      const delivering = deliverOne(t.app.appContext, Number(queued!.id));
      while (!t.app.appContext.outbox.inHand.size) await new Promise((resolve) => setTimeout(resolve, 10));
      const outcome = await stopGracefully(t.app, t.app.requestsUnderWay, 200);
      expect(outcome).toMatchObject({ drained: true, cut: 0, handedBack: 1 });
      const [row] = await rowsOf<{ state: string; attempts: number; claimed_until: string | null; due: boolean }>(
        t.db,
        sql`select state, attempts, claimed_until, next_at <= now() as due from sys_outbox where id = ${queued!.id}`,
      );
      expect(row).toMatchObject({ state: 'queued', attempts: 0, claimed_until: null, due: true });
      release();
      await delivering;
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
