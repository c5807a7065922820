import type { EntitySpec } from '../../engine/spec';

/** Who a school notice reaches and when they read or acknowledged it (学校通知, below the notices). Written by 发布. */
export const noticeReceipt: EntitySpec = {
  id: 'messages.noticeReceipt',
  title: { 'zh-CN': '阅读回执', en: 'Receipt' },
  api: '/msg/noticeReceipt',
  table: 'msg_notice_receipt',
  permissionPrefix: 'noticeReceipt',
  screen: { path: '/messages/school', component: 'messages/SchoolNoticeList', title: { 'zh-CN': '学校通知', en: 'School notices' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'noticeId', type: 'ref', ref: 'messages.schoolNotice', title: { 'zh-CN': '通知', en: 'Notice' }, required: true, query: 'eq', width: 180 },
    { key: 'name', type: 'text', title: { 'zh-CN': '接收人', en: 'Reader' }, required: true, max: 60, query: 'like', width: 160 },
    { key: 'mobile', type: 'text', title: { 'zh-CN': '手机号', en: 'Mobile' }, max: 20, width: 120 },
    { key: 'readAt', type: 'datetime', title: { 'zh-CN': '阅读时间', en: 'Read at' }, sortable: true, width: 160 },
    { key: 'confirmedAt', type: 'datetime', title: { 'zh-CN': '回执时间', en: 'Acknowledged' }, width: 160 },
    { key: 'reminded', type: 'number', title: { 'zh-CN': '提醒次数', en: 'Reminded' }, default: 0, width: 80 },
  ],
  form: { width: 520, columns: 1 },
  defaultSort: { field: 'readAt', order: 'desc' },
};
