import type { FlowEffect } from '../../crud/flowActions';
import { badRequest } from '../../http/envelope';
import { nextRunOf, runJob } from '../../jobs/scheduler';
import { quartzJobs } from '../../db/schema';
import { alive, type RowOf, unscoped } from '../../db/work';
import { outboxHandler } from '../../outbox/deliver';
import { and, eq } from 'drizzle-orm';

type JobRow = RowOf<typeof quartzJobs>;

/** 立即执行's run, delivered after the commit: a crash before its run runs it after the restart (the jobs are idempotent: each run redoes its whole work). */
outboxHandler('job.run', async (context, { payload, createBy }) => {
  // 定时任务 is the platform's own table (no school column: its jobs work over every school), so
  // its live rows are named here by hand.
  const [job] = await unscoped(context.db, 'jobs: the scheduled jobs are the platform’s table, over every school')
    .select()
    .from(quartzJobs)
    .where(and(eq(quartzJobs.id, String(payload.jobId)), alive(quartzJobs)));
  if (!job) return { said: { 'zh-CN': '任务已删除，未执行', en: 'The job was deleted and did not run' }, refused: true };
  const run = await runJob(context, job, { kind: 'manual', by: createBy ?? 'system' });
  if (!run.success) return { said: { 'zh-CN': `执行失败：${run.result}`, en: `The run failed: ${run.result}` }, refused: true };
  // What the run did, in the answer (a reconciliation's count of accounts checked).
  return { said: { 'zh-CN': `执行成功：${run.result}`, en: `Run done: ${run.result}` } };
});

/**
 * 定时任务's flow (declared in its spec): 启动 sets the next run from the schedule (refused when the
 * schedule never runs again), 暂停 clears it, 立即执行 runs the job once after the commit — a run
 * opens its own transactions and is recorded in the runs list, whatever its outcome.
 */
export const jobActions: Readonly<Record<string, FlowEffect<JobRow>>> = {
  async resume({ row }) {
    const next = nextRunOf(row.cronExpression, new Date());
    if (!next) throw badRequest('Cron 表达式不正确或不会再执行', 'The cron expression is not valid or never runs again');
    return { set: { nextRunAt: next } };
  },
  async pause() {
    return { set: { nextRunAt: null } };
  },
  async execute({ row }) {
    return { later: { kind: 'job.run', payload: { jobId: row.id } } };
  },
};
