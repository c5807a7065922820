import type { EntitySpec } from '../../engine/spec';

/**
 * A recipient of a message on one channel (消息管理, below the messages): delivered, failed and
 * why, read, or withdrawn. Written by 发送. recipient_status: 0 待发送 · 1 已送达 · 2 发送失败 · 3 已读 · 4 已撤回.
 */
export const messageRecipient: EntitySpec = {
  id: 'messages.recipient',
  title: { 'zh-CN': '接收人', en: 'Recipient' },
  api: '/msg/recipient',
  table: 'msg_recipient',
  permissionPrefix: 'msgRecipient',
  screen: { path: '/messages/list', component: 'messages/MessageList', title: { 'zh-CN': '消息管理', en: 'Messages' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'messageId', type: 'ref', ref: 'messages.message', title: { 'zh-CN': '消息', en: 'Message' }, required: true, query: 'eq', width: 150 },
    { key: 'name', type: 'text', title: { 'zh-CN': '接收人', en: 'Recipient' }, required: true, max: 60, query: 'like', width: 140 },
    { key: 'mobile', type: 'text', title: { 'zh-CN': '手机号', en: 'Mobile' }, max: 20, width: 120 },
    { key: 'channel', type: 'dict', dict: 'msg_channel', title: { 'zh-CN': '渠道', en: 'Channel' }, required: true, query: 'eq', width: 110 },
    { key: 'status', type: 'dict', dict: 'recipient_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '0', query: 'eq', width: 80 },
    { key: 'errMsg', type: 'text', said: true, title: { 'zh-CN': '失败原因', en: 'Why it failed' }, max: 200, width: 180 },
    { key: 'sentAt', type: 'datetime', title: { 'zh-CN': '送达时间', en: 'Delivered at' }, sortable: true, width: 160 },
    { key: 'readAt', type: 'datetime', title: { 'zh-CN': '阅读时间', en: 'Read at' }, width: 160 },
  ],
  form: { width: 520, columns: 1 },
  defaultSort: { field: 'sentAt', order: 'desc' },
};
