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

/** What JeecgBoot 2.4.6's 服务器信息, JVM信息 and Tomcat信息 screens ask for, each in one Promise.all. */
const METRICS = {
  system: ['system.cpu.count', 'system.cpu.usage', 'process.start.time', 'process.uptime', 'process.cpu.usage'],
  jvm: [
    'jvm.memory.max',
    'jvm.memory.committed',
    'jvm.memory.used',
    'jvm.buffer.memory.used',
    'jvm.gc.memory.allocated',
    'jvm.gc.memory.promoted',
    'jvm.gc.max.data.size',
    'jvm.gc.live.data.size',
    'jvm.buffer.count',
    'jvm.threads.daemon',
    'jvm.threads.live',
    'jvm.threads.peak',
    'jvm.classes.loaded',
    'jvm.classes.unloaded',
    'jvm.gc.pause',
  ],
  tomcat: ['tomcat.sessions.created', 'tomcat.sessions.expired', 'tomcat.sessions.active.current', 'tomcat.sessions.active.max', 'tomcat.sessions.rejected'],
};
const FAMILY_URLS = [
  '/actuator/httptrace',
  '/actuator/metrics/jvm.memory.used',
  '/sys/actuator/redis/info',
  '/sys/actuator/redis/keysSize',
  '/sys/actuator/redis/memoryInfo',
  '/sys/actuator/redis/queryDiskInfo',
];

/** An answer Spring (or JeecgBoot's Redis charts) gives without the envelope. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const bare = async (url: string) => (await get(admin, url)) as unknown as { status: number; body: Record<string, any> };

describe('系统监控 for JeecgBoot’s own client', () => {
  it('answers every metric its three screens ask for, in Spring’s shape, with this process’s figures', async () => {
    for (const name of Object.values(METRICS).flat()) {
      const { status, body } = await bare(`/actuator/metrics/${name}`);
      expect(status, name).toBe(200);
      expect(body.name).toBe(name);
      expect(body.measurements[0].value, name).toEqual(expect.any(Number));
    }
    const value = async (name: string) => (await bare(`/actuator/metrics/${name}`)).body.measurements.map((one: { value: number }) => one.value);
    expect(await value('system.cpu.count')).toEqual([expect.any(Number)]);
    expect((await value('system.cpu.count'))[0]).toBeGreaterThan(0);
    const [started] = await value('process.start.time');
    expect(Math.abs(started - (Date.now() / 1000 - process.uptime()))).toBeLessThan(5);
    expect((await value('jvm.memory.used'))[0]).toBeLessThanOrEqual((await value('jvm.memory.max'))[0]);
    // 垃圾回收: a count and a total time, as the screen reads measurements [0] and [1].
    expect(await value('jvm.gc.pause')).toHaveLength(2);
    expect((await value('tomcat.sessions.active.current'))[0]).toBeGreaterThanOrEqual(1);
    expect((await get(admin, '/actuator/metrics/jvm.no.such')).status).toBe(404);
  });

  it('请求追踪 and Redis监控 and 磁盘监控 in the family’s shapes', async () => {
    await get(admin, '/sys/user/list?username=secret-filter&pageSize=5');
    const { traces } = (await bare('/actuator/httptrace')).body;
    const listed = traces.find((trace: { request: { uri: string } }) => trace.request.uri.endsWith('/sys/user/list'));
    expect(listed).toMatchObject({ request: { method: 'GET' }, response: { status: 200 }, timeTaken: expect.any(Number) });
    expect(new Date(listed.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(traces)).not.toContain('secret-filter');

    const info = (await get(admin, '/sys/actuator/redis/info')).body;
    expect(info.success).toBe(true);
    expect(info.result).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'database_size', description: '数据库大小（字节）' })]));
    // The charts' two polls are read unwrapped.
    const keys = (await bare('/sys/actuator/redis/keysSize')).body;
    expect(keys.dbSize).toBeGreaterThan(0);
    const memory = (await bare('/sys/actuator/redis/memoryInfo')).body;
    expect(Number(memory.used_memory)).toBeGreaterThan(0);

    const disks = (await get(admin, '/sys/actuator/redis/queryDiskInfo')).body.result;
    expect(disks.length).toBeGreaterThan(0);
    for (const disk of disks) {
      expect(disk.rest).toBeLessThanOrEqual(disk.max);
      expect(disk.restPPT).toBe(Math.floor(((disk.max - disk.rest) * 100) / disk.max));
    }
  });
});

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
    for (const url of ['/monitor/disk', '/monitor/trace', '/monitor/runtime', '/monitor/database', '/monitor/system', '/monitor/server', ...FAMILY_URLS])
      expect((await get(other.token, url)).status).toBe(403);
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
