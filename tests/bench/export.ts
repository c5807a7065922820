/**
 * Export of 100,000 rows (食堂管理 through the engine) to xlsx as a download-centre job: seconds
 * until the file is ready, its size, and the server process's resident memory before and at its
 * peak (sampled every 50 ms). Goal: streaming, RSS growth under 100 MB. Printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { BASE, createTestApp, signIn } from '../support/testApp';

const ROWS = Number(process.env.EXPORT_ROWS ?? 100_000);
const t = await createTestApp();
try {
  await t.db.execute(
    sql`INSERT INTO meal_canteen (id, tenant_id, name, code, status, sort_no, seats, campus, location) SELECT md5('x' || i), 0, '食堂' || i, 'X' || i, ((i % 2) + 1)::text, i % 1000, i % 900, '东校区', '教学楼' || (i % 40) || '号' FROM generate_series(1, ${ROWS}) AS s(i)`,
  );
  const headers = { 'X-Access-Token': await signIn(t.app, 'admin') };
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  // The JavaScript heap alone: on PGlite the RSS also holds the embedded database's own memory.
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.rss);
    heapPeak = Math.max(heapPeak, usage.heapUsed);
  }, 50);
  const started = performance.now();
  await t.app.inject({ method: 'GET', url: `${BASE}/meals/canteen/exportXls`, headers });
  let job: { status: string; rows: number; size: number | null } | undefined;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await t.app.inject({ method: 'GET', url: `${BASE}/syz/download/list?pageSize=1`, headers })).json().result.records[0];
    if (job && job.status !== '0') break;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(`export of ${ROWS.toLocaleString()} rows to xlsx on ${t.kind}: status ${job!.status}, ${job!.rows.toLocaleString()} rows, ${mb(job!.size ?? 0)} MB file in ${seconds.toFixed(1)} s`);
  console.log(`  server RSS ${mb(before)} MB before, ${mb(peak)} MB at peak: +${mb(peak - before)} MB (goal: under +100 MB)`);
  console.log(`  JavaScript heap ${mb(heapBefore)} MB before, ${mb(heapPeak)} MB at peak: +${mb(heapPeak - heapBefore)} MB`);
} finally {
  await t.close();
}
