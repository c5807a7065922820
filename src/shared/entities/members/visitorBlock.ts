import type { EntitySpec } from '../../engine/spec';

/**
 * 访客黑名单: people the gate no longer registers, each blocked from one of their visits (拉黑)
 * with the reason. Listed under the visits on 访客管理; 解除拉黑 (its flow) lifts a block.
 */
export const visitorBlock: EntitySpec = {
  id: 'members.visitorBlock',
  title: { 'zh-CN': '访客黑名单', en: 'Blocked visitor' },
  api: '/memb/visitorBlock',
  table: 'memb_visitor_block',
  permissionPrefix: 'visitorBlock',
  screen: { path: '/members/guests', component: 'members/GuestList', title: { 'zh-CN': '访客管理', en: 'Guests' } },
  operations: [],
  tenantScoped: true,
  labelField: 'visitorName',
  createTime: false,
  fields: [
    { key: 'visitorName', type: 'text', title: { 'zh-CN': '访客姓名', en: 'Visitor' }, required: true, max: 30, query: 'like', width: 100 },
    { key: 'mobile', type: 'text', preset: 'm', title: { 'zh-CN': '手机', en: 'Mobile' }, required: true, max: 20, query: 'like', width: 120 },
    { key: 'idNo', type: 'text', title: { 'zh-CN': '证件号码', en: 'ID number' }, max: 30, list: false },
    { key: 'reason', type: 'text', title: { 'zh-CN': '拉黑原因', en: 'Reason' }, required: true, max: 100, width: 220 },
    { key: 'createBy', type: 'text', title: { 'zh-CN': '操作人', en: 'Blocked by' }, max: 50, width: 90 },
    { key: 'createdAt', type: 'datetime', title: { 'zh-CN': '拉黑时间', en: 'Blocked at' }, required: true, query: 'range', sortable: true, width: 160 },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'createdAt', order: 'desc' },
  flow: {
    status: [],
    actions: [
      {
        id: 'unblock',
        title: { 'zh-CN': '解除拉黑', en: 'Unblock a visitor' },
        from: {},
        // The entry is lifted (soft-deleted): the visits keep their states, the gate registers the person again.
        to: { delFlag: '1' },
        confirm: { 'zh-CN': '解除后此人可再次登记来访。确定解除拉黑？', en: 'Once unblocked, this person can be registered again. Unblock?' },
        done: { 'zh-CN': '已解除拉黑', en: 'Unblocked' },
        path: '/memb/visitor/unblock',
        permission: 'visitor:unblock',
        icon: 'lock-open',
        keywords: ['visitor', 'guest', 'unblock', 'blacklist', 'fangke', 'jiechu', 'heimingdan'],
      },
    ],
  },
};
