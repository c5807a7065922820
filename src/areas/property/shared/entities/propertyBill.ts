import type { EntitySpec } from '@shared/engine/spec';
import { BILL_OVERDUE, billDueActions, billLateFeeAction, billPayActions, billWaiveActions, OWED_STATES, type BillWords } from '@shared/entities/payments/billActions';
import { LEDGER_CAP_YUAN } from '@shared/money';

/** 物业费's words in the actions every bill shares. */
const PROPERTY_WORDS: BillWords = {
  keywords: ['property', 'wuyefei'],
  api: '/pay/property',
  open: { payStatus: OWED_STATES },
  max: LEDGER_CAP_YUAN,
  showPay: ['billNo', 'houseId', 'ownerId', 'periodFrom', 'periodTo', 'due', 'paid', 'owed'],
  showRefund: ['billNo', 'houseId', 'ownerId', 'paid', 'refunded'],
  cardConfirm: { 'zh-CN': '从业主（教职工）卡内的现金余额扣款缴费。请再次输入金额确认。', en: "Paid from the owner's staff card cash. Type the amount again." },
  refundConfirm: {
    'zh-CN': '退回业主卡内的现金余额，不超过从卡余额缴纳的金额。请再次输入金额确认。',
    en: "Paid back into the owner's card cash, never more than was paid from it. Type the amount again.",
  },
  remindConfirm: { 'zh-CN': '向业主发送催缴短信。', en: 'Texts the owner a reminder.' },
};

/**
 * 物业费缴纳 (DOMAIN.md §7): a house's property fee for whole months — its floor area × the price a
 * ㎡ and month × the months, both taken from 房屋管理 when billed — made one by one (新增) or for many
 * houses at once (批量生成, or 生成物业费 on 房屋管理), never twice for a month. 减免 is asked by one
 * person and audited by another; paid at the counter or from the owner's staff card through the
 * ledger (BILL_PAY), refunded within what the card paid, reminded by text, a late fee once overdue.
 */
