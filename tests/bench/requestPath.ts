/**
 * The request path under load, as a ratio to a bare Fastify "hello" on the same machine:
 * autocannon (10 connections, in a process of its own) against real listening servers — the page of 10 of the user list
 * and the permission fetch — on the database this process was given (in-memory PGlite, or
 * PostgreSQL with TEST_DATABASE_URL). Run alone it also runs itself again on a throwaway
 * PostgreSQL, so one command prints both:
 *   node --import tsx tests/bench/requestPath.ts
 * Also prints the guard's own cost per authenticated request (fastify.inject, no network).
 * Numbers are printed, never asserted.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import { installAuthGuard } from '@server/http/auth';
import { createGrantCache } from '@server/modules/auth/grants';
import { createSessionStore } from '@server/modules/auth/sessions';
import { BASE, createTestApp, signIn } from '../support/testApp';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;

/** autocannon in its own process, as a client on another machine would be: the server keeps its core. */
async function load(url: string, headers: Record<string, string> = {}): Promise<{ perSecond: number; p50: number; p99: number; errors: number }> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [cli, '-c', String(CONNECTIONS), '-d', String(SECONDS), '-j', ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]), url];
  const output = await new Promise<string>((resolve, reject) => {
    execFile('node', args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
  const result = JSON.parse(output) as autocannon.Result;
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function bare(): Promise<number> {
  const hello = Fastify();
  hello.get('/hello', async () => ({ hello: 'world' }));
  const address = await hello.listen({ port: 0, host: '127.0.0.1' });
  try {
    return (await load(`${address}/hello`)).perSecond;
  } finally {
    await hello.close();
  }
}

/** Mean time of an authenticated request that does almost nothing but pass the guard. */
async function guardCost(inject: () => Promise<unknown>, runs = 2000): Promise<number> {
  for (let i = 0; i < 50; i += 1) await inject();
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) await inject();
  return (performance.now() - started) / runs;
}

async function measure(): Promise<void> {
  const bareRate = await bare();
  const t = await createTestApp();
  try {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await signIn(t.app, 'admin');
    const headers = { 'X-Access-Token': token };
    const page = await load(`${address}${BASE}/sys/user/list?pageNo=1&pageSize=10`, headers);
    const permissions = await load(`${address}${BASE}/sys/permission/getUserPermissionByToken`, headers);
    const departs = await guardCost(() => t.app.inject({ method: 'GET', url: `${BASE}/sys/user/getCurrentUserDeparts`, headers }));
    // The guard alone: the same no-op route with and without it, on this database.
    const probe = Fastify();
    await probe.register(async (api) => {
      installAuthGuard(api, { sessions: createSessionStore(t.db, 120), grants: createGrantCache(t.db), db: t.db });
      api.get('/guarded', { config: { self: true } }, async () => 'ok');
    });
    probe.get('/open', async () => 'ok');
    const guarded = await guardCost(() => probe.inject({ method: 'GET', url: '/guarded', headers }));
    const open = await guardCost(() => probe.inject({ method: 'GET', url: '/open' }));
    await probe.close();
    const unknown = await guardCost(() => t.app.inject({ method: 'GET', url: `${BASE}/sys/user/getCurrentUserDeparts`, headers: { 'X-Access-Token': 'unknown' } }));
    console.log(`\nrequest path on ${t.kind} (${CONNECTIONS} connections, ${SECONDS} s each)`);
    const row = (name: string, rate: number, extra: Record<string, unknown> = {}) => ({ request: name, 'req/s': Math.round(rate), 'ratio to bare': (rate / bareRate).toFixed(3), ...extra });
    console.table([
      row('bare Fastify hello', bareRate),
      row('GET /sys/user/list (page of 10)', page.perSecond, { 'p50 ms': page.p50, 'p99 ms': page.p99, errors: page.errors }),
      row('GET getUserPermissionByToken', permissions.perSecond, { 'p50 ms': permissions.p50, 'p99 ms': permissions.p99, errors: permissions.errors }),
    ]);
    console.log(`the guard's own work per authenticated request: ${(guarded - open).toFixed(3)} ms (no-op route ${open.toFixed(3)} ms, guarded ${guarded.toFixed(3)} ms)`);
    console.log(`getCurrentUserDeparts (guard + two queries, inject): ${departs.toFixed(3)} ms; unknown token → 401: ${unknown.toFixed(3)} ms`);
  } finally {
    await t.close();
  }
}

await measure();
// Alone (not already on PostgreSQL, not inside `npm run bench`'s own PostgreSQL run): again on PostgreSQL.
if (!process.env.TEST_DATABASE_URL && process.argv[1] === fileURLToPath(import.meta.url)) {
  const self = fileURLToPath(import.meta.url);
  const withPostgres = fileURLToPath(new URL('../support/withPostgres.ts', import.meta.url));
  spawnSync('node', ['--import', 'tsx', withPostgres, 'node', '--import', 'tsx', self], { stdio: 'inherit' });
}
