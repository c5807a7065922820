import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { nextRuns } from '@shared/cron';
import { menuCodeForPath } from '@shared/permissions';
import { badRequest, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { schoolDateTime } from '../../http/schoolClock';

/** The next five times of a cron expression, for 定时任务's form (its actions are the flow's: job.actions.ts). */
export function jobRoutes(api: FastifyInstance): void {
  api.get('/sys/quartzJob/nextRuns', { config: { permission: menuCodeForPath('/system/jobs') } }, async (request) => {
    const { cron } = parseInput(z.object({ cron: z.string().trim().min(1).max(100) }), request.query);
    const times = nextRuns(cron, 5);
    if (!times?.length) throw badRequest('Cron 表达式不正确或不会再执行', 'The cron expression is not valid or never runs again');
    return ok(times.map((time) => schoolDateTime(time)));
  });
}
