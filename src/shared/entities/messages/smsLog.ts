import type { EntitySpec } from '../../engine/spec';

/**
 * 短信通知 (DOMAIN.md §10): every text message the school sent — by a clerk's message, a business
 * event's template, a reminder or a test — with its billing count (70 characters a part, 67 a part
 * of a long one) and the provider's answer. Written by the sender, never edited; 重发 sends a
 * failed one again as a new row. sms_status: 1 已提交 · 2 发送成功 · 3 发送失败.
 */
export const smsLog: EntitySpec = {
  id: 'messages.smsLog',
  title: { 'zh-CN': '短信记录', en: 'Text message' },
  api: '/msg/sms',
  table: 'msg_sms_log',
  permissionPrefix: 'smsLog',
  screen: { path: '/messages/sms', component: 'messages/SmsNoticeList', title: { 'zh-CN': '短信通知', en: 'SMS notices' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'mobile',
  createTime: false,
  fields: [
    { key: 'sentAt', type: 'datetime', title: { 'zh-CN': '发送时间', en: 'Sent at' }, required: true, form: false, query: 'range', sortable: true, width: 160 },
    { key: 'mobile', type: 'text', title: { 'zh-CN': '手机号', en: 'Mobile' }, required: true, max: 20, query: 'prefix', width: 120 },
    { key: 'content', type: 'text', title: { 'zh-CN': '内容', en: 'Text' }, required: true, max: 1000, width: 360 },
    { key: 'parts', type: 'number', title: { 'zh-CN': '计费条数', en: 'Parts' }, required: true, total: true, width: 80 },
    { key: 'scene', type: 'dict', dict: 'msg_scene', title: { 'zh-CN': '业务类型', en: 'Used for' }, default: '1', query: 'eq', width: 90 },
    { key: 'templateCode', type: 'text', title: { 'zh-CN': '模板', en: 'Template' }, max: 40, width: 120 },
    { key: 'signName', type: 'text', title: { 'zh-CN': '签名', en: 'Signature' }, max: 20, list: false },
    { key: 'status', type: 'dict', dict: 'sms_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '1', query: 'eq', width: 90 },
    { key: 'errMsg', type: 'text', said: true, title: { 'zh-CN': '失败原因', en: 'Why it failed' }, max: 200, width: 160 },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'sentAt', order: 'desc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'resend',
        title: { 'zh-CN': '重发', en: 'Send again' },
        from: { status: ['3'] },
        many: true,
        confirm: { 'zh-CN': '把发送失败的短信重新发送一次（记为新的发送记录）。', en: 'Sends the failed texts once more (each as a new row).' },
        done: { 'zh-CN': '已重发', en: 'Sent again' },
        effect: true,
        icon: 'refresh-cw',
        keywords: ['sms', 'resend', 'duanxin', 'chongfa'],
        toolbar: true,
      },
    ],
  },
};
