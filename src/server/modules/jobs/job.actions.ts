import type { FlowEffect } from '../../crud/flowActions';
import { badRequest } from '../../http/envelope';
import { nextRunOf, runJob } from '../../jobs/scheduler';
import type { quartzJobs } from '../../db/schema';

/**
 * 定时任务's flow (declared in its spec): 启动 sets the next run from the schedule (refused when the
 * schedule never runs again), 暂停 clears it, 立即执行 runs the job once after the commit — a run
 * opens its own transactions and is recorded in the runs list, whatever its outcome.
 */
export const jobActions: Readonly<Record<string, FlowEffect>> = {
  async resume({ row }) {
    const next = nextRunOf(String(row.cronExpression), new Date());
    if (!next) throw badRequest('Cron 表达式不正确或不会再执行', 'The cron expression is not valid or never runs again');
    return { set: { nextRunAt: next } };
  },
  async pause() {
    return { set: { nextRunAt: null } };
  },
  async execute({ context, caller, row }) {
    return {
      after: async () => {
        const run = await runJob(context, row as typeof quartzJobs.$inferSelect, { kind: 'manual', by: caller.username });
        if (!run.success) throw badRequest(`执行失败：${run.result}`, `The run failed: ${run.result}`);
        // What the run did, in the answer (a reconciliation's count of accounts checked).
        return { 'zh-CN': `执行成功：${run.result}`, en: `Run done: ${run.result}` };
      },
    };
  },
};
