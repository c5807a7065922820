import type { EntitySpec } from '../../engine/spec';

/**
 * 消息模板 (DOMAIN.md §10): what a business event says, by channel, with `${name}` variables
 * (`${name}的余额为${balance}元`). Business events find their template by code (LOW_BALANCE,
 * LEAVE_RESULT, BILL_DUE, MOVE_CAR, ATTENDANCE); a stopped template sends nothing. 测试发送 fills it
 * with sample values and texts one mobile. enable_status: 1 启用 · 0 停用.
 */
export const messageTemplate = {
  id: 'messages.template',
  title: { 'zh-CN': '消息模板', en: 'Message template' },
  api: '/msg/template',
  table: 'msg_template',
  permissionPrefix: 'msgTemplate',
  screen: { path: '/messages/templates', component: 'messages/TemplateList', title: { 'zh-CN': '消息模板', en: 'Message templates' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'code', type: 'text', preset: 'code', title: { 'zh-CN': '模板编码', en: 'Code' }, required: true, unique: true, max: 40, query: 'like', sortable: true, width: 150 },
    { key: 'name', type: 'text', title: { 'zh-CN': '模板名称', en: 'Name' }, required: true, max: 40, query: 'like', width: 140 },
    { key: 'channel', type: 'dict', dict: 'msg_channel', title: { 'zh-CN': '渠道', en: 'Channel' }, required: true, default: '3', query: 'eq', width: 110 },
    { key: 'scene', type: 'dict', dict: 'msg_scene', title: { 'zh-CN': '业务场景', en: 'Used for' }, required: true, default: '1', query: 'eq', width: 100 },
    { key: 'content', type: 'textarea', title: { 'zh-CN': '模板内容', en: 'Content' }, required: true, max: 500, width: 320, span: 2 },
    { key: 'variables', type: 'textarea', title: { 'zh-CN': '变量说明', en: 'Variables' }, max: 300, list: false, span: 2 },
    { key: 'thirdTemplateId', type: 'text', title: { 'zh-CN': '第三方模板ID', en: 'Provider template id' }, max: 64, list: false },
    { key: 'signName', type: 'text', title: { 'zh-CN': '短信签名', en: 'SMS signature' }, max: 20, width: 100 },
    { key: 'status', type: 'dict', dict: 'enable_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '1', form: false, query: 'eq', width: 70 },
    { key: 'lastTestAt', type: 'datetime', title: { 'zh-CN': '最近测试', en: 'Last test' }, form: false, width: 160 },
  ],
  form: { width: 760, columns: 2 },
  defaultSort: { field: 'code', order: 'asc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'test',
        title: { 'zh-CN': '测试发送', en: 'Send a test' },
        from: { status: ['1', '0'] },
        input: [
          { key: 'mobile', type: 'text', preset: 'm', title: { 'zh-CN': '测试手机号', en: 'Test mobile' }, required: true, max: 11 },
          { key: 'samples', type: 'textarea', title: { 'zh-CN': '变量示例值（每行 变量=值）', en: 'Sample values (one name=value a line)' }, max: 500 },
        ],
        show: ['code', 'content'],
        confirm: { 'zh-CN': '用示例值填入模板，以短信发送到测试手机。', en: 'Fills the template with the sample values and texts the test mobile.' },
        done: { 'zh-CN': '测试短信已发送', en: 'Test sent' },
        effect: true,
        icon: 'send',
        keywords: ['template', 'test', 'sms', 'muban', 'ceshi'],
        toolbar: true,
      },
      {
        id: 'enable',
        title: { 'zh-CN': '启用', en: 'Enable' },
        from: { status: ['0'] },
        to: { status: '1' },
        many: true,
        confirm: { 'zh-CN': '启用后业务事件按此模板发送。', en: 'Business events send through it again.' },
        done: { 'zh-CN': '已启用', en: 'Enabled' },
        icon: 'play',
        keywords: ['template', 'enable', 'muban', 'qiyong'],
      },
      {
        id: 'disable',
        title: { 'zh-CN': '停用', en: 'Disable' },
        from: { status: ['1'] },
        to: { status: '0' },
        many: true,
        confirm: { 'zh-CN': '停用后此场景不再发送消息。', en: 'Its business event sends nothing while it is stopped.' },
        done: { 'zh-CN': '已停用', en: 'Disabled' },
        icon: 'ban',
        keywords: ['template', 'disable', 'muban', 'tingyong'],
      },
    ],
  },
} as const satisfies EntitySpec;
