import type { EntitySpec } from '../../engine/spec';

/**
 * 消费记录: the ledger's payments and their refunds, read-only (DOMAIN.md §15): when, who, where,
 * how much, by date range, exported for the canteens' accounts.
 */
export const consumptionRecord = {
  id: 'payments.consumption',
  title: { 'zh-CN': '消费记录', en: 'Consumption record' },
  api: '/pay/consumption',
  table: 'fin_txn',
  permissionPrefix: 'consumption',
  screen: { path: '/payments/consumption', component: 'payments/ConsumptionRecordList', title: { 'zh-CN': '消费记录', en: 'Consumption records' } },
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
    { key: 'cardId', type: 'ref', ref: 'members.card', refMode: 'picker', title: { 'zh-CN': '卡号', en: 'Card no.' }, width: 100 },
    { key: 'txnType', type: 'dict', dict: 'txn_type', title: { 'zh-CN': '交易类型', en: 'Type' }, required: true, query: 'eq', width: 90 },
    { key: 'amount', type: 'money', title: { 'zh-CN': '金额', en: 'Amount' }, total: true, required: true, max: 100000, query: 'range', sortable: true, width: 90 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '食堂', en: 'Canteen' }, query: 'eq', width: 130 },
    { key: 'storeId', type: 'ref', ref: 'meals.store', title: { 'zh-CN': '档口', en: 'Store' }, query: 'eq', width: 110 },
    { key: 'terminalId', type: 'ref', ref: 'devices.terminal', title: { 'zh-CN': '终端', en: 'Terminal' }, query: 'eq', width: 110 },
    { key: 'mealType', type: 'dict', dict: 'meal_type', title: { 'zh-CN': '餐次', en: 'Meal' }, query: 'eq', width: 70 },
    { key: 'txnNo', type: 'text', title: { 'zh-CN': '流水号', en: 'Transaction no.' }, required: true, max: 40, query: 'prefix', width: 190 },
    { key: 'operator', type: 'text', title: { 'zh-CN': '操作员', en: 'Operator' }, required: true, max: 50, query: 'prefix', width: 90 },
    { key: 'accDate', type: 'date', title: { 'zh-CN': '账务日期', en: 'Accounting date' }, required: true, list: false },
    { key: 'summary', type: 'text', title: { 'zh-CN': '摘要', en: 'Summary' }, max: 200, width: 140 },
  ],
  form: { width: 800, columns: 2 },
  // The holder's name and class are the member's.
  alsoShows: ['members.member'],
  defaultSort: { field: 'postedAt', order: 'desc' },
  // A posting never changes: its kind (txnType) is the one state, and says what it can take (退款 posts a refund through the ledger).
  flow: {
    status: ['txnType'],
    actions: [
      {
        id: 'refund',
        title: { 'zh-CN': '消费退款', en: 'Refund a payment' },
        from: { txnType: ['CONSUME'] },
        input: [
          // Left out, the whole of what is left to refund (the family's client); the dialog offers it.
          { key: 'amount', type: 'money', ledger: true, title: { 'zh-CN': '退款金额', en: 'Refund' } },
          { key: 'reason', type: 'text', title: { 'zh-CN': '原因', en: 'Reason' }, required: true, max: 100 },
        ],
        retype: 'amount',
        show: ['memberName', 'amount', 'postedAt', 'canteenId'],
        confirm: { 'zh-CN': '按原扣款顺序退回：先现金、再赠送、再补助。', en: 'Paid back along the payment’s split: cash first, then gift, then subsidy.' },
        done: { 'zh-CN': '退款成功！', en: 'Refunded' },
        permission: 'consume:refund',
        path: '/pay/consume/refund',
        ledger: { by: 'txnId', quote: { figures: [{ key: 'refundable', title: { 'zh-CN': '可退金额', en: 'Refundable' } }] } },
        testId: 'refund',
        icon: 'rotate-ccw',
        keywords: ['refund', 'payment', 'tuikuan'],
      },
    ],
  },
} as const satisfies EntitySpec;
