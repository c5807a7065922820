import type { EntitySpec } from '@shared/engine/spec';

/**
 * 进出记录 (DOMAIN.md 4.3): every pass at a door, posted by its controller through the signed gate
 * API and decided by the server; never changed. Listed by a school-day range (today when none).
 */
export const accessLog: EntitySpec = {
  id: 'access.log',
  title: { 'zh-CN': '进出记录', en: 'Access record' },
  api: '/acs/log',
  table: 'acs_log',
  permissionPrefix: 'accessLog',
  screen: { path: '/access/logs', component: 'access/AccessLogList', title: { 'zh-CN': '进出记录', en: 'Access records' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'serialNo',
  createTime: false,
  fields: [
    { key: 'passDay', type: 'date', title: { 'zh-CN': '日期', en: 'Day' }, required: true, query: 'range', width: 100 },
    { key: 'passTime', type: 'datetime', title: { 'zh-CN': '时间', en: 'Time' }, required: true, sortable: true, width: 160 },
    { key: 'doorId', type: 'ref', ref: 'access.door', title: { 'zh-CN': '门', en: 'Door' }, required: true, query: 'eq', width: 120 },
    { key: 'direction', type: 'dict', dict: 'access_direction', title: { 'zh-CN': '方向', en: 'Way' }, required: true, query: 'eq', width: 60 },
    { key: 'name', type: 'text', title: { 'zh-CN': '姓名', en: 'Name' }, max: 30, query: 'like', width: 80 },
    { key: 'memberNo', type: 'text', title: { 'zh-CN': '学/工号', en: 'No.' }, max: 30, query: 'prefix', width: 100 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '班级', en: 'Class' }, query: 'eq', width: 110 },
    { key: 'method', type: 'dict', dict: 'pass_method', title: { 'zh-CN': '通行方式', en: 'By' }, required: true, width: 80 },
    { key: 'result', type: 'dict', dict: 'access_result', title: { 'zh-CN': '结果', en: 'Result' }, required: true, query: 'eq', width: 70 },
    { key: 'reason', type: 'dict', dict: 'refuse_reason', title: { 'zh-CN': '失败原因', en: 'Why refused' }, query: 'eq', width: 100 },
    { key: 'cardNo', type: 'text', title: { 'zh-CN': '卡号', en: 'Card' }, max: 20, width: 100 },
    { key: 'snapshot', type: 'image', title: { 'zh-CN': '抓拍', en: 'Snapshot' }, width: 70 },
    { key: 'serialNo', type: 'text', title: { 'zh-CN': '设备流水号', en: 'Device no.' }, required: true, max: 40, width: 120 },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'passTime', order: 'desc' },
};
