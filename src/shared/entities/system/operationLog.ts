import type { EntitySpec } from '../../engine/spec';

/**
 * 日志管理's 操作日志: every changing request of a signed-in user (sys_operation_log), written by
 * the server after the answer — who, the route and its permission code, the record it named, from
 * where, how long and how it ended. Read and exported only; a school sees its own.
 */
export const operationLog: EntitySpec = {
  id: 'system.operationLog',
  title: { 'zh-CN': '操作日志', en: 'Operation log' },
  api: '/sys/operationLog',
  table: 'sys_operation_log',
  permissionPrefix: 'log',
  screen: { path: '/system/logs', component: 'system/LogList', title: { 'zh-CN': '日志管理', en: 'Logs' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'username',
  createTime: false,
  fields: [
    { key: 'createdAt', type: 'datetime', title: { 'zh-CN': '操作时间', en: 'Time' }, required: true, query: 'range', sortable: true, width: 160 },
    { key: 'username', type: 'text', title: { 'zh-CN': '操作人', en: 'User' }, required: true, max: 50, query: 'like', width: 100 },
    { key: 'operateType', type: 'dict', dict: 'operate_type', title: { 'zh-CN': '操作类型', en: 'Kind' }, required: true, query: 'eq', width: 90 },
    { key: 'requestUrl', type: 'text', title: { 'zh-CN': '请求路径', en: 'Path' }, required: true, max: 500, query: 'like', width: 220 },
    { key: 'requestMethod', type: 'text', title: { 'zh-CN': '请求方式', en: 'Method' }, required: true, max: 10, width: 80 },
    { key: 'permission', type: 'text', title: { 'zh-CN': '权限编码', en: 'Permission' }, max: 200, query: 'like', width: 140 },
    { key: 'target', type: 'text', title: { 'zh-CN': '操作对象', en: 'Target' }, max: 200, query: 'like', width: 200 },
    { key: 'success', type: 'switch', title: { 'zh-CN': '成功', en: 'Succeeded' }, query: 'eq', width: 70 },
    { key: 'status', type: 'number', title: { 'zh-CN': '状态码', en: 'Status' }, required: true, width: 80 },
    { key: 'message', type: 'text', said: true, title: { 'zh-CN': '结果', en: 'Result' }, max: 500, width: 200 },
    { key: 'costMs', type: 'number', title: { 'zh-CN': '耗时（毫秒）', en: 'Took (ms)' }, required: true, sortable: true, width: 110 },
    { key: 'ip', type: 'text', title: { 'zh-CN': 'IP', en: 'IP' }, max: 64, query: 'like', width: 130 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'createdAt', order: 'desc' },
};
