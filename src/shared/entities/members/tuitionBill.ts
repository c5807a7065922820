import type { EntitySpec } from '../../engine/spec';
import { BILL_OVERDUE, billDueActions, billPayActions, billWaiveActions, OWED_STATES, type BillWords } from '../payments/billActions';
import { LEDGER_CAP_YUAN } from '../../money';

/** 学费's words in the actions every bill shares. */
const TUITION_WORDS: BillWords = {
  keywords: ['tuition', 'xuefei'],
  api: '/pay/tuition',
  open: { payStatus: OWED_STATES },
  max: LEDGER_CAP_YUAN,
  showPay: ['billNo', 'memberId', 'feeType', 'due', 'paid', 'owed'],
  showRefund: ['billNo', 'memberId', 'feeType', 'paid', 'refunded'],
  cardConfirm: {
    'zh-CN': '从学生卡的现金余额扣款缴费（补助和赠送不能缴学费）。请再次输入金额确认。',
    en: "Paid from the pupil's card cash (subsidy and gift do not pay fees). Type the amount again.",
  },
  refundConfirm: {
    'zh-CN': '退回学生卡的现金余额，不超过从卡余额缴纳的金额。请再次输入金额确认。',
    en: "Paid back into the pupil's card cash, never more than was paid from the card. Type the amount again.",
  },
  remindConfirm: { 'zh-CN': '向学生的家长发送催缴短信。', en: "Texts the pupil's parents a reminder." },
};

/**
 * 学费管理 (DOMAIN.md 2.10): a pupil's bill for a term's fee. 减免 asked by one person and audited by
 * another; 线下收款登记 of what was paid at the counter; 卡余额缴费 from the card's cash through the
 * ledger (BILL_PAY, a retry answered with the first posting); 退费 back to the card (BILL_REFUND,
 * never more than was paid from it); 催缴 a text to the pupil's parents. 欠费 = 应收 − 减免 − 实收 + 退费;
 * the list's 合计 sums 应收, 实收 and 欠费 over the query.
 */
export const tuitionBill: EntitySpec = {
  id: 'members.tuitionBill',
  title: { 'zh-CN': '学费账单', en: 'Tuition bill' },
  api: '/pay/tuition',
  table: 'pay_tuition_bill',
  permissionPrefix: 'tuition',
  screen: { path: '/members/tuition', component: 'members/TuitionList', title: { 'zh-CN': '学费管理', en: 'Tuition' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'billNo',
  fields: [
    { key: 'billNo', type: 'text', title: { 'zh-CN': '账单号', en: 'Bill no.' }, required: true, max: 20, query: 'like', sortable: true, width: 150 },
    { key: 'termId', type: 'ref', ref: 'payments.schoolTerm', title: { 'zh-CN': '学年学期', en: 'Term' }, required: true, query: 'eq', width: 150 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '班级', en: 'Class' }, required: true, query: 'in', width: 110 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '姓名', en: 'Pupil' }, required: true, query: 'eq', width: 90 },
    { key: 'feeItemId', type: 'ref', ref: 'members.feeStandard', title: { 'zh-CN': '收费标准', en: 'Fee standard' }, required: true, query: 'eq', list: false },
    { key: 'feeType', type: 'dict', dict: 'fee_item', title: { 'zh-CN': '收费项目', en: 'Item' }, required: true, query: 'eq', width: 80 },
    { key: 'due', type: 'money', title: { 'zh-CN': '应收', en: 'Due' }, required: true, max: 100000, total: true, sortable: true, width: 90 },
    { key: 'waive', type: 'money', title: { 'zh-CN': '减免', en: 'Waived' }, max: 100000, default: 0, total: true, width: 80 },
    { key: 'paid', type: 'money', title: { 'zh-CN': '实收', en: 'Paid' }, max: 100000, default: 0, total: true, width: 90 },
    { key: 'refunded', type: 'money', title: { 'zh-CN': '已退费', en: 'Refunded' }, max: 100000, default: 0, total: true, width: 80 },
    { key: 'owed', type: 'money', title: { 'zh-CN': '欠费', en: 'Owed' }, max: 100000, default: 0, total: true, query: 'range', sortable: true, width: 90 },
    { key: 'dueDate', type: 'date', title: { 'zh-CN': '截止日期', en: 'Due by' }, required: true, sortable: true, width: 100 },
    { key: 'payStatus', type: 'dict', dict: 'bill_pay_status', title: { 'zh-CN': '缴费状态', en: 'Status' }, default: '0', query: 'eq', width: 80 },
    { key: 'waiveStatus', type: 'dict', dict: 'waive_status', title: { 'zh-CN': '减免审核', en: 'Waiver' }, default: '0', query: 'eq', width: 80 },
    { key: 'waiveRequest', type: 'money', title: { 'zh-CN': '申请减免', en: 'Waiver asked' }, max: 100000, default: 0, list: false },
    { key: 'waiveReason', type: 'text', title: { 'zh-CN': '减免原因', en: 'Why waived' }, max: 200, width: 140 },
    { key: 'waiveBy', type: 'text', title: { 'zh-CN': '减免申请人', en: 'Waiver asked by' }, max: 50, list: false },
    { key: 'waiveTime', type: 'datetime', title: { 'zh-CN': '减免申请时间', en: 'Waiver asked at' }, list: false },
    { key: 'waiveAuditBy', type: 'text', title: { 'zh-CN': '减免审核人', en: 'Waiver audited by' }, max: 50, list: false },
    { key: 'waiveAuditTime', type: 'datetime', title: { 'zh-CN': '减免审核时间', en: 'Waiver audited at' }, list: false },
    { key: 'lastPayWay', type: 'dict', dict: 'pay_way', title: { 'zh-CN': '最近缴费方式', en: 'Paid by' }, width: 100 },
    { key: 'lastPayTime', type: 'datetime', title: { 'zh-CN': '最近缴费时间', en: 'Last paid' }, sortable: true, width: 160 },
    { key: 'receiptNo', type: 'text', title: { 'zh-CN': '票据号', en: 'Receipt no.' }, max: 30, query: 'like', width: 130 },
    { key: 'remindCount', type: 'number', title: { 'zh-CN': '催缴次数', en: 'Reminders' }, default: 0, width: 80 },
    { key: 'lastRemindTime', type: 'datetime', title: { 'zh-CN': '最近催缴', en: 'Last reminded' }, list: false },
  ],
  form: { width: 720, columns: 2 },
  defaultSort: { field: 'billNo', order: 'desc' },
  flow: {
    status: ['payStatus', 'waiveStatus'],
    overdue: BILL_OVERDUE,
    actions: [...billWaiveActions(TUITION_WORDS, ['billNo', 'memberId', 'feeType', 'due', 'owed']), ...billPayActions(TUITION_WORDS), ...billDueActions(TUITION_WORDS)],
  },
};
