import { hostname } from 'node:os';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverInstances } from '../db/schema';
import type { RequestStats } from './requests';

/** How often an instance writes its heartbeat, and after how long without one it counts as stopped. */
export const HEARTBEAT_MS = 10_000;
export const STOPPED_AFTER_MS = 60_000;

const VERSION = process.env.npm_package_version ?? '0.0.0';

/**
 * This instance's row among the instances sharing the database: written at start and every ten
 * seconds with its last minute's numbers, removed when it closes. Rows of instances long gone are
 * cleared by whoever writes next.
 */
export function startHeartbeat(db: Database, stats: RequestStats, log: (error: unknown) => void): () => Promise<void> {
  const startedAt = new Date();
  const beat = async () => {
    const now = new Date();
    const { requests, errors, total } = stats.lastMinute(now.getTime());
    const values = { lastSeenAt: now, requestsLastMinute: requests, errorsLastMinute: errors, requestsTotal: total };
    try {
      await db
        .insert(serverInstances)
        .values({ id: stats.instanceId, host: hostname(), pid: process.pid, version: VERSION, startedAt, ...values })
        .onConflictDoUpdate({ target: serverInstances.id, set: values });
      await db.delete(serverInstances).where(lt(serverInstances.lastSeenAt, new Date(now.getTime() - 24 * 3_600_000)));
    } catch (error) {
      log(error);
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), HEARTBEAT_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await db
      .delete(serverInstances)
      .where(eq(serverInstances.id, stats.instanceId))
      .catch(() => undefined);
  };
}
