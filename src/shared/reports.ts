/**
 * 统计报表's vocabulary (DOMAIN.md §8), shared by the server (which sums) and the screen and the
 * workbook (which show): the 资金收支 columns, which member-wallet ledger lines each one takes, and the
 * identity a report proves: 期末 = 期初 + 收入 − 支出, the difference (校验差额) always 0.
 */

export type Wallet = 'CASH' | 'SUBSIDY' | 'GIFT' | 'DEPOSIT';

/** Every kind of ledger posting (dictionary txn_type): each must have its 资金收支 columns (a test insists). */
export const TXN_TYPES = [
  'OPEN',
  'RECHARGE',
  'RECHARGE_REVERSAL',
  'CONSUME',
  'CONSUME_REFUND',
  'CARD_REPLACE',
  'CARD_CHANGE',
  'CARD_RETURN',
  'CARD_REPLACE_REVERSAL',
  'CLOSE',
  'ADJUST',
  'PENDING_PAYOUT',
  'PENDING_CREDIT',
  'MEAL_REFUND',
  'SUBSIDY_ISSUE',
  'SUBSIDY_CLEAR',
  'SUBSIDY_REVERSAL',
  'GRADUATE',
  'BILL_PAY',
  'BILL_REFUND',
  'SHOP_SETTLE',
  'GIFT',
  'GIFT_REVERSAL',
] as const;
export type TxnType = (typeof TXN_TYPES)[number];
/** Postings between inner accounts only (a shop's settlement out of 2004): no member wallet moves, no 资金收支 column. */
export const INNER_TXN_TYPES: ReadonlySet<TxnType> = new Set(['SHOP_SETTLE']);
export const WALLETS: readonly Wallet[] = ['CASH', 'SUBSIDY', 'GIFT', 'DEPOSIT'];

export type FundColumn =
  | 'rechargeCash'
  | 'rechargeWechat'
  | 'rechargeAlipay'
  | 'rechargeBank'
  | 'rechargeOther'
  | 'subsidyIssue'
  | 'giftIn'
  | 'refundIn'
  | 'depositIn'
  | 'adjust'
  | 'rechargeReversal'
  | 'consume'
  | 'billPay'
  | 'withdraw'
  | 'subsidyClear'
  | 'writeOff'
  | 'depositOut'
  | 'cardFee';

interface ColumnSpec {
  key: FundColumn;
  title: { 'zh-CN': string; en: string };
  /** In: what raises the wallets (credits less debits); out: what lowers them (debits less credits). */
  side: 'in' | 'out';
}

export const FUND_COLUMNS: readonly ColumnSpec[] = [
  { key: 'rechargeCash', title: { 'zh-CN': '现金充值', en: 'Cash recharges' }, side: 'in' },
  { key: 'rechargeWechat', title: { 'zh-CN': '微信充值', en: 'WeChat recharges' }, side: 'in' },
  { key: 'rechargeAlipay', title: { 'zh-CN': '支付宝充值', en: 'Alipay recharges' }, side: 'in' },
  { key: 'rechargeBank', title: { 'zh-CN': '银行充值', en: 'Bank recharges' }, side: 'in' },
  { key: 'rechargeOther', title: { 'zh-CN': '其他充值', en: 'Other recharges' }, side: 'in' },
  { key: 'subsidyIssue', title: { 'zh-CN': '补助发放', en: 'Subsidies issued' }, side: 'in' },
  { key: 'giftIn', title: { 'zh-CN': '活动赠送', en: 'Gifts' }, side: 'in' },
  { key: 'refundIn', title: { 'zh-CN': '退款入账', en: 'Refunds in' }, side: 'in' },
  { key: 'depositIn', title: { 'zh-CN': '押金收取', en: 'Deposits taken' }, side: 'in' },
  { key: 'adjust', title: { 'zh-CN': '手工调账', en: 'Adjustments' }, side: 'in' },
  { key: 'rechargeReversal', title: { 'zh-CN': '充值冲正', en: 'Recharge reversals' }, side: 'out' },
  { key: 'consume', title: { 'zh-CN': '消费', en: 'Spending' }, side: 'out' },
  { key: 'billPay', title: { 'zh-CN': '缴费支付', en: 'Bills paid' }, side: 'out' },
  { key: 'withdraw', title: { 'zh-CN': '取款/销户退款', en: 'Withdrawals' }, side: 'out' },
  { key: 'subsidyClear', title: { 'zh-CN': '补助清零', en: 'Subsidies cleared' }, side: 'out' },
  { key: 'writeOff', title: { 'zh-CN': '转营业外收入', en: 'Written off' }, side: 'out' },
  { key: 'depositOut', title: { 'zh-CN': '押金退还/转收入', en: 'Deposits returned' }, side: 'out' },
  { key: 'cardFee', title: { 'zh-CN': '补卡费/成本费', en: 'Card fees' }, side: 'out' },
];

