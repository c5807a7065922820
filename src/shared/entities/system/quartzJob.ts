import type { EntitySpec } from '../../engine/spec';

/** What JeecgBoot's client sends for the three job actions: by GET, naming the job by its handler. */
const familyCall = { permission: 'job:run', get: true, key: 'jobClassName', effect: true, toolbar: true } as const;

/**
 * 定时任务 (JeecgBoot's QuartzJob): a built-in handler, its parameter and its cron schedule, run once
 * per due time whatever the number of server instances. Started, stopped and run by hand on the
 * family's paths (quartz_status: 0 正常, -1 停止); installation-wide, so only the platform's
 * administrators change it.
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
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'execute',
        title: { 'zh-CN': '立即执行', en: 'Run now' },
        // Once, now, on this instance, whatever the job's state; recorded as a manual run.
        from: {},
        confirm: { 'zh-CN': '立即在本服务器上执行一次该任务？', en: 'Run this job once now, on this server?' },
        done: { 'zh-CN': '执行成功', en: 'Run done' },
        path: '/sys/quartzJob/execute',
        icon: 'refresh-cw',
        keywords: ['job', 'run', 'execute', 'now', 'renwu', 'zhixing'],
        ...familyCall,
      },
      {
        id: 'resume',
        title: { 'zh-CN': '启动任务', en: 'Start a job' },
        from: { status: ['-1'] },
        to: { status: '0' },
        confirm: { 'zh-CN': '启动后该任务按 Cron 表达式定时执行。确定启动？', en: 'Once started, the job runs on its cron schedule. Start it?' },
        done: { 'zh-CN': '定时任务启动成功', en: 'Job started' },
        path: '/sys/quartzJob/resume',
        many: true,
        icon: 'log-in',
        keywords: ['job', 'schedule', 'start', 'resume', 'renwu', 'qidong'],
        ...familyCall,
      },
      {
        id: 'pause',
        title: { 'zh-CN': '暂停任务', en: 'Stop a job' },
        from: { status: ['0'] },
        to: { status: '-1' },
        confirm: { 'zh-CN': '暂停后该任务不再定时执行，直到再次启动。确定暂停？', en: 'A stopped job does not run until it is started again. Stop it?' },
        done: { 'zh-CN': '定时任务暂停成功', en: 'Job stopped' },
        path: '/sys/quartzJob/pause',
        many: true,
        icon: 'x',
        keywords: ['job', 'schedule', 'stop', 'pause', 'renwu', 'zanting'],
        ...familyCall,
      },
    ],
  },
};
