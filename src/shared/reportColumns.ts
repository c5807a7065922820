import { FUND_COLUMNS, type ReportKind, type ReportTab } from './reports';

/**
 * The columns of each 统计报表 tab, for the screen and for the workbook alike: what a finance officer
 * exports is what they saw. `money` is cents shown as yuan, `qty` thousandths of a unit, `rate` a
 * percent, `dict` a dictionary's text, `choice` one of its options.
 */
export interface ReportColumn {
  key: string;
  title: { 'zh-CN': string; en: string };
  kind: 'text' | 'money' | 'count' | 'qty' | 'rate' | 'dict' | 'choice';
  dict?: string;
  /** A `choice` column's values in words. */
  options?: Record<string, { 'zh-CN': string; en: string }>;
  width?: number;
}

const t = (zh: string, en: string) => ({ 'zh-CN': zh, en });

export const TAB_TITLES: Record<ReportTab, { 'zh-CN': string; en: string }> = {
  fund: t('资金收支', 'Funds'),
  dept: t('部门收支', 'By department'),
  business: t('营业汇总', 'Takings'),
  consumers: t('人员类型/部门消费', 'Spending by group'),
  dining: t('就餐人次', 'Meals served'),
  operators: t('充值/操作员日报', 'Counter and operators'),
  stock: t('食材进销存', 'Ingredient stock'),
};

export const REPORT_TITLES: Record<ReportKind, { 'zh-CN': string; en: string }> = {
  daily: t('日报表', 'Daily report'),
  monthly: t('月报表', 'Monthly report'),
  yearly: t('年报表', 'Yearly report'),
};

const money = (key: string, zh: string, en: string, width = 100): ReportColumn => ({ key, title: t(zh, en), kind: 'money', width });
const count = (key: string, zh: string, en: string, width = 80): ReportColumn => ({ key, title: t(zh, en), kind: 'count', width });

