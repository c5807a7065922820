import type { EntitySpec } from '../../engine/spec';

/**
 * An item of a device task (DOMAIN.md 2.15): one device and one subject (a person, a card, the
 * device's own settings), with its state (待下发 → 下发中 when the device takes it → 成功 or 失败 when it
 * answers; a failure queues again up to three times), its retries and why it failed.
 */
export const pushItem: EntitySpec = {
  id: 'devices.pushItem',
  title: { 'zh-CN': '下发明细', en: 'Device task item' },
  api: '/dev/pushItem',
  table: 'dev_push_item',
  permissionPrefix: 'pushItem',
  screen: { path: '/members/device-sending', component: 'members/DeviceSendingList', title: { 'zh-CN': '设备下发', en: 'Send to devices' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'taskId',
  fields: [
    { key: 'taskId', type: 'ref', ref: 'devices.pushTask', title: { 'zh-CN': '下发任务', en: 'Task' }, required: true, query: 'eq', width: 150 },
    { key: 'deviceId', type: 'ref', ref: 'devices.terminal', title: { 'zh-CN': '设备', en: 'Device' }, query: 'eq', width: 130 },
    { key: 'doorId', type: 'ref', ref: 'access.door', title: { 'zh-CN': '门禁设备', en: 'Door' }, query: 'eq', width: 120 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '人员', en: 'Member' }, query: 'eq', width: 100 },
    { key: 'subjectLabel', type: 'text', title: { 'zh-CN': '车牌', en: 'Plate' }, max: 20, query: 'like', width: 100 },
    { key: 'status', type: 'dict', dict: 'push_item_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '0', query: 'eq', width: 80 },
    { key: 'retries', type: 'number', title: { 'zh-CN': '重试次数', en: 'Retries' }, default: 0, width: 80 },
    { key: 'errMsg', type: 'text', said: true, title: { 'zh-CN': '失败原因', en: 'Why it failed' }, max: 200, width: 200 },
    { key: 'sentTime', type: 'datetime', title: { 'zh-CN': '下发时间', en: 'Sent at' }, width: 160 },
    { key: 'doneTime', type: 'datetime', title: { 'zh-CN': '完成时间', en: 'Done at' }, sortable: true, width: 160 },
  ],
  form: { width: 520, columns: 1 },
  defaultSort: { field: 'doneTime', order: 'desc' },
};
