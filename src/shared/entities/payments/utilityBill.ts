import type { FieldValuesOf } from '../../engine/flow';
import type { EntitySpec, FieldSpec } from '../../engine/spec';
import { BILL_OVERDUE, billDueActions, billLateFeeAction, billPayActions, billWaiveActions, OWED_STATES, type BillWords } from './billActions';
import { LEDGER_CAP_YUAN } from '../../money';

type Kind = 'water' | 'electric';

/** Each kind's words: its noun (水费), screen and unit (吨, 度). */
export const UTILITY_WORDS: Record<Kind, { noun: { 'zh-CN': string; en: string }; screen: { 'zh-CN': string; en: string }; unit: { 'zh-CN': string; en: string }; pinyin: string }> = {
  water: { noun: { 'zh-CN': '水费', en: 'Water' }, screen: { 'zh-CN': '水费缴纳', en: 'Water bills' }, unit: { 'zh-CN': '吨', en: 't' }, pinyin: 'shuifei' },
  electric: { noun: { 'zh-CN': '电费', en: 'Electricity' }, screen: { 'zh-CN': '电费缴纳', en: 'Electricity bills' }, unit: { 'zh-CN': '度', en: 'kWh' }, pinyin: 'dianfei' },
};

/** 生成账单's prices: water one price a ton; electricity three tiers (阶梯电价), each from its usage. */
const DUE_DATE = { key: 'dueDate', type: 'date', title: { 'zh-CN': '缴费截止日期', en: 'Due by' }, required: true } as const satisfies FieldSpec;
const WATER_PRICE_INPUTS = [
  { key: 'price1', type: 'money', title: { 'zh-CN': '单价（元/吨）', en: 'Price a ton' }, required: true, min: 0.01, max: 100 },
  DUE_DATE,
] as const satisfies readonly FieldSpec[];
const ELECTRIC_PRICE_INPUTS = [
  { key: 'price1', type: 'money', title: { 'zh-CN': '第一档单价（元/度）', en: 'Tier 1 price a kWh' }, required: true, min: 0.01, max: 100 },
  { key: 'from2', type: 'number', title: { 'zh-CN': '第二档起点（度）', en: 'Tier 2 from (kWh)' }, min: 1, max: 100000 },
  { key: 'price2', type: 'money', title: { 'zh-CN': '第二档单价（元/度）', en: 'Tier 2 price a kWh' }, min: 0.01, max: 100 },
  { key: 'from3', type: 'number', title: { 'zh-CN': '第三档起点（度）', en: 'Tier 3 from (kWh)' }, min: 1, max: 100000 },
  { key: 'price3', type: 'money', title: { 'zh-CN': '第三档单价（元/度）', en: 'Tier 3 price a kWh' }, min: 0.01, max: 100 },
  DUE_DATE,
] as const satisfies readonly FieldSpec[];

/** What 生成账单's server function receives: water's one price, or electricity's tiers. */
export type GenerateInput = FieldValuesOf<typeof WATER_PRICE_INPUTS> & Partial<FieldValuesOf<typeof ELECTRIC_PRICE_INPUTS>>;

function priceInputs(kind: Kind): readonly FieldSpec[] {
  return kind === 'water' ? WATER_PRICE_INPUTS : ELECTRIC_PRICE_INPUTS;
}

/**
 * 水费缴纳 and 电费缴纳 (DOMAIN.md §7): one table, a screen each. A meter's reading of a month is
 * entered or imported (the previous reading taken from last month's when left blank); 生成账单 prices
 * the selected readings (electricity by tiers) with a due date; the bill is then waived in part or
 * whole (asked by one person, audited by another), paid at the counter
 * (线下收款登记) or from the payer's card through the ledger (BILL_PAY, once per key), refunded to the
 * card within what it paid, reminded by text, and charged a late fee once overdue. Every payment is
 * in 缴费记录.
 */
