import type { EntityHooks } from '../../crud/registerEntity';
import { badRequest } from '../../http/envelope';
import { JOB_HANDLERS } from '../../jobs/handlers';
import { nextRunOf } from '../../jobs/scheduler';

/** A job names a known handler and a schedule that runs; saving it sets its next run (none while stopped). */
export const quartzJobHooks: EntityHooks = {
  async beforeSave({ values, before }) {
    const handler = String(values.jobClassName ?? before?.jobClassName ?? '');
    if (!JOB_HANDLERS[handler]) throw badRequest('未知的任务处理器', 'Unknown job handler');
    const cron = String(values.cronExpression ?? before?.cronExpression ?? '');
    const next = nextRunOf(cron, new Date());
    if (!next) throw badRequest('Cron 表达式不正确或不会再执行', 'The cron expression is not valid or never runs again');
    const status = String(values.status ?? before?.status ?? '0');
    values.nextRunAt = status === '0' ? next : null;
  },
};
