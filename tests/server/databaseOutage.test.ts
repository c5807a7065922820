import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCluster, type PostgresCluster } from '../support/postgresCluster';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

/**
 * The server outlives its database: PostgreSQL stopped at once (a crash, an operator's restart)
 * under requests, then started again. On a cluster of this file's own — the suite's other files
 * keep theirs — and only in the PostgreSQL pass (PGlite lives in the server's own process).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL restart', () => {
  let cluster: PostgresCluster;
  let t: TestApp;
  let token: string;
  const list = () => t.app.inject({ method: 'GET', url: `${BASE}/sys/user/list`, headers: { 'X-Access-Token': token } });
  const unhandled: unknown[] = [];
  const onError = (error: unknown) => unhandled.push(error);

  beforeAll(async () => {
    // Durable, as in production: a cut with commits still unflushed would lose them (the session signed in just before).
    cluster = await createCluster({ durable: true });
    const saved = { url: process.env.TEST_DATABASE_URL, template: process.env.TEST_SEEDED_TEMPLATE };
    // This cluster has no seeded template: the test app makes its school itself.
    process.env.TEST_DATABASE_URL = cluster.url;
    delete process.env.TEST_SEEDED_TEMPLATE;
    try {
      t = await createTestApp();
    } finally {
      process.env.TEST_DATABASE_URL = saved.url;
      if (saved.template) process.env.TEST_SEEDED_TEMPLATE = saved.template;
    }
    token = await signIn(t.app, 'admin');
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);
  }, 300_000);

  afterAll(async () => {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
    await t?.close();
    cluster?.remove();
  });

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
