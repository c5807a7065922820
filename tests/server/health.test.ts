import { afterAll, beforeAll, expect, it } from 'vitest';
import { BASE, createTestApp, type TestApp } from '../support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

it('answers a load balancer without a token: live, and ready with its database, in Spring Boot’s bare shape', async () => {
  const live = await t.app.inject({ method: 'GET', url: `${BASE}/actuator/health/liveness` });
  expect(live.statusCode).toBe(200);
  expect(live.json()).toEqual({ status: 'UP' });
  for (const url of ['/actuator/health', '/actuator/health/readiness']) {
    const ready = await t.app.inject({ method: 'GET', url: `${BASE}${url}` });
    expect(ready.statusCode, url).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'UP', components: { db: { status: 'UP', details: { database: t.kind } } } });
  }
});
