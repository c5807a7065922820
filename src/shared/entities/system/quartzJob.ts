import type { EntitySpec } from '../../engine/spec';

/**
 * 定时任务 (JeecgBoot's QuartzJob): a built-in handler, its parameter and its cron schedule, run once
 * per due time whatever the number of server instances. Started, stopped and run by hand with
 * their own routes; installation-wide, so only the platform's administrators change it.
 */
export const quartzJob: EntitySpec = {
  id: 'system.quartzJob',
  title: { 'zh-CN': '定时任务', en: 'Scheduled job' },
  api: '/sys/quartzJob',
  table: 'sys_quartz_job',
  permissionPrefix: 'job',
  screen: { path: '/system/jobs', component: 'system/QuartzJobList', title: { 'zh-CN': '定时任务', en: 'Scheduled jobs' } },
  operations: ['add', 'edit', 'delete'],
  tenantScoped: false,
  labelField: 'description',
  fields: [
    { key: 'jobClassName', type: 'dict', dict: 'quartz_job_handler', title: { 'zh-CN': '任务处理器', en: 'Handler' }, required: true, query: 'eq', width: 150 },
    { key: 'cronExpression', type: 'text', title: { 'zh-CN': 'Cron 表达式', en: 'Cron expression' }, required: true, max: 100, width: 140 },
    { key: 'parameter', type: 'text', title: { 'zh-CN': '参数', en: 'Parameter' }, max: 500, width: 90 },
    // JeecgBoot's own client lets it blank: the job is then named by its handler.
    { key: 'description', type: 'text', title: { 'zh-CN': '描述', en: 'Description' }, max: 200, default: '', query: 'like', width: 280 },
    { key: 'status', type: 'dict', dict: 'quartz_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '0', form: false, query: 'eq', width: 80 },
    { key: 'nextRunAt', type: 'datetime', title: { 'zh-CN': '下次执行', en: 'Next run' }, form: false, width: 160 },
    { key: 'lastRunAt', type: 'datetime', title: { 'zh-CN': '上次执行', en: 'Last run' }, form: false, width: 160 },
  ],
  form: { width: 640, columns: 1 },
  defaultSort: { field: 'createTime', order: 'asc' },
};
