import { readFileSync } from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { menuCodeForPath } from '@shared/permissions';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { unscoped } from '../../db/work';
import { ok } from '../../http/envelope';
import type { RequestStats } from '../../monitor/requests';
import { collectionTotals } from '../../monitor/runtime';
import { mountsOf, usageOf } from './disks';

/** A Spring Boot metric as its `/actuator/metrics/<name>` answers it: the family's screens read `measurements[i].value`. */
function metric(name: string, ...values: number[]) {
  const statistics = values.length === 2 ? ['COUNT', 'TOTAL_TIME'] : ['VALUE'];
  return { name, measurements: values.map((value, index) => ({ statistic: statistics[index], value })) };
}

/** The process's operating-system threads (Linux), the nearest thing a Node process has to the JVM's. */
function threadsNow(): number {
  try {
    return Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 1);
  } catch {
    return 1;
  }
}

let threadPeak = 0;
let lastCpu = { at: process.hrtime.bigint(), usage: process.cpuUsage() };

/** The process's share of the machine's CPU since the last reading (0–1, as Spring's `process.cpu.usage`). */
function processCpuShare(): number {
  const at = process.hrtime.bigint();
  const usage = process.cpuUsage();
  const elapsedMicros = Number(at - lastCpu.at) / 1000;
  const used = usage.user - lastCpu.usage.user + (usage.system - lastCpu.usage.system);
  lastCpu = { at, usage };
  return elapsedMicros > 0 ? Math.min(1, used / elapsedMicros / os.cpus().length) : 0;
}

/**
 * The figures behind each metric JeecgBoot's 服务器信息, JVM信息 and Tomcat信息 screens ask for, answered
 * with what a Node server has in their place: V8's heap for the JVM's memory, its old space for the
 * collector's data sizes, the OS threads, the sign-in sessions for Tomcat's. A JVM notion Node has no
 * counterpart for (loaded classes) answers 0 rather than a made-up figure.
 */