export function utilityBillSpec(kind: Kind): EntitySpec {
  const words = UTILITY_WORDS[kind];
  const unit = words.unit;
  const prefix = kind === 'water' ? 'waterBill' : 'electricBill';
  const keywords = (...more: string[]) => [kind, 'utility', words.pinyin, ...more];
  const bill: BillWords = {
    keywords: keywords(),
    api: `/pay/${kind}`,
    open: { billStatus: ['1'], payStatus: OWED_STATES },
    max: LEDGER_CAP_YUAN,
    showPay: ['billNo', 'building', 'room', 'memberId', 'due', 'paid', 'owed'],
    showRefund: ['billNo', 'building', 'room', 'paid', 'refunded'],
    cardConfirm: { 'zh-CN': '从缴费人卡内的现金余额扣款缴费。请再次输入金额确认。', en: "Paid from the payer's card cash. Type the amount again." },
    refundConfirm: {
      'zh-CN': '退回缴费人卡内的现金余额，不超过从卡余额缴纳的金额。请再次输入金额确认。',
      en: "Paid back into the payer's card cash, never more than was paid from it. Type the amount again.",
    },
    remindConfirm: { 'zh-CN': '向缴费人发送催缴短信。', en: 'Texts the payer a reminder.' },
  };
  return {
    id: `payments.${prefix}`,
    title: { 'zh-CN': `${words.noun['zh-CN']}账单`, en: `${words.noun.en} bill` },
    api: `/pay/${kind}`,
    table: 'pay_utility_bill',
    permissionPrefix: prefix,
    screen: { path: `/payments/${kind}`, component: kind === 'water' ? 'payments/WaterBillList' : 'payments/ElectricBillList', title: words.screen },
    operations: ['add', 'edit', 'delete', 'import', 'export'],
    tenantScoped: true,
    // A reading is the room's: what an import names, and a list's label.
    labelField: 'room',
    fields: [
      { key: 'billNo', type: 'text', title: { 'zh-CN': '账单号', en: 'Bill no.' }, required: true, max: 20, form: false, query: 'like', sortable: true, width: 150 },
      { key: 'building', type: 'text', title: { 'zh-CN': '楼栋', en: 'Building' }, required: true, max: 30, query: 'like', width: 90 },
      { key: 'room', type: 'text', title: { 'zh-CN': '房号/宿舍', en: 'Room' }, required: true, max: 30, query: 'like', width: 90 },
      { key: 'meterNo', type: 'text', title: { 'zh-CN': '表号', en: 'Meter no.' }, max: 30, width: 100 },
      { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '缴费人', en: 'Payer' }, required: true, query: 'eq', width: 90 },
      { key: 'period', type: 'text', title: { 'zh-CN': '账期', en: 'Month' }, required: true, max: 7, preset: 'ym', query: 'eq', sortable: true, width: 80 },
      { key: 'prevReading', type: 'quantity', title: { 'zh-CN': `上期读数（${unit['zh-CN']}）`, en: `Last reading (${unit.en})` }, max: 10000000, width: 100 },
      { key: 'currReading', type: 'quantity', title: { 'zh-CN': `本期读数（${unit['zh-CN']}）`, en: `Reading (${unit.en})` }, required: true, max: 10000000, width: 100 },
      { key: 'usage', type: 'quantity', title: { 'zh-CN': `用量（${unit['zh-CN']}）`, en: `Usage (${unit.en})` }, max: 10000000, default: 0, form: false, width: 90 },
      { key: 'amount', type: 'money', title: { 'zh-CN': '金额', en: 'Amount' }, max: 1000000, default: 0, form: false, total: true, width: 90 },
      // In 应收 (and the record's details): the list keeps its amounts to what a clerk acts on.
      { key: 'lateFee', type: 'money', title: { 'zh-CN': '滞纳金', en: 'Late fee' }, max: 1000000, default: 0, form: false, list: false, width: 80 },
      { key: 'due', type: 'money', title: { 'zh-CN': '应收', en: 'Due' }, max: 1000000, default: 0, form: false, total: true, width: 90 },
      { key: 'waive', type: 'money', title: { 'zh-CN': '减免', en: 'Waived' }, max: 1000000, default: 0, form: false, total: true, width: 80 },
      { key: 'paid', type: 'money', title: { 'zh-CN': '实收', en: 'Paid' }, max: 1000000, default: 0, form: false, total: true, width: 90 },
      { key: 'refunded', type: 'money', title: { 'zh-CN': '已退费', en: 'Refunded' }, max: 1000000, default: 0, form: false, list: false },
      { key: 'owed', type: 'money', title: { 'zh-CN': '欠费', en: 'Owed' }, max: 1000000, default: 0, form: false, total: true, width: 90 },
      { key: 'dueDate', type: 'date', title: { 'zh-CN': '截止日期', en: 'Due by' }, form: false, sortable: true, width: 100 },
      { key: 'billStatus', type: 'dict', dict: 'utility_bill_status', title: { 'zh-CN': '出账状态', en: 'Billed' }, default: '0', form: false, query: 'eq', width: 80 },
      { key: 'payStatus', type: 'dict', dict: 'bill_pay_status', title: { 'zh-CN': '缴费状态', en: 'Status' }, default: '0', form: false, query: 'eq', width: 80 },
      { key: 'waiveStatus', type: 'dict', dict: 'waive_status', title: { 'zh-CN': '减免审核', en: 'Waiver' }, default: '0', form: false, query: 'eq', width: 80 },
      { key: 'waiveRequest', type: 'money', title: { 'zh-CN': '申请减免', en: 'Waiver asked' }, max: 1000000, default: 0, form: false, list: false },
      { key: 'waiveReason', type: 'text', title: { 'zh-CN': '减免原因', en: 'Why waived' }, max: 200, form: false, list: false, width: 140 },
      { key: 'waiveBy', type: 'text', title: { 'zh-CN': '减免申请人', en: 'Waiver asked by' }, max: 50, form: false, list: false },
      { key: 'waiveTime', type: 'datetime', title: { 'zh-CN': '减免申请时间', en: 'Waiver asked at' }, form: false, list: false },
      { key: 'waiveAuditBy', type: 'text', title: { 'zh-CN': '减免审核人', en: 'Waiver audited by' }, max: 50, form: false, list: false },
      { key: 'waiveAuditTime', type: 'datetime', title: { 'zh-CN': '减免审核时间', en: 'Waiver audited at' }, form: false, list: false },
      { key: 'priceNote', type: 'text', title: { 'zh-CN': '计价', en: 'Priced' }, max: 200, form: false, width: 160 },
      { key: 'readBy', type: 'text', title: { 'zh-CN': '抄表人', en: 'Read by' }, max: 50, form: false, width: 80 },
      { key: 'readTime', type: 'datetime', title: { 'zh-CN': '抄表时间', en: 'Read at' }, form: false, list: false },
      { key: 'lastPayWay', type: 'dict', dict: 'pay_way', title: { 'zh-CN': '最近缴费方式', en: 'Paid by' }, form: false, list: false },
      { key: 'lastPayTime', type: 'datetime', title: { 'zh-CN': '最近缴费时间', en: 'Last paid' }, form: false, width: 160 },
      { key: 'receiptNo', type: 'text', title: { 'zh-CN': '票据号', en: 'Receipt no.' }, max: 30, form: false, list: false },
      { key: 'remindCount', type: 'number', title: { 'zh-CN': '催缴次数', en: 'Reminders' }, default: 0, form: false, width: 80 },
      { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remark' }, max: 200, list: false },
    ],
    form: { width: 720, columns: 2 },
    defaultSort: { field: 'billNo', order: 'desc' },
    flow: {
      status: ['billStatus', 'payStatus', 'waiveStatus'],
      overdue: BILL_OVERDUE,
      editable: { billStatus: ['0'] },
      actions: [
        {
          id: 'generate',
          title: { 'zh-CN': '生成账单', en: 'Make the bills' },
          from: { billStatus: ['0'] },
          to: { billStatus: '1' },
          many: true,
          stamps: { by: 'billBy', at: 'billTime' },
          // With no reading selected: every unbilled reading of the month asked for.
          byInput: 'period',
          input: [{ key: 'period', type: 'text', preset: 'ym', title: { 'zh-CN': '账期', en: 'Month' }, max: 7 }, ...priceInputs(kind)],
          confirm: {
            'zh-CN':
              kind === 'water'
                ? '按用量 × 单价为所选抄表（未选择时为该账期全部未出账的抄表）生成账单，生成后抄表数据不能再修改。'
                : '按阶梯电价（各档用量 × 该档单价）为所选抄表（未选择时为该账期全部未出账的抄表）生成账单，生成后抄表数据不能再修改。',
            en:
              kind === 'water'
                ? 'Bills the usage at the price, for the readings selected (none: every unbilled reading of the month); the readings cannot change afterwards.'
                : 'Bills the usage by tiers, for the readings selected (none: every unbilled reading of the month); the readings cannot change afterwards.',
          },
          done: { 'zh-CN': '账单已生成', en: 'Bills made' },
          effect: true,
          icon: 'receipt',
          keywords: keywords('generate', 'bill', 'shengcheng', 'zhangdan'),
          toolbar: true,
        },
        ...billWaiveActions(bill, ['billNo', 'building', 'room', 'period', 'memberId', 'due', 'owed']),
        ...billPayActions(bill),
        billLateFeeAction(bill, ['billNo', 'building', 'room', 'dueDate', 'due', 'owed']),
        ...billDueActions(bill),
      ],
    },
  };
}

export const waterBill = utilityBillSpec('water');
export const electricBill = utilityBillSpec('electric');
