import type { EntitySpec } from '../../engine/spec';

/** 充值记录: the ledger's recharges and their reversals, read-only (DOMAIN.md §15), by channel and date range. */
export const chargeRecord = {
  id: 'payments.charge',
  title: { 'zh-CN': '充值记录', en: 'Recharge record' },
  api: '/pay/charge',
  table: 'fin_txn',
  permissionPrefix: 'charge',
  screen: { path: '/payments/charges', component: 'payments/ChargeRecordList', title: { 'zh-CN': '充值记录', en: 'Recharge records' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'txnNo',
  createTime: false,
  fields: [
    { key: 'postedAt', type: 'datetime', title: { 'zh-CN': '记账时间', en: 'Posted' }, required: true, query: 'range', sortable: true, width: 160 },
    { key: 'memberName', type: 'text', title: { 'zh-CN': '姓名', en: 'Name' }, joined: true, form: false, query: 'like', width: 90 },
    { key: 'memberNo', type: 'text', title: { 'zh-CN': '学/工号', en: 'Student/staff no.' }, joined: true, form: false, query: 'prefix', width: 110 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '班级', en: 'Class' }, joined: true, form: false, query: 'eq', width: 110 },
    { key: 'cardNo', type: 'text', title: { 'zh-CN': '卡号', en: 'Card no.' }, joined: true, form: false, list: false, query: 'eq' },
    { key: 'accountId', type: 'ref', ref: 'members.account', refMode: 'picker', title: { 'zh-CN': '账号', en: 'Account' }, width: 120 },
    { key: 'txnType', type: 'dict', dict: 'txn_type', title: { 'zh-CN': '交易类型', en: 'Type' }, required: true, query: 'eq', width: 90 },
    { key: 'amount', type: 'money', title: { 'zh-CN': '金额', en: 'Amount' }, total: true, required: true, max: 100000, query: 'range', sortable: true, width: 90 },
    { key: 'channel', type: 'dict', dict: 'recharge_channel', title: { 'zh-CN': '充值方式', en: 'Channel' }, query: 'eq', width: 90 },
    { key: 'txnNo', type: 'text', title: { 'zh-CN': '流水号', en: 'Transaction no.' }, required: true, max: 40, query: 'prefix', width: 190 },
    { key: 'operator', type: 'text', title: { 'zh-CN': '操作员', en: 'Operator' }, required: true, max: 50, query: 'prefix', width: 90 },
    { key: 'accDate', type: 'date', title: { 'zh-CN': '账务日期', en: 'Accounting date' }, required: true, list: false },
    { key: 'summary', type: 'text', title: { 'zh-CN': '摘要', en: 'Summary' }, max: 200, width: 140 },
  ],
  form: { width: 800, columns: 2 },
  // The holder's name and class are the member's.
  alsoShows: ['members.member'],
  defaultSort: { field: 'postedAt', order: 'desc' },
  // A posting never changes: its kind (txnType) is the one state, and says what it can take (冲正 posts its reverse through the ledger).
  flow: {
    status: ['txnType'],
    actions: [
      {
        id: 'reverse',
        title: { 'zh-CN': '充值冲正', en: 'Reverse a recharge' },
        from: { txnType: ['RECHARGE'] },
        input: [{ key: 'reason', type: 'text', title: { 'zh-CN': '原因', en: 'Reason' }, required: true, max: 100 }],
        // The recharge's amount typed again: the checker checks what is taken back.
        retype: 'amount',
        show: ['memberName', 'amount', 'postedAt', 'operator'],
        confirm: { 'zh-CN': '冲正须由另一位操作员办理，冲回的金额从账户现金中扣除。', en: 'Another operator must reverse it; the amount is taken from the account’s cash.' },
        done: { 'zh-CN': '冲正成功！', en: 'Reversed' },
        permission: 'account:rechargeReversal',
        path: '/memb/account/rechargeReversal',
        ledger: { by: 'txnId' },
        testId: 'reverse-recharge',
        icon: 'rotate-ccw',
        keywords: ['recharge', 'reverse', 'chongzheng'],
      },
    ],
  },
} as const satisfies EntitySpec;
