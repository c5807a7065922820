import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { desc, sql } from 'drizzle-orm';
import { z } from 'zod';
import { menuCodeForPath } from '@shared/permissions';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/rows';
import { serverInstances } from '../../db/schema';
import { unscoped } from '../../db/work';
import { badRequest, ok } from '../../http/envelope';
import { retryEffect } from '../../outbox/deliver';
import { parseInput } from '../../http/validate';
import { STOPPED_AFTER_MS } from '../../monitor/instances';
import type { RequestStats } from '../../monitor/requests';
import { runtimeSnapshot } from '../../monitor/runtime';
import { mountsOf, usageOf } from './disks';

/**
 * 系统监控, for the platform's administrators: 磁盘 (the data folder and every mount), 请求追踪
 * (this instance's last requests), 运行时信息 (Node), 数据库监控 (PostgreSQL or PGlite, in place of
 * JeecgBoot's Redis), 系统信息 (CPU, load, memory, OS) and 服务器信息 (every instance's heartbeat).
 */
export function monitorRoutes(api: FastifyInstance, context: AppContext, stats: RequestStats): void {
  // The platform's screens: the database's own statistics, every instance and every school's outbox.
  const db = unscoped(context.db, 'monitor: the platform’s screens read the database’s statistics, the instances and every school’s outbox');
  const on = (screen: string) => ({ config: { permission: menuCodeForPath(screen), platform: true } });
  const dataDir = path.dirname(context.config.uploadDir);

  api.get('/monitor/disk', on('/monitor/disk'), async () => {
    const mounts = await Promise.all((await mountsOf()).map(async (entry) => ({ ...entry, ...(await usageOf(entry.mount).catch(() => ({ total: 0, used: 0, free: 0, percent: 0 }))) })));
    return ok({ dataDir: { path: dataDir, ...(await usageOf(dataDir)) }, mounts: mounts.filter((entry) => entry.total > 0) });
  });

  api.get('/monitor/trace', on('/monitor/http-trace'), async (request) => {
    const { limit } = parseInput(z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }), request.query);
    return ok({ instance: stats.instanceId, records: stats.recent(limit) });
  });

  api.get('/monitor/runtime', on('/monitor/runtime'), async () => ok(runtimeSnapshot()));

  api.get('/monitor/database', on('/monitor/database'), async () => {
    const [overview] = await rowsOf<{ version: string; size: string; hit: string | null; read: string | null; commits: string | null; rollbacks: string | null }>(
      db,
      sql`select version() as version, pg_database_size(current_database())::text as size,
        (select sum(blks_hit)::text from pg_stat_database where datname = current_database()) as hit,
        (select sum(blks_read)::text from pg_stat_database where datname = current_database()) as read,
        (select sum(xact_commit)::text from pg_stat_database where datname = current_database()) as commits,
        (select sum(xact_rollback)::text from pg_stat_database where datname = current_database()) as rollbacks`,
    );
    const connections = await rowsOf<{ state: string; count: number }>(
      db,
      sql`select coalesce(state, 'background') as state, count(*)::int as count from pg_stat_activity where datname = current_database() group by 1 order by 2 desc`,
    );
    const tables = await rowsOf<{ name: string; bytes: string; rows: string }>(
      db,
      sql`select relname as name, pg_total_relation_size(relid)::text as bytes, n_live_tup::text as rows from pg_stat_user_tables order by pg_total_relation_size(relid) desc limit 10`,
    );
    // Statement timings come from pg_stat_statements where the server has it loaded.
    const [extension] = await rowsOf<{ ok: number }>(db, sql`select 1 as ok from pg_extension where extname = 'pg_stat_statements'`);
    const slowest = extension
      ? await rowsOf<{ query: string; calls: string; mean_ms: number; total_ms: number }>(
          db,
          sql`select left(query, 300) as query, calls::text as calls, round(mean_exec_time::numeric, 2)::float8 as mean_ms, round(total_exec_time::numeric, 1)::float8 as total_ms from pg_stat_statements order by mean_exec_time desc limit 10`,
        ).catch(() => null)
      : null;
    const hit = Number(overview?.hit ?? 0);
    const read = Number(overview?.read ?? 0);
    return ok({
      kind: context.config.databaseKind ?? 'postgres',
      version: overview?.version ?? '',
      sizeBytes: Number(overview?.size ?? 0),
      cacheHitRatio: hit + read ? Math.round((hit / (hit + read)) * 10000) / 100 : null,
      commits: Number(overview?.commits ?? 0),
      rollbacks: Number(overview?.rollbacks ?? 0),
      connections,
      tables: tables.map((table) => ({ name: table.name, bytes: Number(table.bytes), rows: Number(table.rows) })),
      slowest: slowest?.map((row) => ({ ...row, calls: Number(row.calls) })) ?? null,
    });
  });

  api.get('/monitor/system', on('/monitor/system'), async () =>
    ok({
      hostname: os.hostname(),
      os: `${os.type()} ${os.release()}`,
      platform: os.platform(),
      arch: os.arch(),
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '',
      loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
      memory: { total: os.totalmem(), free: os.freemem(), used: os.totalmem() - os.freemem() },
      uptimeSeconds: Math.round(os.uptime()),
    }),
  );

  api.get('/monitor/server', on('/monitor/server'), async () => {
    const rows = await db.select().from(serverInstances).orderBy(desc(serverInstances.startedAt));
    const now = Date.now();
    const here = stats.lastMinute(now);
    return ok({
      self: stats.instanceId,
      uptimeSeconds: Math.round(process.uptime()),
      requestsPerSecond: Math.round((here.requests / 60) * 100) / 100,
      errorRate: here.requests ? Math.round((here.errors / here.requests) * 10000) / 100 : 0,
      instances: rows.map((row) => ({
        id: row.id,
        host: row.host,
        pid: row.pid,
        version: row.version,
        startedAt: row.startedAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        alive: now - row.lastSeenAt.getTime() < STOPPED_AFTER_MS,
        requestsPerSecond: Math.round((row.requestsLastMinute / 60) * 100) / 100,
        errorRate: row.requestsLastMinute ? Math.round((row.errorsLastMinute / row.requestsLastMinute) * 10000) / 100 : 0,
        requestsTotal: row.requestsTotal,
      })),
    });
  });

  // 服务器信息 shows the outbox too: what waits, and every effect that gave up, to retry by hand.
  api.get('/monitor/outbox', on('/monitor/server'), async () => {
    const counts = await rowsOf<{ state: string; n: number }>(db, sql`select state, count(*)::int as n from sys_outbox group by state`);
    // Every school's failed effects, each with its school (listed, not a condition: a platform screen).
    const failed = await rowsOf<{ id: string; tenant_id: number; kind: string; attempts: number; last_error: string | null; create_by: string | null; create_time: Date | string }>(
      db,
      sql`select id, tenant_id, kind, attempts, last_error, create_by, create_time from sys_outbox where state = 'failed' order by id desc limit 50`,
    );
    const [oldest] = await rowsOf<{ at: Date | string | null }>(db, sql`select min(create_time) as at from sys_outbox where state = 'queued'`);
    const of = (state: string) => counts.find((row) => row.state === state)?.n ?? 0;
    return ok({
      queued: of('queued'),
      failed: failed.map((row) => ({
        id: Number(row.id),
        tenantId: row.tenant_id,
        kind: row.kind,
        attempts: row.attempts,
        lastError: row.last_error,
        createBy: row.create_by,
        createdAt: new Date(row.create_time).toISOString(),
      })),
      failedTotal: of('failed'),
      oldestQueuedAt: oldest?.at ? new Date(oldest.at).toISOString() : null,
    });
  });

  api.post('/monitor/outbox/retry', on('/monitor/server'), async (request) => {
    const { id } = parseInput(z.object({ id: z.coerce.number().int().positive() }), request.body ?? {});
    if (!(await retryEffect(context, null, id))) throw badRequest('该任务不是失败状态，无需重试', 'That effect has not failed: nothing to retry');
    return ok(null, '已重新排队');
  });
}
