import type { EntitySpec } from '../../engine/spec';

/**
 * 卡余额: every account's wallets beside its holder and current card, read-only (DOMAIN.md 2.17).
 * Its source is the view `v_account_balance`; a low-balance search is the 余额合计 range's upper end.
 */
export const cardBalance: EntitySpec = {
  id: 'members.cardBalance',
  title: { 'zh-CN': '卡余额', en: 'Card balance' },
  api: '/memb/balance',
  table: 'v_account_balance',
  permissionPrefix: 'balance',
  screen: { path: '/members/balances', component: 'members/CardBalanceList', title: { 'zh-CN': '卡余额', en: 'Card balances' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'memberNo',
  createTime: false,
  fields: [
    { key: 'memberNo', type: 'text', title: { 'zh-CN': '学/工号', en: 'Student/staff no.' }, required: true, max: 32, query: 'like', sortable: true, width: 110 },
    { key: 'realName', type: 'text', title: { 'zh-CN': '姓名', en: 'Name' }, required: true, max: 30, query: 'like', width: 90 },
    // The money first, beside the name: a clerk sees every balance without scrolling.
    { key: 'balance', type: 'money', title: { 'zh-CN': '余额合计', en: 'Balance' }, required: true, total: true, min: -100000, max: 300000, query: 'range', sortable: true, width: 100 },
    { key: 'cash', type: 'money', title: { 'zh-CN': '现金余额', en: 'Cash' }, required: true, total: true, min: -100000, max: 100000, sortable: true, width: 100 },
    { key: 'subsidy', type: 'money', title: { 'zh-CN': '补助余额', en: 'Subsidy' }, required: true, total: true, max: 100000, sortable: true, width: 100 },
    { key: 'gift', type: 'money', title: { 'zh-CN': '赠送余额', en: 'Gift' }, required: true, total: true, max: 100000, width: 90 },
    { key: 'deposit', type: 'money', title: { 'zh-CN': '押金', en: 'Deposit' }, required: true, total: true, max: 100000, width: 80 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '部门/班级', en: 'Department/class' }, required: true, query: 'in', width: 120 },
    { key: 'memberTypeId', type: 'ref', ref: 'members.memberType', title: { 'zh-CN': '人员类型', en: 'Member type' }, required: true, query: 'eq', width: 90 },
    { key: 'cardNo', type: 'text', title: { 'zh-CN': '卡号', en: 'Card no.' }, max: 20, query: 'like', width: 100 },
    { key: 'cardStatus', type: 'dict', dict: 'card_status', title: { 'zh-CN': '卡状态', en: 'Card status' }, width: 80 },
    { key: 'accountStatus', type: 'dict', dict: 'account_status', title: { 'zh-CN': '账户状态', en: 'Account status' }, required: true, query: 'eq', width: 90 },
    { key: 'lastTxnAt', type: 'datetime', title: { 'zh-CN': '最后交易时间', en: 'Last transaction' }, sortable: true, width: 160 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'memberNo', order: 'asc' },
};