const METRICS: Readonly<Record<string, { screen: string; read: (db: Database) => number[] | Promise<number[]> }>> = (() => {
  const system = '/monitor/system';
  const runtime = '/monitor/runtime';
  const server = '/monitor/server';
  const heap = () => v8.getHeapStatistics();
  const oldSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space');
  const sessions = async (db: Database, where: string) => {
    const [row] = await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from sessions ${where}`));
    return [row?.n ?? 0];
  };
  return {
    'system.cpu.count': { screen: system, read: () => [os.cpus().length] },
    // The machine's load over the last minute per core: a fraction, as the JVM's figure is.
    'system.cpu.usage': { screen: system, read: () => [Math.min(1, (os.loadavg()[0] ?? 0) / os.cpus().length)] },
    'process.start.time': { screen: system, read: () => [Math.round(Date.now() / 1000 - process.uptime())] },
    'process.uptime': { screen: system, read: () => [process.uptime()] },
    'process.cpu.usage': { screen: system, read: () => [processCpuShare()] },
    'jvm.memory.max': { screen: runtime, read: () => [heap().heap_size_limit] },
    'jvm.memory.committed': { screen: runtime, read: () => [heap().total_heap_size] },
    'jvm.memory.used': { screen: runtime, read: () => [heap().used_heap_size] },
    'jvm.buffer.memory.used': { screen: runtime, read: () => [process.memoryUsage().arrayBuffers] },
    'jvm.buffer.count': { screen: runtime, read: () => [process.getActiveResourcesInfo().length] },
    'jvm.gc.memory.allocated': { screen: runtime, read: () => [heap().malloced_memory] },
    'jvm.gc.memory.promoted': { screen: runtime, read: () => [oldSpace()?.space_used_size ?? 0] },
    'jvm.gc.max.data.size': { screen: runtime, read: () => [oldSpace()?.space_size ?? 0] },
    'jvm.gc.live.data.size': { screen: runtime, read: () => [oldSpace()?.space_used_size ?? 0] },
    'jvm.gc.pause': { screen: runtime, read: () => Object.values(collectionTotals()) },
    'jvm.threads.live': { screen: runtime, read: () => [threadsNow()] },
    // Every thread but the one running JavaScript works for it (libuv's pool, V8's helpers).
    'jvm.threads.daemon': { screen: runtime, read: () => [Math.max(0, threadsNow() - 1)] },
    'jvm.threads.peak': { screen: runtime, read: () => [(threadPeak = Math.max(threadPeak, threadsNow()))] },
    'jvm.classes.loaded': { screen: runtime, read: () => [0] },
    'jvm.classes.unloaded': { screen: runtime, read: () => [0] },
    'tomcat.sessions.created': { screen: server, read: (db) => sessions(db, '') },
    'tomcat.sessions.expired': { screen: server, read: (db) => sessions(db, 'where expires_at < now()') },
    'tomcat.sessions.active.current': { screen: server, read: (db) => sessions(db, 'where expires_at >= now()') },
    'tomcat.sessions.active.max': { screen: server, read: (db) => sessions(db, 'where expires_at >= now()') },
    // The server turns no session away for capacity (a user's oldest is ended instead).
    'tomcat.sessions.rejected': { screen: server, read: () => [0] },
  };
})();

/** What 数据库监控 describes each figure as, in JeecgBoot's Redis screen's columns. */
const DATABASE_FIGURES: readonly [key: string, description: string][] = [
  ['server_version', '数据库版本'],
  ['database_size', '数据库大小（字节）'],
  ['connections', '当前连接数'],
  ['xact_commit', '已提交事务数'],
  ['xact_rollback', '已回滚事务数'],
  ['blks_hit', '缓存命中块数'],
  ['blks_read', '磁盘读取块数'],
  ['live_rows', '数据行数'],
];

/**
 * JeecgBoot 2.4's own endpoints behind its 系统监控 screens, for its client on this server: Spring's
 * `/actuator/metrics/<name>` and `/actuator/httptrace` (bare, as Spring answers), and the Redis
 * monitor's `/sys/actuator/redis/*` (this product keeps no Redis: the database answers in its place)
 * with 磁盘监控's `queryDiskInfo`. Each needs the platform permission of the screen showing it.
 */
export function familyActuatorRoutes(api: FastifyInstance, context: AppContext, stats: RequestStats): void {
  const db = unscoped(context.db, 'monitor: JeecgBoot’s monitor screens read the platform’s database and sessions');
  const on = (screen: string) => ({ config: { permission: menuCodeForPath(screen), platform: true } });

  for (const [name, { screen, read }] of Object.entries(METRICS)) {
    api.get(`/actuator/metrics/${name}`, on(screen), async () => metric(name, ...(await read(db))));
  }

  // The last 100 requests, as Spring's in-memory trace keeps them: no query strings (tokens travel there).
  api.get('/actuator/httptrace', on('/monitor/http-trace'), async () => ({
    traces: stats.recent(100).map((entry) => ({
      timestamp: new Date(entry.time).toISOString(),
      principal: entry.user ? { name: entry.user } : null,
      request: { method: entry.method, uri: entry.path },
      response: { status: entry.status },
      timeTaken: Math.round(entry.durationMs),
    })),
  }));

  // Rows: the statistics' live count, or the planner's estimate where a database made from a template
  // (or not yet visited by autovacuum) has no statistics of its own yet.
  const figures = async () => {
    const [row] = await rowsOf<Record<string, string | null>>(
      db,
      sql`select current_setting('server_version') as server_version, pg_database_size(current_database())::text as database_size,
        (select count(*)::text from pg_stat_activity where datname = current_database()) as connections,
        (select sum(xact_commit)::text from pg_stat_database where datname = current_database()) as xact_commit,
        (select sum(xact_rollback)::text from pg_stat_database where datname = current_database()) as xact_rollback,
        (select sum(blks_hit)::text from pg_stat_database where datname = current_database()) as blks_hit,
        (select sum(blks_read)::text from pg_stat_database where datname = current_database()) as blks_read,
        (select coalesce(sum(greatest(s.n_live_tup, c.reltuples::bigint, 0)), 0)::text
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid) as live_rows`,
    );
    return row ?? {};
  };

  api.get('/sys/actuator/redis/info', on('/monitor/database'), async () => {
    const row = await figures();
    return ok(DATABASE_FIGURES.map(([key, description]) => ({ key, value: row[key] ?? '0', description })));
  });
  // The Redis screen's two charts poll these every 3 s and read them unwrapped, as JeecgBoot answers them.
  api.get('/sys/actuator/redis/keysSize', on('/monitor/database'), async () => ({ dbSize: Number((await figures()).live_rows ?? 0), create_time: Date.now() }));
  api.get('/sys/actuator/redis/memoryInfo', on('/monitor/database'), async () => ({ used_memory: (await figures()).database_size ?? '0', create_time: Date.now() }));

  // 磁盘监控: `restPPT` is the used share in whole percent (JeecgBoot's name notwithstanding).
  api.get('/sys/actuator/redis/queryDiskInfo', on('/monitor/disk'), async () => {
    const disks = await Promise.all((await mountsOf()).map(async ({ mount }) => ({ mount, ...(await usageOf(mount).catch(() => null)) })));
    return ok(
      disks.filter((disk) => disk.total).map((disk) => ({ name: disk.mount, max: disk.total, rest: disk.free, restPPT: Math.floor(((disk.total! - disk.free!) * 100) / disk.total!) })),
      '查询成功',
    );
  });
}
