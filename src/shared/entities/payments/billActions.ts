import type { FieldValuesOf, FlowActionSpec, OverdueState } from '../../engine/flow';
import type { FieldSpec, Titles } from '../../engine/spec';
import { LEDGER_CAP_YUAN } from '../../money';

/**
 * The actions every kind of bill shares (学费, 水费, 电费, 物业费): 减免 asked and audited by two people,
 * 线下收款登记, 卡余额缴费 and 退费 through the ledger's routes, 加收滞纳金, 延期 and 催缴 — declared once,
 * worded per kind. Each kind's server file runs them on its own table (billLedger, payAtCounter).
 */
export interface BillWords {
  /** The kind's palette words (`tuition`, `xuefei`), before each action's own. */
  keywords: readonly string[];
  /** The ledger routes' base (`/pay/tuition` → `/pay/tuition/payFromCard`). */
  api: string;
  /** The states a bill can still be paid in (per status field). */
  open: Readonly<Record<string, readonly string[]>>;
  /** The largest amount (yuan) a payment, refund or waiver may be: at most the ledger's cap (LEDGER_CAP_YUAN). */
  max: number;
  /** Fields shown in a payment's dialog, and in a refund's. */
  showPay: readonly string[];
  showRefund: readonly string[];
  /** Whose card pays, and who is texted. */
  cardConfirm: Titles;
  refundConfirm: Titles;
  remindConfirm: Titles;
}

const words = (base: BillWords, ...more: string[]) => [...base.keywords, ...more];

/** 逾期 (bill_pay_status 5): a bill still unpaid or part paid after its due date, on the school's day. */
export const BILL_OVERDUE = { field: 'payStatus', due: 'dueDate', open: ['0', '1'], state: '5' } as const satisfies OverdueState;
/** The pay states a bill is still owed in: 未缴, 部分缴费 and 逾期. */
export const OWED_STATES = ['0', '1', '5'] as const;

/** 线下收款登记's inputs: the amount (at most the kind's largest), how it was paid, the counter's receipt. */
const payOfflineInput = (max: number) =>
  [
    { key: 'amount', type: 'money', title: { 'zh-CN': '收款金额', en: 'Amount' }, required: true, min: 0.01, max },
    { key: 'payWay', type: 'dict', dict: 'offline_pay_way', title: { 'zh-CN': '收款方式', en: 'Paid by' }, required: true, default: '2' },
    { key: 'receiptNo', type: 'text', title: { 'zh-CN': '票据号', en: 'Receipt no.' }, max: 30 },
  ] as const satisfies readonly FieldSpec[];
/** What 线下收款登记's server function receives (payAtCounter). */
export type PayOfflineInput = FieldValuesOf<ReturnType<typeof payOfflineInput>>;

/** 延期's inputs, and what its server function receives (extendDue). */
const EXTEND_INPUT = [
  { key: 'newDueDate', type: 'date', title: { 'zh-CN': '新截止日期', en: 'New due date' }, required: true },
  { key: 'extendReason', type: 'text', title: { 'zh-CN': '延期原因', en: 'Why' }, required: true, max: 200 },
] as const satisfies readonly FieldSpec[];
export type ExtendInput = FieldValuesOf<typeof EXTEND_INPUT>;

/** 线下收款登记 · 卡余额缴费 · 退费. */
export function billPayActions(bill: BillWords): FlowActionSpec[] {
  return [
    {
      id: 'payOffline',
      title: { 'zh-CN': '线下收款登记', en: 'Record a counter payment' },
      from: bill.open,
      input: payOfflineInput(bill.max),
      retype: 'amount',
      show: bill.showPay,
      confirm: { 'zh-CN': '登记在柜台或银行已收的款项，不经过卡余额。请再次输入金额确认。', en: 'Records money taken at the counter or the bank, not from the card. Type the amount again.' },
      done: { 'zh-CN': '收款已登记', en: 'Payment recorded' },
      effect: true,
      icon: 'banknote',
      keywords: words(bill, 'pay', 'offline', 'counter', 'shoukuan', 'dengji'),
    },
    {
      id: 'payFromCard',
      title: { 'zh-CN': '卡余额缴费', en: 'Pay from the card' },
      from: bill.open,
      input: [{ key: 'amount', type: 'money', title: { 'zh-CN': '缴费金额', en: 'Amount' }, required: true, min: 0.01, max: bill.max }],
      retype: 'amount',
      show: bill.showPay,
      confirm: bill.cardConfirm,
      done: { 'zh-CN': '缴费成功', en: 'Paid' },
      ledger: true,
      path: `${bill.api}/payFromCard`,
      icon: 'credit-card',
      keywords: words(bill, 'pay', 'card', 'balance', 'jiaofei', 'kayue'),
    },
    {
      id: 'refund',
      title: { 'zh-CN': '退费', en: 'Refund' },
      // Paid in part or whole, or late with a part paid: never more back than the card paid (the book checks).
      from: { payStatus: ['1', '2', '5'] },
      input: [
        { key: 'amount', type: 'money', title: { 'zh-CN': '退费金额', en: 'Amount' }, required: true, min: 0.01, max: bill.max },
        { key: 'reason', type: 'text', title: { 'zh-CN': '退费原因', en: 'Why' }, required: true, max: 200 },
      ],
      retype: 'amount',
      show: bill.showRefund,
      confirm: bill.refundConfirm,
      done: { 'zh-CN': '退费成功', en: 'Refunded' },
      ledger: true,
      path: `${bill.api}/refund`,
      icon: 'undo-2',
      keywords: words(bill, 'refund', 'tuifei'),
    },
  ];
}

