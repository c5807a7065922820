import type { EntitySpec } from '@shared/engine/spec';

const period = (n: number, required: boolean) =>
  [
    { key: `period${n}Start`, type: 'time', title: { 'zh-CN': `时段${n}开始`, en: `Period ${n} from` }, required, width: 90 },
    { key: `period${n}End`, type: 'time', title: { 'zh-CN': `时段${n}结束`, en: `Period ${n} until` }, required, width: 90 },
  ] as const;

/** 时间组 (设备授权, below the doors): weekdays × up to four periods in which a grant lets its person through, and whether it does on a day off (节假日). */
export const timeGroup: EntitySpec = {
  id: 'access.timeGroup',
  title: { 'zh-CN': '时间组', en: 'Time group' },
  api: '/acs/timeGroup',
  table: 'acs_time_group',
  permissionPrefix: 'timeGroup',
  screen: { path: '/access/devices', component: 'access/DeviceAuthorisationList', title: { 'zh-CN': '设备授权', en: 'Device authorisation' } },
  operations: ['add', 'edit', 'delete'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '名称', en: 'Name' }, required: true, max: 30, query: 'like', width: 130 },
    { key: 'weekdays', type: 'dict', dict: 'weekday', dictMode: 'multi', title: { 'zh-CN': '适用星期', en: 'Days' }, required: true, default: '1,2,3,4,5', width: 200, span: 2 },
    ...period(1, true),
    ...period(2, false),
    ...period(3, false),
    ...period(4, false),
    { key: 'holidayPolicy', type: 'dict', dict: 'holiday_policy', title: { 'zh-CN': '节假日', en: 'Holidays' }, required: true, default: '2', width: 110 },
    { key: 'status', type: 'dict', dict: 'enable_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '1', width: 70 },
    { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 720, columns: 2 },
  defaultSort: { field: 'name', order: 'asc' },
};
