/**
 * Benchmarks of the hot paths of the foundation, printed as numbers (never asserted):
 * sign-in (scrypt-bound on purpose), the authenticated permission fetch, and a guarded
 * request. Runs on in-memory PGlite through fastify.inject, or on PostgreSQL with
 * TEST_DATABASE_URL (node --import tsx tests/support/withPostgres.ts node --import tsx tests/bench/api.ts).
 */
import { performance } from 'node:perf_hooks';
import { BASE, createTestApp, signIn } from '../support/testApp';

interface Result {
  name: string;
  runs: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  perSecond: number;
}

async function measure(name: string, runs: number, task: () => Promise<unknown>): Promise<Result> {
  for (let i = 0; i < Math.min(5, runs); i += 1) await task();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await task();
    times.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { name, runs, meanMs: total / runs, p50Ms: at(0.5), p95Ms: at(0.95), perSecond: (runs / total) * 1000 };
}

const t = await createTestApp();
try {
  const token = await signIn(t.app, 'admin');
  const headers = { 'X-Access-Token': token };
  const results = [
    await measure('POST /sys/login (scrypt)', 20, () => signIn(t.app, 'admin')),
    await measure('GET getUserPermissionByToken (admin, full menu)', 200, () => t.app.inject({ method: 'GET', url: `${BASE}/sys/permission/getUserPermissionByToken`, headers })),
    await measure('GET getCurrentUserDeparts (session + permission codes)', 500, () => t.app.inject({ method: 'GET', url: `${BASE}/sys/user/getCurrentUserDeparts`, headers })),
    await measure('GET unknown token → 401', 500, () => t.app.inject({ method: 'GET', url: `${BASE}/sys/user/getCurrentUserDeparts`, headers: { 'X-Access-Token': 'nope' } })),
  ];
  console.log(`database: ${t.kind}`);
  console.table(
    results.map((r) => ({
      benchmark: r.name,
      runs: r.runs,
      'mean ms': r.meanMs.toFixed(2),
      'p50 ms': r.p50Ms.toFixed(2),
      'p95 ms': r.p95Ms.toFixed(2),
      'per second': r.perSecond.toFixed(0),
    })),
  );
} finally {
  await t.close();
}
