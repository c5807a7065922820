import type { EntitySpec } from '../../engine/spec';

/** 日志管理's 登录日志: each sign-in attempt, allowed or refused, with its address and browser. */
export const loginLog: EntitySpec = {
  id: 'system.loginLog',
  title: { 'zh-CN': '登录日志', en: 'Sign-in log' },
  api: '/sys/loginLog',
  table: 'login_logs',
  permissionPrefix: 'loginLog',
  screen: { path: '/system/logs', component: 'system/LogList', title: { 'zh-CN': '日志管理', en: 'Logs' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'username',
  createTime: false,
  fields: [
    { key: 'createdAt', type: 'datetime', title: { 'zh-CN': '登录时间', en: 'Time' }, required: true, query: 'range', sortable: true, width: 160 },
    { key: 'username', type: 'text', title: { 'zh-CN': '用户名', en: 'User' }, required: true, max: 50, query: 'like', width: 110 },
    { key: 'success', type: 'switch', title: { 'zh-CN': '成功', en: 'Succeeded' }, query: 'eq', width: 70 },
    { key: 'message', type: 'text', said: true, title: { 'zh-CN': '结果', en: 'Result' }, required: true, max: 200, width: 200 },
    { key: 'ip', type: 'text', title: { 'zh-CN': 'IP', en: 'IP' }, max: 64, query: 'like', width: 130 },
    { key: 'userAgent', type: 'text', title: { 'zh-CN': '浏览器', en: 'Browser' }, max: 500, width: 320 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'createdAt', order: 'desc' },
};
