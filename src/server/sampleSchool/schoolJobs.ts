import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import type { AppContext } from '../context';
import { quartzJobs } from '../db/schema';
import { deliverOne } from '../outbox/deliver';
import { nextRunOf, runJob } from '../jobs/scheduler';
import type { SampleDay, SampleEvent } from '../registry/areas';

/** More than this many effects after one event is a loop, not a school's day. */
const MOST_EFFECTS = 10_000;

/**
 * The school's daily jobs in the sample weeks: each scheduled job whose schedule fires at most
 * once a day (请假退餐费核算 at 01:30, 账户对账, 到期处理, 余额不足提醒 at 17:00 …) runs at its time
 * through the scheduler's own `runJob`, so 定时任务's runs, the counted refunds and the reminders
 * are those weeks'. The frequent ones (every minute, every half hour) start with the server.
 */
export async function schoolJobsOf(context: AppContext) {
  const jobs = await context.db
    .select()
    .from(quartzJobs)
    .where(and(eq(quartzJobs.status, '0'), eq(quartzJobs.delFlag, 0)))
    .orderBy(asc(quartzJobs.jobClassName));
  return {
    day(day: SampleDay): SampleEvent[] {
      const start = day.at('00:00:00');
      const end = new Date(day.at('23:59:59').getTime() + 1000);
      return jobs.flatMap((job) => {
        const first = nextRunOf(job.cronExpression, new Date(start.getTime() - 1));
        if (!first || first >= end) return [];
        const second = nextRunOf(job.cronExpression, first);
        if (second && second < end) return [];
        return [{ at: first, run: async () => void (await runJob(context, job, { kind: 'schedule', scheduledFor: first })) }];
      });
    },
  };
}

/**
 * Delivers what the events queued for after their commits (a parent told of a leave, a reminder's
 * texts), at the simulated time they were queued, as the server's outbox worker would at once —
 * and waits for a batch run its effect started in the background (a subsidy issued), so the next
 * event finds it done.
 */
export async function deliverQueuedEffects(context: AppContext): Promise<void> {
  for (let taken = 0; taken < MOST_EFFECTS; taken += 1) {
    if (await deliverOne(context)) continue;
    const [running] = await rowsOf<{ id: string }>(context.db, sql`select id from sys_outbox where state = 'queued' and claimed_until > now() limit 1`);
    if (!running) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('sample school: the outbox does not empty');
}