/** The columns of a tab; 资金收支's first column says what a row is (a wallet, a day or a month). */
export function reportColumns(tab: ReportTab, kind: ReportKind): ReportColumn[] {
  switch (tab) {
    case 'fund':
      return [
        kind === 'daily'
          ? { key: 'key', title: t('钱包', 'Wallet'), kind: 'dict', dict: 'wallet', width: 90 }
          : { key: 'key', title: kind === 'monthly' ? t('日期', 'Day') : t('月份', 'Month'), kind: 'text', width: 100 },
        money('opening', '期初余额', 'Opening', 110),
        ...FUND_COLUMNS.map((column) => money(column.key, column.title['zh-CN'], column.title.en)),
        money('income', '收入合计', 'Total in', 110),
        money('outgo', '支出合计', 'Total out', 110),
        money('closing', '期末余额', 'Closing', 110),
        money('check', '校验差额', 'Difference', 90),
        count('late', '补录笔数', 'Late lines'),
        ...(kind === 'daily'
          ? []
          : [{ key: 'rate', title: kind === 'monthly' ? t('消费环比', 'Spending vs day before') : t('消费同比', 'Spending vs last year'), kind: 'rate', width: 100 } as ReportColumn]),
      ];
    case 'dept':
      return [
        { key: 'dept', title: t('部门/班级', 'Department'), kind: 'text', width: 140 },
        money('opening', '期初', 'Opening', 110),
        money('subsidy', '补助', 'Subsidies'),
        money('recharge', '充值', 'Recharges'),
        money('otherIn', '其他收入', 'Other in'),
        money('consume', '消费', 'Spending'),
        money('refund', '退款', 'Paid out'),
        money('otherOut', '其他支出', 'Other out'),
        money('moved', '人员调动', 'Moved'),
        money('closing', '期末', 'Closing', 110),
      ];
    case 'business':
      return [
        { key: 'canteen', title: t('食堂', 'Canteen'), kind: 'text', width: 120 },
        { key: 'store', title: t('档口', 'Store'), kind: 'text', width: 120 },
        { key: 'mealType', title: t('餐次', 'Meal'), kind: 'dict', dict: 'meal_type', width: 70 },
        count('payments', '人次', 'Payments'),
        money('amount', '消费金额', 'Sales', 110),
        money('cash', '其中现金', 'Of which cash'),
        money('subsidy', '其中补助', 'Of which subsidy'),
        money('allowance', '折扣', 'Discounts'),
        money('refunded', '退款', 'Refunds'),
        money('takings', '实收', 'Takings', 110),
        money('perPayment', '人均', 'Per payment', 80),
        money('commission', '管理费', 'Commission'),
        money('payable', '应结商户', 'Due to store', 110),
      ];
    case 'consumers':
      return [
        { key: 'by', title: t('汇总方式', 'By'), kind: 'choice', options: { type: t('人员类型', 'Member type'), dept: t('部门', 'Department') }, width: 90 },
        { key: 'group', title: t('人员类型/部门', 'Group'), kind: 'text', width: 140 },
        { key: 'mealType', title: t('餐次', 'Meal'), kind: 'dict', dict: 'meal_type', width: 70 },
        // A day's diners are people; over a month or year they add up day by day (人天), not distinct people.
        kind === 'daily' ? count('diners', '人数', 'People') : count('diners', '就餐人天', 'Person-days'),
        count('payments', '人次', 'Payments'),
        money('amount', '金额', 'Amount', 110),
        kind === 'daily' ? money('perDiner', '人均', 'Per person', 80) : money('perDiner', '人天均', 'Per person-day', 80),
      ];
    case 'dining':
      return [
        { key: 'date', title: t('日期', 'Day'), kind: 'text', width: 100 },
        { key: 'canteen', title: t('食堂', 'Canteen'), kind: 'text', width: 120 },
        { key: 'mealType', title: t('餐次', 'Meal'), kind: 'dict', dict: 'meal_type', width: 70 },
        count('ordered', '报餐人数', 'Ordered'),
        count('served', '实际就餐', 'Served'),
        count('servedOrdered', '订餐就餐', 'Ordered, served', 90),
        count('orderedNotServed', '订餐未就餐', 'Ordered, not served', 100),
        count('servedWithoutOrder', '未订餐就餐', 'Served, no order', 100),
        count('stopped', '停餐/请假', 'Stopped'),
        { key: 'rate', title: t('就餐率', 'Rate'), kind: 'rate', width: 80 },
      ];
    case 'operators':
      return [
        { key: 'operator', title: t('操作员', 'Operator'), kind: 'text', width: 120 },
        count('recharges', '充值笔数', 'Recharges'),
        money('rechargeCash', '现金充值', 'Cash recharges'),
        money('rechargeOther', '其他渠道充值', 'Other recharges', 110),
        count('reversals', '冲正笔数', 'Reversals'),
        money('reversed', '冲正金额', 'Reversed'),
        money('otherCashIn', '其他现金收入', 'Other cash in', 110),
        money('cashOut', '现金支出', 'Cash out'),
        money('cashDue', '应交现金', 'Cash to hand in', 110),
      ];
    case 'stock':
      return [
        { key: 'ingredient', title: t('食材', 'Ingredient'), kind: 'text', width: 120 },
        { key: 'unit', title: t('单位', 'Unit'), kind: 'text', width: 60 },
        { key: 'openingQty', title: t('期初数量', 'Opening qty'), kind: 'qty', width: 90 },
        money('opening', '期初金额', 'Opening'),
        { key: 'inQty', title: t('入库数量', 'In qty'), kind: 'qty', width: 90 },
        money('in', '入库金额', 'In'),
        { key: 'outQty', title: t('出库数量', 'Out qty'), kind: 'qty', width: 90 },
        money('out', '出库金额', 'Out'),
        { key: 'returnQty', title: t('退货数量', 'Returned qty'), kind: 'qty', width: 90 },
        money('returned', '退货金额', 'Returned'),
        { key: 'adjustQty', title: t('盘盈亏数量', 'Stocktake qty'), kind: 'qty', width: 100 },
        money('adjusted', '盘盈亏金额', 'Stocktake'),
        { key: 'closingQty', title: t('期末数量', 'Closing qty'), kind: 'qty', width: 90 },
        money('closing', '期末金额', 'Closing'),
      ];
  }
}

/** The words around a report on paper and in its workbook: the range and unit above, the signatures below. */
export const REPORT_WORDS = {
  range: t('日期范围', 'Dates'),
  unit: t('(单位:元)', '(unit: yuan)'),
  total: t('合计', 'Total'),
  subtotal: t('小计', 'Subtotal'),
  footer: t('制表:                审核:                负责人:', 'Prepared by:                Checked by:                Approved by:'),
  printed: t('制表时间', 'Printed'),
  live: t('（含未日结数据，以日结后为准）', ' (includes days not closed yet)'),
};

/** Cents as yuan with two decimals (the report's unit: 元). */
export const yuanOf = (cents: number): string => (cents / 100).toFixed(2);