export const propertyBill: EntitySpec = {
  id: 'payments.propertyBill',
  title: { 'zh-CN': '物业费账单', en: 'Property fee bill' },
  api: '/pay/property',
  table: 'pay_property_bill',
  permissionPrefix: 'propertyBill',
  screen: { path: '/payments/property', component: 'payments/PropertyFeeList', title: { 'zh-CN': '物业费缴纳', en: 'Property fees' } },
  operations: ['add', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'billNo',
  fields: [
    { key: 'billNo', type: 'text', title: { 'zh-CN': '账单号', en: 'Bill no.' }, required: true, max: 20, form: false, query: 'like', sortable: true, width: 150 },
    {
      key: 'houseId',
      type: 'ref',
      ref: 'property.house',
      popup: { code: 'house_pick', orgFields: 'id', destFields: 'houseId' },
      title: { 'zh-CN': '房屋', en: 'House' },
      required: true,
      query: 'eq',
      width: 140,
    },
    { key: 'building', type: 'text', title: { 'zh-CN': '楼栋', en: 'Building' }, required: true, max: 30, form: false, query: 'like', width: 80 },
    { key: 'ownerId', type: 'ref', ref: 'members.owner', title: { 'zh-CN': '业主', en: 'Owner' }, form: false, query: 'eq', width: 80 },
    { key: 'periodFrom', type: 'text', preset: 'ym', title: { 'zh-CN': '计费起', en: 'From' }, required: true, max: 7, query: 'eq', sortable: true, width: 80 },
    { key: 'periodTo', type: 'text', preset: 'ym', title: { 'zh-CN': '计费止', en: 'To' }, required: true, max: 7, width: 80 },
    { key: 'months', type: 'number', title: { 'zh-CN': '月数', en: 'Months' }, max: 120, default: 0, form: false, width: 60 },
    { key: 'area', type: 'quantity', title: { 'zh-CN': '面积（㎡）', en: 'Area (㎡)' }, required: true, max: 100000, form: false, width: 90 },
    { key: 'price', type: 'money', title: { 'zh-CN': '单价（元/㎡·月）', en: 'Price (¥/㎡·month)' }, max: 100, default: 0, form: false, width: 110 },
    { key: 'amount', type: 'money', title: { 'zh-CN': '金额', en: 'Amount' }, max: 1000000, default: 0, form: false, total: true, width: 90 },
    { key: 'waive', type: 'money', title: { 'zh-CN': '减免', en: 'Waived' }, max: 1000000, default: 0, form: false, total: true, width: 80 },
    { key: 'lateFee', type: 'money', title: { 'zh-CN': '滞纳金', en: 'Late fee' }, max: 1000000, default: 0, form: false, width: 80 },
    { key: 'due', type: 'money', title: { 'zh-CN': '应收', en: 'Due' }, max: 1000000, default: 0, form: false, total: true, width: 90 },
    { key: 'paid', type: 'money', title: { 'zh-CN': '实收', en: 'Paid' }, max: 1000000, default: 0, form: false, total: true, width: 90 },
    { key: 'refunded', type: 'money', title: { 'zh-CN': '已退费', en: 'Refunded' }, max: 1000000, default: 0, form: false, list: false },
    { key: 'owed', type: 'money', title: { 'zh-CN': '欠费', en: 'Owed' }, max: 1000000, default: 0, form: false, total: true, query: 'range', sortable: true, width: 90 },
    { key: 'dueDate', type: 'date', title: { 'zh-CN': '截止日期', en: 'Due by' }, required: true, sortable: true, width: 100 },
    { key: 'payStatus', type: 'dict', dict: 'bill_pay_status', title: { 'zh-CN': '缴费状态', en: 'Status' }, default: '0', form: false, query: 'eq', width: 80 },
    { key: 'waiveStatus', type: 'dict', dict: 'waive_status', title: { 'zh-CN': '减免审核', en: 'Waiver' }, default: '0', form: false, query: 'eq', width: 80 },
    { key: 'waiveRequest', type: 'money', title: { 'zh-CN': '申请减免', en: 'Waiver asked' }, max: 1000000, default: 0, form: false, list: false },
    { key: 'waiveReason', type: 'text', title: { 'zh-CN': '减免原因', en: 'Why waived' }, max: 200, form: false, width: 140 },
    { key: 'waiveBy', type: 'text', title: { 'zh-CN': '减免申请人', en: 'Waiver asked by' }, max: 50, form: false, list: false },
    { key: 'waiveTime', type: 'datetime', title: { 'zh-CN': '减免申请时间', en: 'Waiver asked at' }, form: false, list: false },
    { key: 'waiveAuditBy', type: 'text', title: { 'zh-CN': '减免审核人', en: 'Waiver audited by' }, max: 50, form: false, list: false },
    { key: 'waiveAuditTime', type: 'datetime', title: { 'zh-CN': '减免审核时间', en: 'Waiver audited at' }, form: false, list: false },
    { key: 'lastPayWay', type: 'dict', dict: 'pay_way', title: { 'zh-CN': '最近缴费方式', en: 'Paid by' }, form: false, list: false },
    { key: 'lastPayTime', type: 'datetime', title: { 'zh-CN': '最近缴费时间', en: 'Last paid' }, form: false, width: 160 },
    { key: 'receiptNo', type: 'text', title: { 'zh-CN': '票据号', en: 'Receipt no.' }, max: 30, form: false, list: false },
    { key: 'remindCount', type: 'number', title: { 'zh-CN': '催缴次数', en: 'Reminders' }, default: 0, form: false, width: 80 },
    { key: 'lastRemindTime', type: 'datetime', title: { 'zh-CN': '最近催缴', en: 'Last reminded' }, form: false, list: false },
    { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remark' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 640, columns: 2 },
  defaultSort: { field: 'billNo', order: 'desc' },
  flow: {
    status: ['payStatus', 'waiveStatus'],
    overdue: BILL_OVERDUE,
    // Deleted only while nothing was paid or waived (a mistaken bill).
    editable: { payStatus: ['0'], waiveStatus: ['0', '3'] },
    actions: [
      ...billWaiveActions(PROPERTY_WORDS, ['billNo', 'houseId', 'ownerId', 'due', 'owed']),
      ...billPayActions(PROPERTY_WORDS),
      billLateFeeAction(PROPERTY_WORDS, ['billNo', 'houseId', 'dueDate', 'due', 'owed']),
      ...billDueActions(PROPERTY_WORDS),
    ],
  },
};