const SIDE = new Map(FUND_COLUMNS.map((column) => [column.key, column.side]));

const RECHARGE_COLUMN: Readonly<Record<string, FundColumn>> = { cash: 'rechargeCash', wechat: 'rechargeWechat', alipay: 'rechargeAlipay', bank: 'rechargeBank' };

/**
 * The 资金收支 column a member-wallet line goes to, by the posting's kind, channel, wallet and side; null
 * when no column takes it — then the day's 校验差额 shows it (a kind of posting the report forgot).
 */
export function fundColumnOf(txnType: string, channel: string | null, wallet: string, dc: 'D' | 'C'): FundColumn | null {
  // Deposits are their own wallet whatever the posting: taken or given back.
  if (wallet === 'DEPOSIT') return dc === 'C' ? 'depositIn' : 'depositOut';
  switch (txnType) {
    case 'OPEN':
    case 'RECHARGE':
      return dc === 'C' ? (RECHARGE_COLUMN[channel ?? 'cash'] ?? 'rechargeOther') : null;
    case 'RECHARGE_REVERSAL':
      return 'rechargeReversal';
    case 'CONSUME':
      // A meal allowance kept in the subsidy wallet comes back in the same posting: the spending is net.
      return 'consume';
    case 'CONSUME_REFUND':
    case 'MEAL_REFUND':
    case 'PENDING_CREDIT':
      return 'refundIn';
    case 'SUBSIDY_ISSUE':
      return 'subsidyIssue';
    case 'SUBSIDY_CLEAR':
    case 'SUBSIDY_REVERSAL':
      return 'subsidyClear';
    case 'GIFT':
    case 'GIFT_REVERSAL':
      // A gift taken back (撤回, expired) counts against the gifts.
      return 'giftIn';
    case 'ADJUST':
      return 'adjust';
    case 'BILL_PAY':
    case 'BILL_REFUND':
      return 'billPay';
    case 'CARD_REPLACE':
    case 'CARD_CHANGE':
    case 'CARD_REPLACE_REVERSAL':
      return 'cardFee';
    case 'CLOSE':
    case 'CARD_RETURN':
    case 'PENDING_PAYOUT':
    case 'GRADUATE':
    case 'WITHDRAW':
      // Leaving: meal orders cancelled in the same posting pay back in; the subsidy goes back to its
      // fund, the gift to other income, the cash out to its owner.
      if (dc === 'C') return 'refundIn';
      return wallet === 'SUBSIDY' ? 'subsidyClear' : wallet === 'GIFT' ? 'writeOff' : 'withdraw';
    case 'WRITE_OFF':
      return 'writeOff';
    default:
      return null;
  }
}

/** How a line moves its column: + for the column's own direction, − against it. */
export function signedForColumn(column: FundColumn, dc: 'D' | 'C', amount: number): number {
  return (SIDE.get(column) === 'in') === (dc === 'C') ? amount : -amount;
}

/** One 资金收支 row: opening, every column, closing and the check. Cents. */
export type FundRow = { opening: number; closing: number; check: number } & Record<FundColumn, number>;

export const emptyFundRow = (): FundRow => ({ opening: 0, closing: 0, check: 0, ...(Object.fromEntries(FUND_COLUMNS.map((column) => [column.key, 0])) as Record<FundColumn, number>) });

