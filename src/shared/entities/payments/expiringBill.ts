import type { EntitySpec } from '../../engine/spec';

/**
 * 到期账单 (DOMAIN.md §7): every bill still owed — 学费, 水费, 电费 — with its days left (in the school's
 * day) and 逾期 once past due; the screen opens on those due within 7 days. 催缴 and 延期 act through
 * each bill's own screen (its rules, its history), the selected bills grouped by kind.
 */
export const expiringBill: EntitySpec = {
  id: 'payments.expiringBill',
  title: { 'zh-CN': '到期账单', en: 'Expiring bill' },
  api: '/pay/expiring',
  table: 'v_pay_bill',
  permissionPrefix: 'expiringBill',
  screen: { path: '/payments/expiring', component: 'payments/ExpiringBillList', title: { 'zh-CN': '到期账单', en: 'Expiring bills' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'billNo',
  createTime: false,
  fields: [
    { key: 'billNo', type: 'text', title: { 'zh-CN': '账单号', en: 'Bill no.' }, required: true, max: 20, query: 'like', sortable: true, width: 150 },
    { key: 'itemType', type: 'dict', dict: 'pay_item', title: { 'zh-CN': '类型', en: 'Item' }, required: true, query: 'eq', width: 80 },
    { key: 'billKind', type: 'text', title: { 'zh-CN': '账单类别', en: 'Bill kind' }, required: true, max: 20, list: false },
    { key: 'target', type: 'text', title: { 'zh-CN': '缴费对象', en: 'For' }, required: true, max: 100, query: 'like', width: 180 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '班级/部门', en: 'Class' }, query: 'in', width: 110 },
    { key: 'building', type: 'text', title: { 'zh-CN': '楼栋', en: 'Building' }, max: 30, query: 'like', list: false },
    { key: 'period', type: 'text', title: { 'zh-CN': '账期', en: 'Period' }, max: 40, width: 140 },
    { key: 'due', type: 'money', title: { 'zh-CN': '金额', en: 'Due' }, required: true, max: 1000000, total: true, width: 90 },
    { key: 'paid', type: 'money', title: { 'zh-CN': '已缴', en: 'Paid' }, required: true, max: 1000000, total: true, width: 90 },
    { key: 'owed', type: 'money', title: { 'zh-CN': '欠费', en: 'Owed' }, required: true, max: 1000000, total: true, sortable: true, width: 90 },
    { key: 'dueDate', type: 'date', title: { 'zh-CN': '到期日', en: 'Due by' }, query: 'range', sortable: true, width: 100 },
    { key: 'daysLeft', type: 'number', title: { 'zh-CN': '剩余天数', en: 'Days left' }, query: 'range', sortable: true, width: 90 },
    { key: 'payStatus', type: 'dict', dict: 'bill_pay_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, query: 'eq', width: 80 },
    { key: 'remindCount', type: 'number', title: { 'zh-CN': '催缴次数', en: 'Reminders' }, required: true, width: 80 },
    { key: 'lastRemindTime', type: 'datetime', title: { 'zh-CN': '最近催缴', en: 'Last reminded' }, width: 160 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'dueDate', order: 'asc' },
};
