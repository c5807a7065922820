import type { EntitySpec } from '../../engine/spec';

/**
 * 待退款: money owed to a member whose account was closed or frozen when it arrived (a refund, an
 * online recharge paid late). Listed under the accounts on 账户管理; each is paid out in cash or,
 * the account open again, credited — through the ledger's named routes.
 */
export const pendingRefund: EntitySpec = {
  id: 'members.pendingRefund',
  title: { 'zh-CN': '待退款', en: 'Pending refund' },
  api: '/memb/pendingRefund',
  table: 'fin_pending_refund',
  permissionPrefix: 'pendingRefund',
  screen: { path: '/members/accounts', component: 'members/AccountList', title: { 'zh-CN': '账户管理', en: 'Accounts' } },
  operations: [],
  tenantScoped: true,
  labelField: 'reason',
  createTime: false,
  fields: [
    { key: 'accountId', type: 'ref', ref: 'members.account', refMode: 'picker', title: { 'zh-CN': '账号', en: 'Account' }, required: true, query: 'eq', width: 120 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '人员', en: 'Member' }, required: true, width: 100 },
    { key: 'amount', type: 'money', title: { 'zh-CN': '金额', en: 'Amount' }, required: true, max: 100000, width: 100 },
    { key: 'sourceType', type: 'dict', dict: 'txn_type', title: { 'zh-CN': '来源', en: 'Source' }, required: true, width: 100 },
    { key: 'reason', type: 'text', title: { 'zh-CN': '说明', en: 'Details' }, required: true, max: 200, width: 240 },
    { key: 'status', type: 'dict', dict: 'pending_refund_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, query: 'eq', width: 90 },
    { key: 'createdAt', type: 'datetime', title: { 'zh-CN': '发生时间', en: 'Arrived at' }, required: true, query: 'range', sortable: true, width: 160 },
    { key: 'resolvedBy', type: 'text', title: { 'zh-CN': '处理人', en: 'Resolved by' }, max: 50, width: 90 },
    { key: 'resolvedAt', type: 'datetime', title: { 'zh-CN': '处理时间', en: 'Resolved at' }, width: 160 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'createdAt', order: 'desc' },
};