/** 收入 and 支出 of a row, and its 校验差额 = 期初 + 收入 − 支出 − 期末 (0 when every line was counted). */
export function fundTotals(row: FundRow): { income: number; outgo: number; check: number } {
  let income = 0;
  let outgo = 0;
  for (const column of FUND_COLUMNS) {
    if (column.side === 'in') income += row[column.key];
    else outgo += row[column.key];
  }
  return { income, outgo, check: row.opening + income - outgo - row.closing };
}

/** The report's three shapes: a day (rows are wallets), a month (rows are days), a year (rows are months). */
export type ReportKind = 'daily' | 'monthly' | 'yearly';

export const REPORT_TABS = ['fund', 'dept', 'business', 'consumers', 'dining', 'operators', 'stock'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** Percent change from `before` to `now`, one decimal; null when there is nothing to compare with. */
export function changeRate(now: number, before: number | null | undefined): number | null {
  if (before === null || before === undefined || before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
}

/** A 资金收支 line as shown: its label (a wallet, a day or a month) and its sums; `rate` is 消费 环比 or 同比 in percent. */
export type FundLine = FundRow & { key: string; income: number; outgo: number; late: number; rate: number | null };

/** 部门收支: end = begin + subsidy + recharge + otherIn − consume − refund − otherOut + moved (people who changed class). */
export interface DeptLine {
  deptId: string | null;
  dept: string;
  opening: number;
  subsidy: number;
  recharge: number;
  otherIn: number;
  consume: number;
  refund: number;
  otherOut: number;
  moved: number;
  closing: number;
}

/** 营业汇总: a store's takings in a meal (a canteen's subtotal has no store; the total neither). */
export interface BusinessLine {
  level: 'store' | 'canteen' | 'total';
  canteen: string;
  store: string;
  mealType: string | null;
  payments: number;
  amount: number;
  cash: number;
  subsidy: number;
  allowance: number;
  refunded: number;
  takings: number;
  perPayment: number;
  commission: number;
  payable: number;
}

/** 人员类型/部门消费: people (each a day), payments and what their wallets paid, by type or department and meal. */
export interface ConsumerLine {
  by: 'type' | 'dept';
  group: string;
  mealType: string | null;
  diners: number;
  payments: number;
  amount: number;
  perDiner: number;
}

/** 就餐人次 of a day, canteen and meal. */
export interface DiningLine {
  date: string;
  canteen: string;
  mealType: string;
  ordered: number;
  served: number;
  servedOrdered: number;
  orderedNotServed: number;
  servedWithoutOrder: number;
  stopped: number;
  rate: number | null;
}

/** 充值/操作员日报: an operator's counter work and the cash they hand over. */
export interface OperatorLine {
  operator: string;
  recharges: number;
  rechargeCash: number;
  rechargeOther: number;
  reversals: number;
  reversed: number;
  otherCashIn: number;
  cashOut: number;
  cashDue: number;
}

/** 食材进销存 of an ingredient: quantities in thousandths of its unit, amounts in cents. */
export interface StockLine {
  ingredient: string;
  unit: string;
  openingQty: number;
  opening: number;
  inQty: number;
  in: number;
  outQty: number;
  out: number;
  returnQty: number;
  returned: number;
  adjustQty: number;
  adjusted: number;
  closingQty: number;
  closing: number;
}

export interface ReportAnswer {
  kind: ReportKind;
  from: string;
  to: string;
  /** Days of the range closed by 日终结算, and the first day shown live (summed now), if any. */
  closedDays: number;
  days: number;
  liveFrom: string | null;
  lastClosedAt: string | null;
  fund: FundLine[];
  fundTotal: FundLine;
  dept: DeptLine[];
  business: BusinessLine[];
  consumers: ConsumerLine[];
  dining: DiningLine[];
  operators: OperatorLine[];
  stock: StockLine[];
  charts: {
    trend: { label: string; consume: number; recharge: number }[];
    meals: { mealType: string; amount: number }[];
    channels: { channel: string; amount: number }[];
  };
}
