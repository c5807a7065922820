import type { EntitySpec } from '../../engine/spec';

/** 定时任务's execution history: each run, scheduled or by hand, with its instance, duration and outcome. */
export const quartzJobRun: EntitySpec = {
  id: 'system.quartzJobRun',
  title: { 'zh-CN': '执行记录', en: 'Run' },
  api: '/sys/quartzJobRun',
  table: 'sys_quartz_job_run',
  permissionPrefix: 'jobRun',
  screen: { path: '/system/jobs', component: 'system/QuartzJobList', title: { 'zh-CN': '定时任务', en: 'Scheduled jobs' } },
  operations: [],
  tenantScoped: false,
  labelField: 'trigger',
  createTime: false,
  fields: [
    { key: 'jobId', type: 'ref', ref: 'system.quartzJob', title: { 'zh-CN': '任务', en: 'Job' }, required: true, query: 'eq', width: 220 },
    { key: 'startedAt', type: 'datetime', title: { 'zh-CN': '开始时间', en: 'Started' }, required: true, query: 'range', sortable: true, width: 160 },
    { key: 'trigger', type: 'dict', dict: 'job_trigger', title: { 'zh-CN': '触发方式', en: 'Trigger' }, required: true, query: 'eq', width: 90 },
    { key: 'success', type: 'switch', title: { 'zh-CN': '成功', en: 'Succeeded' }, query: 'eq', width: 70 },
    { key: 'durationMs', type: 'number', title: { 'zh-CN': '耗时（毫秒）', en: 'Took (ms)' }, required: true, sortable: true, width: 110 },
    { key: 'result', type: 'text', title: { 'zh-CN': '结果', en: 'Result' }, max: 1000, width: 300 },
    { key: 'instance', type: 'text', title: { 'zh-CN': '执行实例', en: 'Instance' }, required: true, max: 100, width: 180 },
    { key: 'createBy', type: 'text', title: { 'zh-CN': '执行人', en: 'By' }, max: 50, width: 90 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'startedAt', order: 'desc' },
};
