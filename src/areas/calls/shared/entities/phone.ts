import type { EntitySpec } from '@shared/engine/spec';

/**
 * 亲情话机 (通话成员, below the numbers): the campus phones. Each signs its requests with its own
 * key (生成密钥 shows it once): it takes the audited numbers (同步), asks whether a card may ring a
 * number, and posts the calls made. A serial is unique in the installation.
 */
export const callPhone: EntitySpec = {
  id: 'calls.phone',
  title: { 'zh-CN': '亲情话机', en: 'Family phone' },
  api: '/call/phone',
  table: 'call_phone',
  permissionPrefix: 'callPhone',
  screen: { path: '/calls/members', component: 'calls/CallMemberList', title: { 'zh-CN': '通话成员', en: 'Call members' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '话机名称', en: 'Name' }, required: true, max: 40, query: 'like', width: 150 },
    { key: 'serialNo', type: 'text', preset: 'code', title: { 'zh-CN': '序列号', en: 'Serial no.' }, required: true, unique: 'installation', max: 40, query: 'like', width: 130 },
    { key: 'location', type: 'text', title: { 'zh-CN': '位置', en: 'Where' }, max: 60, width: 150 },
    { key: 'deviceType', type: 'dict', dict: 'call_device', title: { 'zh-CN': '话机类型', en: 'Kind' }, required: true, default: '1', width: 90 },
    { key: 'status', type: 'dict', dict: 'enable_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 70 },
    { key: 'syncedAt', type: 'datetime', title: { 'zh-CN': '最近同步', en: 'Last sync' }, form: false, width: 160 },
    { key: 'lastSeenAt', type: 'datetime', title: { 'zh-CN': '最近通信', en: 'Last contact' }, form: false, width: 160 },
    { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'name', order: 'asc' },
};
