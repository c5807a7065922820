import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { nextRuns } from '@shared/cron';
import { menuCodeForPath } from '@shared/permissions';
import type { AppContext } from '../../context';
import { quartzJobs } from '../../db/schema';
import { authOf } from '../../http/auth';
import { badRequest, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { nextRunOf, runJob } from '../../jobs/scheduler';
import { schoolDateTime } from '../../http/schoolClock';

/**
 * 定时任务's own routes beside the engine's list and form, in JeecgBoot's shape: 暂停 and 启动
 * (`pause`, `resume`, by id or jobClassName), 立即执行 (`execute`), and the next five times of a
 * cron expression for the form.
 */
export function jobRoutes(api: FastifyInstance, context: AppContext): void {
  const target = z.object({ id: z.string().trim().max(64).optional(), jobClassName: z.string().trim().max(64).optional() });

  /** The job a call names: JeecgBoot's client asks by GET with the query, this console by POST with the body. */
  async function jobOf(request: { query: unknown; body: unknown }) {
    const given = request.body && typeof request.body === 'object' ? request.body : request.query;
    const { id, jobClassName } = parseInput(target, given);
    if (!id && !jobClassName) throw badRequest('请指定任务', 'Name the job');
    const [job] = await context.db
      .select()
      .from(quartzJobs)
      .where(and(id ? eq(quartzJobs.id, id) : eq(quartzJobs.jobClassName, jobClassName!), eq(quartzJobs.delFlag, 0)))
      .limit(1);
    if (!job) throw notFound('定时任务不存在');
    return job;
  }

  const stateChange = { permission: 'job:run', platform: true } as const;

  api.route({
    method: ['GET', 'POST'],
    url: '/sys/quartzJob/pause',
    config: stateChange,
    handler: async (request) => {
      const job = await jobOf(request);
      await context.db
        .update(quartzJobs)
        .set({ status: '-1', nextRunAt: null, updatedAt: new Date(), updateBy: authOf(request).username })
        .where(eq(quartzJobs.id, job.id));
      return ok(null, '定时任务暂停成功');
    },
  });

  api.route({
    method: ['GET', 'POST'],
    url: '/sys/quartzJob/resume',
    config: stateChange,
    handler: async (request) => {
      const job = await jobOf(request);
      const next = nextRunOf(job.cronExpression, new Date());
      if (!next) throw badRequest('Cron 表达式不正确或不会再执行', 'The cron expression is not valid or never runs again');
      await context.db
        .update(quartzJobs)
        .set({ status: '0', nextRunAt: next, updatedAt: new Date(), updateBy: authOf(request).username })
        .where(eq(quartzJobs.id, job.id));
      return ok(null, '定时任务启动成功');
    },
  });

  // 立即执行: once, now, on this instance, whatever the job's state; recorded as a manual run.
  api.route({
    method: ['GET', 'POST'],
    url: '/sys/quartzJob/execute',
    config: stateChange,
    handler: async (request) => {
      const job = await jobOf(request);
      const run = await runJob(context, job, { kind: 'manual', by: authOf(request).username });
      if (!run.success) throw badRequest(`执行失败：${run.result}`, `The run failed: ${run.result}`);
      return ok(run.result, '执行成功');
    },
  });

  api.get('/sys/quartzJob/nextRuns', { config: { permission: menuCodeForPath('/system/jobs') } }, async (request) => {
    const { cron } = parseInput(z.object({ cron: z.string().trim().min(1).max(100) }), request.query);
    const times = nextRuns(cron, 5);
    if (!times?.length) throw badRequest('Cron 表达式不正确或不会再执行', 'The cron expression is not valid or never runs again');
    return ok(times.map((time) => schoolDateTime(time)));
  });
}