/** 申请减免 · 减免审核 · 驳回减免: asked by one person, audited by another (waive_status 0 → 1 → 2/3). */
export function billWaiveActions(bill: BillWords, show: readonly string[]): FlowActionSpec[] {
  return [
    {
      id: 'requestWaive',
      title: { 'zh-CN': '申请减免', en: 'Ask to waive' },
      from: { ...bill.open, waiveStatus: ['0', '3'] },
      to: { waiveStatus: '1' },
      stamps: { by: 'waiveBy', at: 'waiveTime' },
      input: [
        { key: 'waiveRequest', type: 'money', title: { 'zh-CN': '减免金额', en: 'Amount to waive' }, required: true, min: 0.01, max: bill.max },
        { key: 'waiveReason', type: 'text', title: { 'zh-CN': '减免原因', en: 'Why' }, required: true, max: 200 },
      ],
      show,
      confirm: { 'zh-CN': '减免须由另一人审核后生效。', en: 'A waiver takes effect once another person audits it.' },
      done: { 'zh-CN': '减免已提交审核', en: 'Waiver sent for audit' },
      effect: true,
      icon: 'send',
      keywords: words(bill, 'waive', 'jianmian'),
    },
    {
      id: 'approveWaive',
      title: { 'zh-CN': '减免审核', en: 'Audit a waiver' },
      from: { waiveStatus: ['1'] },
      to: { waiveStatus: '2' },
      notBy: ['waiveBy'],
      stamps: { by: 'waiveAuditBy', at: 'waiveAuditTime' },
      retype: 'waiveRequest',
      show: [...show, 'waiveRequest', 'waiveReason', 'waiveBy'],
      confirm: { 'zh-CN': '核对后再次输入减免金额，通过后欠费随之减少。', en: 'Check it and type the amount again: once approved the amount owed falls by it.' },
      done: { 'zh-CN': '减免已生效', en: 'Waiver approved' },
      effect: true,
      icon: 'shield-check',
      keywords: words(bill, 'waive', 'audit', 'jianmian', 'shenhe'),
    },
    {
      id: 'rejectWaive',
      title: { 'zh-CN': '驳回减免', en: 'Reject a waiver' },
      from: { waiveStatus: ['1'] },
      to: { waiveStatus: '3' },
      notBy: ['waiveBy'],
      stamps: { by: 'waiveAuditBy', at: 'waiveAuditTime' },
      show: [...show, 'waiveRequest', 'waiveReason', 'waiveBy'],
      confirm: { 'zh-CN': '驳回后账单不减免，可重新申请。', en: 'Nothing is waived; it may be asked again.' },
      done: { 'zh-CN': '已驳回', en: 'Rejected' },
      icon: 'x',
      keywords: words(bill, 'waive', 'reject', 'bohui'),
    },
  ];
}

/** 加收滞纳金 of an overdue bill. */
export function billLateFeeAction(bill: BillWords, show: readonly string[]): FlowActionSpec {
  return {
    id: 'lateFee',
    title: { 'zh-CN': '加收滞纳金', en: 'Charge a late fee' },
    from: bill.open,
    input: [{ key: 'lateFee', type: 'money', title: { 'zh-CN': '滞纳金', en: 'Late fee' }, required: true, min: 0.01, max: LEDGER_CAP_YUAN }],
    show,
    confirm: { 'zh-CN': '逾期未缴的账单加收滞纳金，计入应收。', en: 'An overdue bill is charged the fee, added to what is due.' },
    done: { 'zh-CN': '已加收滞纳金', en: 'Late fee charged' },
    effect: true,
    icon: 'alarm-clock',
    keywords: words(bill, 'late', 'fee', 'zhinajin'),
  };
}

/** 延期 · 催缴: what 到期账单 runs on bills of every kind. */
export function billDueActions(bill: BillWords): FlowActionSpec[] {
  return [
    {
      id: 'extend',
      title: { 'zh-CN': '延期', en: 'Extend' },
      from: bill.open,
      many: true,
      input: EXTEND_INPUT,
      confirm: { 'zh-CN': '截止日期推迟到新日期（只能推后），催缴按新日期计算。', en: 'The due date moves to the new one (only later); reminders count from it.' },
      done: { 'zh-CN': '已延期', en: 'Extended' },
      effect: true,
      icon: 'calendar-days',
      keywords: words(bill, 'extend', 'due', 'yanqi'),
    },
    {
      id: 'remind',
      title: { 'zh-CN': '催缴', en: 'Remind' },
      from: bill.open,
      many: true,
      confirm: bill.remindConfirm,
      done: { 'zh-CN': '催缴通知已发送', en: 'Reminders sent' },
      effect: true,
      icon: 'bell',
      keywords: words(bill, 'remind', 'cuijiao'),
      toolbar: true,
    },
  ];
}
