import type { EntitySpec } from '../../engine/spec';

/**
 * 终端设备: the consumption terminals of the canteens (DOMAIN.md §9). A terminal posts payments
 * signed with its own key (生成密钥 shows it once); a disabled terminal is refused. The terminal API finds
 * a terminal by its serial alone, so a serial is unique across schools: no school can take another's.
 */
export const terminal: EntitySpec = {
  id: 'devices.terminal',
  title: { 'zh-CN': '终端', en: 'Terminal' },
  api: '/dev/device',
  table: 'dev_device',
  permissionPrefix: 'device',
  screen: { path: '/devices', component: 'devices/DeviceList', title: { 'zh-CN': '终端设备', en: 'Terminals and devices' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '设备名称', en: 'Name' }, required: true, max: 50, query: 'like', sortable: true, width: 150 },
    { key: 'serialNo', type: 'text', title: { 'zh-CN': '设备序列号', en: 'Serial no.' }, required: true, max: 32, preset: 'code', unique: 'installation', query: 'like', sortable: true, width: 140 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '所属食堂', en: 'Canteen' }, required: true, query: 'eq', width: 130 },
    { key: 'storeId', type: 'ref', ref: 'meals.store', title: { 'zh-CN': '档口', en: 'Store' }, width: 120 },
    { key: 'status', type: 'dict', dict: 'device_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 80 },
    { key: 'lastSeenAt', type: 'datetime', title: { 'zh-CN': '最近上传', en: 'Last seen' }, form: false, width: 160 },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 700, columns: 2 },
  defaultSort: { field: 'serialNo', order: 'asc' },
};
