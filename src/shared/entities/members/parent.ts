import type { EntitySpec } from '../../engine/spec';

/**
 * 家长名单: parents and guardians bound to pupils (DOMAIN.md 2.16). A parent of two pupils has a
 * row for each; one mobile number is bound to a pupil once. The mobile is the parent app's sign-in;
 * the parent app's invitation goes by text message, and 解绑微信 makes the parent bind again.
 */
export const parent: EntitySpec = {
  id: 'members.parent',
  title: { 'zh-CN': '家长', en: 'Parent' },
  api: '/memb/parent',
  table: 'memb_parent',
  permissionPrefix: 'parent',
  screen: { path: '/members/parents', component: 'members/ParentList', title: { 'zh-CN': '家长名单', en: 'Parents' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: true,
  labelField: 'parentName',
  fields: [
    { key: 'parentName', type: 'text', title: { 'zh-CN': '家长姓名', en: 'Parent' }, required: true, max: 30, query: 'like', sortable: true, width: 100 },
    { key: 'mobile', type: 'text', preset: 'm', title: { 'zh-CN': '手机', en: 'Mobile' }, required: true, max: 20, query: 'like', width: 120 },
    { key: 'relation', type: 'dict', dict: 'parent_relation', title: { 'zh-CN': '关系', en: 'Relation' }, required: true, query: 'eq', width: 80 },
    { key: 'studentId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '学生', en: 'Pupil' }, required: true, query: 'eq', width: 100 },
    { key: 'studentNo', type: 'text', title: { 'zh-CN': '学号', en: 'Pupil no.' }, joined: true, form: false, width: 110 },
    { key: 'className', type: 'text', title: { 'zh-CN': '班级', en: 'Class' }, joined: true, form: false, width: 120 },
    { key: 'isGuardian', type: 'switch', title: { 'zh-CN': '主监护人', en: 'Main guardian' }, default: false, width: 90 },
    { key: 'receiveNotice', type: 'switch', title: { 'zh-CN': '接收通知', en: 'Gets notices' }, default: true, width: 90 },
    { key: 'allowRecharge', type: 'switch', title: { 'zh-CN': '允许代充', en: 'May recharge' }, default: true, width: 90 },
    { key: 'wxBound', type: 'switch', title: { 'zh-CN': '微信绑定', en: 'WeChat bound' }, default: false, form: false, query: 'eq', width: 90 },
    { key: 'pickupCardNo', type: 'text', title: { 'zh-CN': '接送卡号', en: 'Pick-up card' }, max: 20, width: 110 },
    { key: 'status', type: 'dict', dict: 'valid_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 80 },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 800, columns: 2 },
  picker: { fields: ['mobile', 'relation', 'studentId'] },
  // Its children's names are the members'.
  alsoShows: ['members.member'],
  defaultSort: { field: 'parentName', order: 'asc' },
  flow: {
    status: ['status', 'wxBound'],
    actions: [
      {
        id: 'invite',
        title: { 'zh-CN': '发邀请短信', en: 'Send invitation SMS' },
        from: { status: ['1'], wxBound: ['false'] },
        confirm: { 'zh-CN': '向该家长的手机发送家长端邀请短信？', en: "Send the parent app's invitation to this parent's mobile?" },
        done: { 'zh-CN': '邀请短信已发送', en: 'Invitation sent' },
        effect: true,
        toolbar: true,
        icon: 'send',
        keywords: ['parent', 'sms', 'invite', 'jiazhang', 'yaoqing', 'duanxin'],
      },
      {
        id: 'unbindWechat',
        title: { 'zh-CN': '解绑微信', en: 'Unbind WeChat' },
        from: { wxBound: ['true'] },
        to: { wxBound: 'false' },
        confirm: {
          'zh-CN': '解绑后该家长需在家长端重新绑定微信，才能收到通知和代充。确定解绑？',
          en: 'Once unbound, the parent binds WeChat again in the parent app to get notices and recharge. Unbind?',
        },
        done: { 'zh-CN': '已解绑微信', en: 'WeChat unbound' },
        toolbar: true,
        icon: 'unlink',
        keywords: ['parent', 'wechat', 'unbind', 'jiazhang', 'jiebang', 'weixin'],
      },
    ],
  },
};
