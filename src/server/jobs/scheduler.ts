import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { cronOf } from '@shared/cron';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { quartzJobs, quartzJobRuns } from '../db/schema';
import { jobHandler } from './handlers';
import { createTicker } from './ticker';
import { tellingChanges } from '../realtime/listChanges';

type Job = typeof quartzJobs.$inferSelect;

/** This process among the instances sharing the database: what each run records. */
export const INSTANCE = `${hostname()}#${process.pid}#${randomBytes(3).toString('hex')}`;

/** The next time a job's schedule names after `from`, or null when it never runs again (or cannot be read). */
export function nextRunOf(cronExpression: string, from: Date): Date | null {
  try {
    return cronOf(cronExpression).nextRun(from);
  } catch {
    return null;
  }
}

const MAX_RESULT = 1000;

/**
 * Runs one job now and records the run. A scheduled run carries the time it was due: the run
 * table takes one row per job and time, so an instance that lost the claim race writes nothing.
 */
export async function runJob(context: AppContext, job: Job, trigger: { kind: 'schedule'; scheduledFor: Date } | { kind: 'manual'; by: string }): Promise<{ success: boolean; result: string }> {
  // A job crosses schools: each school's consoles are told which lists it changed (a manual run's answer tells its own).
  return tellingChanges(context, 'every', () => runAndRecord(context, job, trigger));
}

async function runAndRecord(context: AppContext, job: Job, trigger: { kind: 'schedule'; scheduledFor: Date } | { kind: 'manual'; by: string }): Promise<{ success: boolean; result: string }> {
  const startedAt = new Date();
  let success = true;
  let result: string;
  try {
    const handler = jobHandler(job.jobClassName);
    if (!handler) throw new Error(`未知的任务处理器：${job.jobClassName}`);
    result = await handler(context, job.parameter);
  } catch (error) {
    success = false;
    result = error instanceof Error ? error.message : String(error);
  }
  try {
    await context.db.insert(quartzJobRuns).values({
      jobId: job.id,
      scheduledFor: trigger.kind === 'schedule' ? trigger.scheduledFor : null,
      trigger: trigger.kind,
      instance: INSTANCE,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      success,
      result: result.slice(0, MAX_RESULT),
      createBy: trigger.kind === 'manual' ? trigger.by : 'system',
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  await context.db.update(quartzJobs).set({ lastRunAt: startedAt }).where(eq(quartzJobs.id, job.id));
  return { success, result };
}

/**
 * The scheduler of one instance: every tick it looks for jobs that are due, claims each by moving
 * its next run time on (a compare-and-set on next_run_at — of several instances one wins), and runs
 * what it claimed. A job with no next time yet gets one without running.
 */
export function createScheduler(context: AppContext, options: { tickMs: number; log?: (message: string, error?: unknown) => void }) {
  async function tick(): Promise<void> {
    const now = new Date();
    const due = await context.db
      .select()
      .from(quartzJobs)
      .where(and(eq(quartzJobs.status, '0'), eq(quartzJobs.delFlag, 0), or(isNull(quartzJobs.nextRunAt), lte(quartzJobs.nextRunAt, now))));
    for (const job of due) {
      if (ticker.stopped) return;
      const next = nextRunOf(job.cronExpression, now);
      const claim = await context.db
        .update(quartzJobs)
        .set({ nextRunAt: next })
        .where(and(eq(quartzJobs.id, job.id), job.nextRunAt ? eq(quartzJobs.nextRunAt, job.nextRunAt) : isNull(quartzJobs.nextRunAt)))
        .returning({ id: quartzJobs.id });
      // Another instance moved it first, or this is the job's first look: nothing to run.
      if (!claim.length || !job.nextRunAt) continue;
      await runJob(context, job, { kind: 'schedule', scheduledFor: job.nextRunAt });
    }
  }

  const ticker = createTicker(tick, { tickMs: options.tickMs, name: 'scheduled jobs', log: options.log });
  return ticker;
}
