import type { EntitySpec } from '@shared/engine/spec';

/**
 * 节假日 (设备授权, below the time groups): the school's days off and the weekend days worked in
 * their place. On a day off a time group set to 放假日不通行 lets nobody through and attendance rules
 * that skip holidays count nothing; a 调休上班 day is a working day (a Monday to the time groups).
 * holiday_kind: 1 放假 · 2 调休上班.
 */
export const holiday: EntitySpec = {
  id: 'access.holiday',
  title: { 'zh-CN': '节假日', en: 'Holiday' },
  api: '/acs/holiday',
  table: 'acs_holiday',
  permissionPrefix: 'holiday',
  screen: { path: '/access/devices', component: 'access/DeviceAuthorisationList', title: { 'zh-CN': '设备授权', en: 'Device authorisation' } },
  operations: ['add', 'edit', 'delete', 'import', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'day', type: 'date', title: { 'zh-CN': '日期', en: 'Day' }, required: true, unique: true, query: 'range', sortable: true, width: 110 },
    { key: 'name', type: 'text', title: { 'zh-CN': '名称', en: 'Name' }, required: true, max: 30, query: 'like', width: 140 },
    { key: 'kind', type: 'dict', dict: 'holiday_kind', title: { 'zh-CN': '类型', en: 'Kind' }, required: true, default: '1', query: 'eq', width: 90 },
  ],
  form: { width: 480, columns: 1 },
  defaultSort: { field: 'day', order: 'asc' },
};
