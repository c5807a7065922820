import type { EntitySpec } from '../../engine/spec';

/**
 * 手工调账: corrections of a wallet, each entered by one person and posted only when another
 * approves it (DOMAIN.md §15, ADJUST). Listed under the accounts on 账户管理; entered through the
 * ledger's named route, approved and rejected by its flow — served by the ledger's routes, which
 * answer a retried approval with its first posting (adjust_status: 0 待审核, 1 已入账, 2 已驳回).
 */
export const adjustment: EntitySpec = {
  id: 'members.adjustment',
  title: { 'zh-CN': '调账单', en: 'Adjustment' },
  api: '/memb/adjustment',
  table: 'fin_adjustment',
  permissionPrefix: 'adjustment',
  screen: { path: '/members/accounts', component: 'members/AccountList', title: { 'zh-CN': '账户管理', en: 'Accounts' } },
  operations: [],
  tenantScoped: true,
  labelField: 'billNo',
  createTime: false,
  fields: [
    { key: 'billNo', type: 'text', title: { 'zh-CN': '单号', en: 'Bill no.' }, required: true, max: 30, query: 'like', width: 190 },
    { key: 'accountId', type: 'ref', ref: 'members.account', refMode: 'picker', title: { 'zh-CN': '账号', en: 'Account' }, required: true, query: 'eq', width: 120 },
    { key: 'memberName', type: 'text', title: { 'zh-CN': '姓名', en: 'Name' }, joined: true, form: false, width: 90 },
    { key: 'wallet', type: 'dict', dict: 'wallet', title: { 'zh-CN': '钱包', en: 'Wallet' }, required: true, width: 80 },
    { key: 'direction', type: 'dict', dict: 'adjust_direction', title: { 'zh-CN': '方向', en: 'Direction' }, required: true, width: 80 },
    { key: 'amount', type: 'money', title: { 'zh-CN': '金额', en: 'Amount' }, required: true, max: 100000, width: 100 },
    { key: 'reason', type: 'text', title: { 'zh-CN': '原因', en: 'Reason' }, required: true, max: 100, width: 160 },
    { key: 'status', type: 'dict', dict: 'adjust_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, query: 'eq', width: 90 },
    { key: 'createBy', type: 'text', title: { 'zh-CN': '录入人', en: 'Entered by' }, max: 50, width: 90 },
    { key: 'createdAt', type: 'datetime', title: { 'zh-CN': '录入时间', en: 'Entered at' }, required: true, query: 'range', sortable: true, width: 160 },
    { key: 'checkBy', type: 'text', title: { 'zh-CN': '审核人', en: 'Approved by' }, max: 50, width: 90 },
    { key: 'checkRemark', type: 'text', title: { 'zh-CN': '审核意见', en: 'Review note' }, max: 100, width: 140 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'createdAt', order: 'desc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'approve',
        title: { 'zh-CN': '调账审核', en: 'Approve an adjustment' },
        from: { status: ['0'] },
        notBy: ['createBy'],
        input: [{ key: 'remark', type: 'text', title: { 'zh-CN': '审核意见', en: 'Review note' }, max: 100 }],
        retype: 'amount',
        show: ['accountId', 'memberName', 'wallet', 'direction', 'amount', 'reason', 'createBy'],
        confirm: { 'zh-CN': '核对调账单后再次输入金额，通过后立即入账。', en: 'Check the request and type its amount again: once approved it posts at once.' },
        done: { 'zh-CN': '调账已入账', en: 'Adjustment posted' },
        ledger: true,
        path: '/memb/account/adjust/approve',
        permission: 'account:adjustCheck',
        icon: 'shield-check',
        keywords: ['adjust', 'approve', 'shenhe', 'tiaozhang'],
      },
      {
        id: 'reject',
        title: { 'zh-CN': '驳回调账', en: 'Reject an adjustment' },
        from: { status: ['0'] },
        notBy: ['createBy'],
        input: [{ key: 'remark', type: 'text', title: { 'zh-CN': '驳回原因', en: 'Reason for rejecting' }, required: true, max: 100 }],
        show: ['accountId', 'memberName', 'wallet', 'direction', 'amount', 'reason', 'createBy'],
        confirm: { 'zh-CN': '驳回后不入账，调账单保留驳回原因。', en: 'Nothing is posted; the request keeps the reason.' },
        done: { 'zh-CN': '已驳回', en: 'Rejected' },
        ledger: true,
        path: '/memb/account/adjust/reject',
        permission: 'account:adjustCheck',
        icon: 'x',
        keywords: ['adjust', 'reject', 'bohui', 'tiaozhang'],
      },
    ],
  },
};
