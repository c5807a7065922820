import type { EntityHooks } from '../../crud/registerEntity';
import { badRequest } from '../../http/envelope';
import { jobHandler, jobHandlerNames } from '../../jobs/handlers';
import { nextRunOf } from '../../jobs/scheduler';

/**
 * JeecgBoot's sample job classes, as its own client's form types them, and the handler of ours
 * each one runs (a sample logs a line; ours says what it did in its run).
 */
const FAMILY_JOB_CLASSES: Readonly<Record<string, string>> = {
  'org.jeecg.modules.quartz.job.SampleJob': 'sample',
  'org.jeecg.modules.quartz.job.SampleParamJob': 'sampleParam',
  'org.jeecg.modules.quartz.job.AsyncJob': 'sample',
};

/** A job names a known handler and a schedule that runs; saving it sets its next run (none while stopped). */
export const quartzJobHooks: EntityHooks = {
  normalise(values) {
    const name = typeof values.jobClassName === 'string' ? values.jobClassName.trim() : undefined;
    // A Java class name is the family's; anything else is checked against our handlers as it is.
    if (!name || jobHandler(name) || !name.includes('.')) return;
    const mapped = FAMILY_JOB_CLASSES[name];
    if (mapped) values.jobClassName = mapped;
    else {
      const known = jobHandlerNames();
      throw badRequest(`后台找不到该类名：${name}（可用的任务处理器：${known.join('、')}）`, `No job handler is called ${name} (the handlers are: ${known.join(', ')})`);
    }
  },
  async beforeSave({ values, before }) {
    const handler = String(values.jobClassName ?? before?.jobClassName ?? '');
    if (!jobHandler(handler)) throw badRequest('未知的任务处理器', 'Unknown job handler');
    // A job left without a description is named by its handler (it names the job in lists and logs).
    if (!values.description) values.description = before?.description || handler;
    const cron = String(values.cronExpression ?? before?.cronExpression ?? '');
    const next = nextRunOf(cron, new Date());
    if (!next) throw badRequest('Cron 表达式不正确或不会再执行', 'The cron expression is not valid or never runs again');
    const status = String(values.status ?? before?.status ?? '0');
    values.nextRunAt = status === '0' ? next : null;
  },
};
