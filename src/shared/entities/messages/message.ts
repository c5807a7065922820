import type { EntitySpec } from '../../engine/spec';

/**
 * 消息管理 (DOMAIN.md §10): a message (XX…) to one person, a class or department, or everyone — the
 * people themselves or their parents — on one or more channels (站内, 微信模板消息, 短信, APP推送).
 * 发送 writes one recipient row a person and channel and delivers them (a planned time waits for
 * the dispatch job: 已定时); 撤回 cancels a planned one or takes the console copies back; 重发失败
 * tries the failed rows again. send_state: 0 待发送 · 1 已定时 · 2 已发送 · 3 部分失败 · 4 失败 · 5 已撤回.
 */
export const message: EntitySpec = {
  id: 'messages.message',
  title: { 'zh-CN': '消息', en: 'Message' },
  api: '/msg/message',
  table: 'msg_message',
  permissionPrefix: 'message',
  screen: { path: '/messages/list', component: 'messages/MessageList', title: { 'zh-CN': '消息管理', en: 'Messages' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'title',
  fields: [
    { key: 'billNo', type: 'text', title: { 'zh-CN': '消息编号', en: 'No.' }, required: true, max: 20, form: false, query: 'prefix', sortable: true, width: 150 },
    { key: 'title', type: 'text', title: { 'zh-CN': '标题', en: 'Title' }, required: true, max: 40, query: 'like', width: 180, span: 2 },
    { key: 'content', type: 'textarea', title: { 'zh-CN': '内容', en: 'Content' }, required: true, max: 500, width: 260, span: 2 },
    { key: 'scene', type: 'dict', dict: 'msg_scene', title: { 'zh-CN': '消息类型', en: 'Kind' }, required: true, default: '1', query: 'eq', width: 90 },
    { key: 'channels', type: 'dict', dict: 'msg_channel', dictMode: 'multi', title: { 'zh-CN': '渠道', en: 'Channels' }, required: true, default: '1', query: 'eq', width: 150 },
    { key: 'audience', type: 'dict', dict: 'msg_audience', title: { 'zh-CN': '接收人', en: 'To' }, required: true, default: '2', width: 80 },
    { key: 'scope', type: 'dict', dict: 'msg_scope', title: { 'zh-CN': '接收范围', en: 'Scope' }, required: true, default: '1', width: 90 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '指定人员', en: 'Person' }, width: 90 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '班级/部门', en: 'Class / department' }, width: 110 },
    { key: 'planAt', type: 'datetime', title: { 'zh-CN': '计划发送时间', en: 'Send at' }, width: 160 },
    { key: 'status', type: 'dict', dict: 'send_state', title: { 'zh-CN': '状态', en: 'Status' }, default: '0', form: false, query: 'eq', width: 80 },
    { key: 'total', type: 'number', title: { 'zh-CN': '总数', en: 'Total' }, default: 0, form: false, width: 60 },
    { key: 'sent', type: 'number', title: { 'zh-CN': '成功', en: 'Sent' }, default: 0, form: false, width: 60 },
    { key: 'failed', type: 'number', title: { 'zh-CN': '失败', en: 'Failed' }, default: 0, form: false, width: 60 },
    { key: 'readCount', type: 'number', title: { 'zh-CN': '已读', en: 'Read' }, default: 0, form: false, width: 60 },
    { key: 'sentAt', type: 'datetime', title: { 'zh-CN': '发送时间', en: 'Sent at' }, form: false, query: 'range', sortable: true, width: 160 },
    { key: 'sentBy', type: 'text', title: { 'zh-CN': '发送人', en: 'Sent by' }, max: 50, form: false, width: 80 },
    { key: 'templateCode', type: 'text', title: { 'zh-CN': '模板', en: 'Template' }, max: 40, form: false, list: false },
  ],
  form: { width: 760, columns: 2 },
  defaultSort: { field: 'billNo', order: 'desc' },
  flow: {
    status: ['status'],
    editable: { status: ['0'] },
    actions: [
      {
        id: 'send',
        title: { 'zh-CN': '发送', en: 'Send' },
        from: { status: ['0'] },
        show: ['title', 'content', 'channels', 'audience', 'scope', 'planAt'],
        confirm: { 'zh-CN': '按接收范围逐人发送（设了计划时间的到时发送）。', en: 'Sends to everyone in its scope (at its planned time when it has one).' },
        done: { 'zh-CN': '已发送', en: 'Sent' },
        effect: true,
        icon: 'send',
        keywords: ['message', 'send', 'xiaoxi', 'fasong'],
        toolbar: true,
      },
      {
        id: 'withdraw',
        title: { 'zh-CN': '撤回', en: 'Withdraw' },
        from: { status: ['1', '2', '3'] },
        to: { status: '5' },
        confirm: { 'zh-CN': '未发出的不再发送，站内消息收回；已发出的短信无法撤回。', en: 'What has not gone stays unsent and console copies are taken back; texts already sent cannot be.' },
        done: { 'zh-CN': '已撤回', en: 'Withdrawn' },
        effect: true,
        icon: 'undo-2',
        keywords: ['message', 'withdraw', 'xiaoxi', 'chehui'],
      },
      {
        id: 'resend',
        title: { 'zh-CN': '重发失败', en: 'Retry failed' },
        from: { status: ['3', '4'] },
        confirm: { 'zh-CN': '把发送失败的接收人重新发送一次。', en: 'Tries the failed recipients once more.' },
        done: { 'zh-CN': '已重发', en: 'Retried' },
        effect: true,
        icon: 'refresh-cw',
        keywords: ['message', 'resend', 'failed', 'xiaoxi', 'chongfa'],
        toolbar: true,
      },
    ],
  },
};
