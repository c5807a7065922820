/**
 * 系统监控 on PGlite and PostgreSQL: each screen's numbers come from this machine, this process
 * and this database; the trace keeps no query strings; schools cannot see any of it; on PostgreSQL
 * 服务器信息 lists every instance sharing the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../support/api';
import { createTestApp, signIn, startSecondInstance, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { get, secondSchool } = apiOf(() => t0);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

describe('系统监控', () => {
  it('磁盘: the data folder and the mounts, with sizes that add up', async () => {
    const disk = (await get(admin, '/monitor/disk')).body.result;
    expect(disk.dataDir.total).toBeGreaterThan(0);
    expect(disk.dataDir.used + disk.dataDir.free).toBeLessThanOrEqual(disk.dataDir.total);
    expect(disk.mounts.length).toBeGreaterThan(0);
    expect(disk.mounts[0]).toEqual(expect.objectContaining({ mount: expect.any(String), percent: expect.any(Number) }));
  });

  it('请求追踪: the last requests of this instance, newest first, without query strings', async () => {
    await get(admin, '/sys/user/list?username=secret-filter&pageSize=5');
    const { records } = (await get(admin, '/monitor/trace?limit=20')).body.result;
    const listed = records.find((entry: { path: string }) => entry.path.endsWith('/sys/user/list'));
    expect(listed).toMatchObject({ method: 'GET', status: 200, user: 'admin' });
    expect(listed.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(records)).not.toContain('secret-filter');
    expect(JSON.stringify(records)).not.toContain(admin);
    expect(records[0].time).toBeGreaterThanOrEqual(records[records.length - 1].time);
  });

  it('运行时信息, 系统信息 and 数据库监控 read this process, this machine and this database', async () => {
    const runtime = (await get(admin, '/monitor/runtime')).body.result;
    expect(runtime.versions.node).toBe(process.versions.node);
    expect(runtime.memoryMb.rss).toBeGreaterThan(0);
    expect(runtime.eventLoopDelayMs).toEqual(expect.objectContaining({ p99: expect.any(Number) }));
    const system = (await get(admin, '/monitor/system')).body.result;
    expect(system.cpus).toBeGreaterThan(0);
    expect(system.loadAverage).toHaveLength(3);
    expect(system.memory.total).toBeGreaterThan(system.memory.free);
    const database = (await get(admin, '/monitor/database')).body.result;
    expect(database.kind).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(database.sizeBytes).toBeGreaterThan(0);
    expect(database.version).toMatch(/PostgreSQL/);
    expect(database.tables.map((table: { name: string }) => table.name)).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  it('服务器信息: this instance alive with its rates', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const server = (await get(admin, '/monitor/server')).body.result;
    const self = server.instances.find((instance: { id: string }) => instance.id === server.self);
    expect(self).toMatchObject({ alive: true, pid: process.pid });
    expect(server.errorRate).toBeGreaterThanOrEqual(0);
  });

  it('is the platform’s: a school’s administrator is refused', async () => {
    const other = await secondSchool(8, 'school8admin');
    for (const url of ['/monitor/disk', '/monitor/trace', '/monitor/runtime', '/monitor/database', '/monitor/system', '/monitor/server']) expect((await get(other.token, url)).status).toBe(403);
  });

  it.runIf(onPostgres)('lists a second instance sharing the database', async () => {
    const second = await startSecondInstance(t0);
    try {
      await expect
        .poll(async () => (await get(admin, '/monitor/server')).body.result.instances.filter((instance: { alive: boolean }) => instance.alive).length, { timeout: 5000 })
        .toBeGreaterThanOrEqual(2);
    } finally {
      await second.close();
    }
  });
});
