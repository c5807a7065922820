import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  changeRate,
  emptyFundRow,
  FUND_COLUMNS,
  fundColumnOf,
  fundTotals,
  signedForColumn,
  WALLETS,
  type BusinessLine,
  type ConsumerLine,
  type DeptLine,
  type DiningLine,
  type FundColumn,
  type FundLine,
  type OperatorLine,
  type ReportAnswer,
  type ReportKind,
} from '@shared/reports';
import { addDays, dateTimeIn, dayIn } from '@shared/schoolTime';
import type { Work } from '../../db/work';
import { mealCanteens, mealOrders, mealStops, mealStores, memberDepartments, memberTypes, reportDailyFunds } from '../../db/schema';
import { areaReportTab } from '../../registry/areas';
import { departmentAndBelow } from '../members/subsidies';
import { schoolZone } from '../schools/settings';
import { daysData, type DaysData } from './dayClose';
import type { BalanceAgg, ConsumeAgg, FundAgg } from './dayBuild';

/** What a report is asked for: its period and the query area's choices. */
export interface ReportQuery {
  kind: ReportKind;
  from: string;
  to: string;
  deptId?: string | undefined;
  memberTypeId?: string | undefined;
  canteenId?: string | undefined;
  storeId?: string | undefined;
  mealType?: string | undefined;
  channel?: string | undefined;
}

const RECHARGE_KEYS: readonly FundColumn[] = ['rechargeCash', 'rechargeWechat', 'rechargeAlipay', 'rechargeBank', 'rechargeOther'];

/** The period a row of the 资金收支 tab stands for: a wallet (a day's report), a day (a month's), a month (a year's). */
const periodOf = (kind: ReportKind, day: string) => (kind === 'monthly' ? day : day.slice(0, 7));

/** Adds a line's amounts to its column; false when no column takes it. */
function addLine(row: FundLine, fund: FundAgg): boolean {
  let counted = true;
  for (const dc of ['C', 'D'] as const) {
    const amount = dc === 'C' ? fund.credit : fund.debit;
    if (!amount) continue;
    const column = fundColumnOf(fund.txnType, fund.channel, fund.wallet, dc);
    if (!column) {
      counted = false;
      continue;
    }
    row[column] += signedForColumn(column, dc, amount);
  }
  if (fund.late) row.late += fund.lines;
  return counted;
}

const finish = (row: FundLine): FundLine => {
  const totals = fundTotals(row);
  return { ...row, income: totals.income, outgo: totals.outgo, check: totals.check };
};

const emptyLine = (key: string): FundLine => ({ ...emptyFundRow(), key, income: 0, outgo: 0, late: 0, rate: null });

/**
 * 资金收支: a day's rows are its wallets; a month's its days; a year's its months. Opening and closing
 * are the balances 日终结算 summed (closing from the accounts, not rolled forward), so 校验差额 is 0 only
 * when every line of the period was counted in a column.
 */
function fundTab(kind: ReportKind, days: string[], funds: FundAgg[], balances: BalanceAgg[]): { rows: FundLine[]; total: FundLine } {
  const keyOf = (day: string, wallet: string) => (kind === 'daily' ? wallet : periodOf(kind, day));
  const keys = kind === 'daily' ? [...WALLETS] : [...new Set(days.map((day) => periodOf(kind, day)))];
  const rows = new Map(keys.map((key) => [key, emptyLine(key)]));
  const total = emptyLine('total');
  const first = days[0]!;
  const last = days.at(-1)!;
  // A period opens on its first day's opening and closes on its last day's closing.
  const firstOf = new Map<string, string>();
  const lastOf = new Map<string, string>();
  for (const day of days) {
    const key = periodOf(kind, day);
    if (!firstOf.has(key)) firstOf.set(key, day);
    lastOf.set(key, day);
  }
  for (const balance of balances) {
    const row = rows.get(keyOf(balance.reportDate, balance.wallet));
    if (!row) continue;
    const period = periodOf(kind, balance.reportDate);
    if (kind === 'daily' || firstOf.get(period) === balance.reportDate) row.opening += balance.opening;
    if (kind === 'daily' || lastOf.get(period) === balance.reportDate) row.closing += balance.closing;
    if (balance.reportDate === first) total.opening += balance.opening;
    if (balance.reportDate === last) total.closing += balance.closing;
  }
  for (const fund of funds) {
    const row = rows.get(keyOf(fund.reportDate, fund.wallet));
    if (row) addLine(row, fund);
    addLine(total, fund);
  }
  const shown = [...rows.values()].map(finish);
  if (kind === 'monthly') shown.forEach((row, index) => (row.rate = changeRate(row.consume, shown[index - 1]?.consume)));
  return { rows: shown, total: finish(total) };
}

function deptTab(days: string[], funds: FundAgg[], balances: BalanceAgg[], names: Map<string, string>): DeptLine[] {
  const lines = new Map<string, DeptLine>();
  const lineOf = (deptId: string | null) => {
    const key = deptId ?? '';
    let line = lines.get(key);
    if (!line) {
      line = { deptId, dept: deptId ? (names.get(deptId) ?? deptId) : '', opening: 0, subsidy: 0, recharge: 0, otherIn: 0, consume: 0, refund: 0, otherOut: 0, moved: 0, closing: 0 };
      lines.set(key, line);
    }
    return line;
  };
  for (const balance of balances) {
    if (balance.reportDate === days[0]) lineOf(balance.deptId).opening += balance.opening;
    if (balance.reportDate === days.at(-1)) lineOf(balance.deptId).closing += balance.closing;
  }
  for (const fund of funds) {
    const line = lineOf(fund.deptId);
    for (const dc of ['C', 'D'] as const) {
      const amount = dc === 'C' ? fund.credit : fund.debit;
      const column = amount ? fundColumnOf(fund.txnType, fund.channel, fund.wallet, dc) : null;
      if (!column) continue;
      const value = signedForColumn(column, dc, amount);
      if (column === 'subsidyIssue') line.subsidy += value;
      else if (RECHARGE_KEYS.includes(column)) line.recharge += value;
      else if (column === 'rechargeReversal') line.recharge -= value;
      else if (column === 'consume') line.consume += value;
      else if (column === 'withdraw') line.refund += value;
      else if (FUND_COLUMNS.find((spec) => spec.key === column)!.side === 'in') line.otherIn += value;
      else line.otherOut += value;
    }
  }
  for (const line of lines.values()) line.moved = line.closing - (line.opening + line.subsidy + line.recharge + line.otherIn - line.consume - line.refund - line.otherOut);
  return [...lines.values()].filter((line) => line.opening || line.closing || line.subsidy || line.recharge || line.consume).sort((a, b) => a.dept.localeCompare(b.dept, 'zh-CN'));
}

function businessTab(consumption: ConsumeAgg[], canteens: Map<string, string>, stores: Map<string, { name: string; permille: number }>): BusinessLine[] {
  const empty = (level: BusinessLine['level'], canteen: string, store: string, mealType: string | null): BusinessLine => ({
    level,
    canteen,
    store,
    mealType,
    payments: 0,
    amount: 0,
    cash: 0,
    subsidy: 0,
    allowance: 0,
    refunded: 0,
    takings: 0,
    perPayment: 0,
    commission: 0,
    payable: 0,
  });
  const lines = new Map<string, BusinessLine & { canteenId: string; permille: number }>();
  for (const row of consumption) {
    const canteenId = row.canteenId ?? '';
    const key = `${canteenId}|${row.storeId ?? ''}|${row.mealType ?? ''}`;
    let line = lines.get(key);
    if (!line) {
      const store = row.storeId ? stores.get(row.storeId) : undefined;
      line = { ...empty('store', canteens.get(canteenId) ?? '', store?.name ?? '', row.mealType), canteenId, permille: store?.permille ?? 0 };
      lines.set(key, line);
    }
    line.payments += row.payments;
    line.amount += row.amount;
    line.cash += row.cash;
    line.subsidy += row.subsidy + row.gift;
    line.allowance += row.allowance;
    line.refunded += row.refunded;
  }
  const add = (into: BusinessLine, line: BusinessLine) => {
    for (const key of ['payments', 'amount', 'cash', 'subsidy', 'allowance', 'refunded', 'takings', 'commission', 'payable'] as const) into[key] += line[key];
  };
  const stored = [...lines.values()].sort((a, b) => a.canteen.localeCompare(b.canteen, 'zh-CN') || a.store.localeCompare(b.store, 'zh-CN') || (a.mealType ?? '').localeCompare(b.mealType ?? ''));
  const out: BusinessLine[] = [];
  const total = empty('total', '', '', null);
  let subtotal: BusinessLine | null = null;
  let canteenId: string | null = null;
  for (const line of stored) {
    line.takings = line.amount - line.refunded;
    line.commission = Math.round((line.takings * line.permille) / 1000);
    line.payable = line.takings - line.commission;
    line.perPayment = line.payments ? Math.round(line.takings / line.payments) : 0;
    if (canteenId !== line.canteenId) {
      if (subtotal) out.push(subtotal);
      subtotal = empty('canteen', line.canteen, '', null);
      canteenId = line.canteenId;
    }
    const { canteenId: _c, permille: _p, ...shown } = line;
    out.push(shown);
    add(subtotal!, shown);
    add(total, shown);
  }
  if (subtotal) out.push(subtotal);
  for (const line of [...out.filter((row) => row.level === 'canteen'), total]) line.perPayment = line.payments ? Math.round(line.takings / line.payments) : 0;
  return out.length ? [...out, total] : [];
}

function consumerTab(consumption: ConsumeAgg[], typeNames: Map<string, string>, deptNames: Map<string, string>): ConsumerLine[] {
  const lines = new Map<string, ConsumerLine>();
  for (const row of consumption) {
    if (!row.payments) continue;
    for (const [by, id, names] of [
      ['type', row.memberTypeId, typeNames],
      ['dept', row.deptId, deptNames],
    ] as const) {
      const key = `${by}|${id ?? ''}|${row.mealType ?? ''}`;
      const line = lines.get(key) ?? { by, group: id ? (names.get(id) ?? id) : '', mealType: row.mealType, diners: 0, payments: 0, amount: 0, perDiner: 0 };
      line.diners += row.diners;
      line.payments += row.payments;
      line.amount += row.cash + row.subsidy + row.gift;
      lines.set(key, line);
    }
  }
  return [...lines.values()]
    .map((line) => ({ ...line, perDiner: line.diners ? Math.round(line.amount / line.diners) : 0 }))
    .sort((a, b) => a.by.localeCompare(b.by) || a.group.localeCompare(b.group, 'zh-CN') || (a.mealType ?? '').localeCompare(b.mealType ?? ''));
}

function operatorTab(data: DaysData, channel: string | undefined): OperatorLine[] {
  const lines = new Map<string, OperatorLine>();
  for (const row of data.operators) {
    // Terminals and the system's own jobs hand over no cash.
    if (row.operator.startsWith('terminal:') || row.operator === 'system') continue;
    if (channel && row.channel !== channel) continue;
    const line = lines.get(row.operator) ?? { operator: row.operator, recharges: 0, rechargeCash: 0, rechargeOther: 0, reversals: 0, reversed: 0, otherCashIn: 0, cashOut: 0, cashDue: 0 };
    if (row.txnType === 'RECHARGE') {
      line.recharges += row.txns;
      if (row.channel === 'cash' || row.channel === null) line.rechargeCash += row.amount;
      else line.rechargeOther += row.amount;
    } else if (row.txnType === 'RECHARGE_REVERSAL') {
      line.reversals += row.txns;
      line.reversed += row.amount;
    }
    if (row.txnType !== 'RECHARGE') line.otherCashIn += row.cashIn;
    line.cashOut += row.cashOut;
    line.cashDue += row.cashIn - row.cashOut;
    lines.set(row.operator, line);
  }
  return [...lines.values()].sort((a, b) => a.operator.localeCompare(b.operator));
}

/** 就餐人次 from the meal orders and the payments at the canteens' terminals. */
async function diningTab(work: Work, query: ReportQuery, consumption: ConsumeAgg[], canteens: Map<string, string>): Promise<DiningLine[]> {
  const orders = await work.tx
    .select({
      date: mealOrders.diningDate,
      canteenId: mealOrders.canteenId,
      mealType: mealOrders.mealType,
      ordered: sql<number>`count(*) filter (where ${mealOrders.status} in ('1', '2', '3'))::int`,
      served: sql<number>`count(*) filter (where ${mealOrders.status} = '2')::int`,
      notServed: sql<number>`count(*) filter (where ${mealOrders.status} = '3')::int`,
    })
    .from(mealOrders)
    .where(
      and(
        work.school(mealOrders),
        gte(mealOrders.diningDate, query.from),
        lte(mealOrders.diningDate, query.to),
        ...(query.canteenId ? [eq(mealOrders.canteenId, query.canteenId)] : []),
        ...(query.mealType ? [eq(mealOrders.mealType, query.mealType)] : []),
      ),
    )
    .groupBy(mealOrders.diningDate, mealOrders.canteenId, mealOrders.mealType);
  const stops = await work.rows(mealStops, and(inArray(mealStops.status, ['1', '2']), lte(mealStops.startDate, query.to), gte(mealStops.endDate, query.from)));
  const lines = new Map<string, DiningLine>();
  const lineOf = (date: string, canteenId: string, mealType: string) => {
    const key = `${date}|${canteenId}|${mealType}`;
    let line = lines.get(key);
    if (!line) {
      line = { date, canteen: canteens.get(canteenId) ?? '', mealType, ordered: 0, served: 0, servedOrdered: 0, orderedNotServed: 0, servedWithoutOrder: 0, stopped: 0, rate: null };
      lines.set(key, line);
    }
    return line;
  };
  for (const row of orders) {
    const line = lineOf(row.date, row.canteenId, row.mealType);
    line.ordered += row.ordered;
    line.servedOrdered += row.served;
    line.orderedNotServed += row.notServed;
  }
  // Paid at a terminal in the meal: people who ate without an order.
  for (const row of consumption)
    if (row.terminalId && row.canteenId && row.mealType && row.payments && (!query.mealType || row.mealType === query.mealType) && (!query.canteenId || row.canteenId === query.canteenId))
      lineOf(row.reportDate, row.canteenId, row.mealType).servedWithoutOrder += row.payments;
  for (const line of lines.values()) {
    line.served = line.servedOrdered + line.servedWithoutOrder;
    line.stopped = stops.filter((stop) => stop.startDate <= line.date && line.date <= stop.endDate && `,${stop.mealTypes},`.includes(`,${line.mealType},`)).length;
    line.rate = line.ordered ? Math.round((line.servedOrdered / line.ordered) * 1000) / 10 : null;
  }
  return [...lines.values()].sort((a, b) => a.date.localeCompare(b.date) || a.canteen.localeCompare(b.canteen, 'zh-CN') || a.mealType.localeCompare(b.mealType));
}

/** 消费 of each month of the year before: what a year's 同比 compares with (closed days only). */
async function consumeByMonth(work: Work, from: string, to: string, members: { deptIds: string[] | null; memberTypeId?: string | undefined }): Promise<Map<string, number>> {
  const rows = await work.tx
    .select({ month: sql<string>`to_char(${reportDailyFunds.reportDate}, 'YYYY-MM')`, net: sql<string>`sum(${reportDailyFunds.debit} - ${reportDailyFunds.credit})::text` })
    .from(reportDailyFunds)
    .where(
      and(
        work.school(reportDailyFunds),
        eq(reportDailyFunds.txnType, 'CONSUME'),
        gte(reportDailyFunds.reportDate, from),
        lte(reportDailyFunds.reportDate, to),
        ...(members.deptIds ? [inArray(reportDailyFunds.deptId, members.deptIds)] : []),
        ...(members.memberTypeId ? [eq(reportDailyFunds.memberTypeId, members.memberTypeId)] : []),
      ),
    )
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.month, Number(row.net)]));
}

/** The report of a period with the query area's choices: every tab, the charts, and whether the days are closed. */
/** In the school's transaction the caller opens, one snapshot (`repeatable read`, read only): every tab agrees. */
export async function reportOf(work: Work, query: ReportQuery): Promise<ReportAnswer> {
  const zone = await schoolZone(work.tx, work.tenantId);
  const data = await daysData(work, query.from, query.to);
  const deptIds = query.deptId ? new Set(await departmentAndBelow(work.tx, work.tenantId, query.deptId)) : null;
  const ofMembers = <T extends { deptId: string | null; memberTypeId: string | null }>(rows: T[]) =>
    rows.filter((row) => (!deptIds || (row.deptId !== null && deptIds.has(row.deptId))) && (!query.memberTypeId || row.memberTypeId === query.memberTypeId));
  const funds = ofMembers(data.funds);
  const balances = ofMembers(data.balances);
  const consumption = ofMembers(data.consumption).filter(
    (row) => (!query.canteenId || row.canteenId === query.canteenId) && (!query.storeId || row.storeId === query.storeId) && (!query.mealType || row.mealType === query.mealType),
  );

  // Names of deleted ones too: a closed day may still name them.
  const everything = { deleted: true };
  const departments = await work.rows(memberDepartments, undefined, everything);
  const types = await work.rows(memberTypes, undefined, everything);
  const canteenRows = await work.rows(mealCanteens, undefined, everything);
  const storeRows = (await work.rows(mealStores, undefined, everything)).map((row) => ({ ...row, permille: row.commissionPermille }));
  const deptNames = new Map(departments.map((row) => [row.id, row.name]));
  const canteens = new Map(canteenRows.map((row) => [row.id, row.name]));
  const stores = new Map(storeRows.map((row) => [row.id, { name: row.name, permille: row.permille ?? 0 }]));

  const days: string[] = [];
  const today = dayIn(zone);
  for (let day = query.from; day <= query.to && day <= today; day = addDays(day, 1)) days.push(day);
  if (!days.length) days.push(query.from);
  const fund = fundTab(query.kind, days, funds, balances);
  if (query.kind === 'yearly') {
    const year = Number(query.from.slice(0, 4));
    const before = await consumeByMonth(work, `${year - 1}-01-01`, `${year - 1}-12-31`, { deptIds: deptIds ? [...deptIds] : null, memberTypeId: query.memberTypeId });
    for (const row of fund.rows) row.rate = changeRate(row.consume, before.get(`${year - 1}${row.key.slice(4)}`));
  }

  // Charts: spending and top-ups along the period, spending by meal, top-ups by channel.
  const trend = new Map<string, { consume: number; recharge: number }>();
  for (const day of days) trend.set(query.kind === 'yearly' ? day.slice(0, 7) : day, { consume: 0, recharge: 0 });
  const channels = new Map<string, number>();
  for (const row of funds) {
    const point = trend.get(query.kind === 'yearly' ? row.reportDate.slice(0, 7) : row.reportDate);
    if (row.txnType === 'CONSUME' && point) point.consume += row.debit - row.credit;
    if ((row.txnType === 'RECHARGE' || row.txnType === 'RECHARGE_REVERSAL') && row.wallet === 'CASH') {
      const net = row.credit - row.debit;
      if (point) point.recharge += net;
      if (row.txnType === 'RECHARGE') channels.set(row.channel ?? 'cash', (channels.get(row.channel ?? 'cash') ?? 0) + net);
    }
  }
  const meals = new Map<string, number>();
  for (const row of consumption) meals.set(row.mealType ?? '', (meals.get(row.mealType ?? '') ?? 0) + row.cash + row.subsidy + row.gift);

  const lastClosed = data.closed.at(-1);
  return {
    kind: query.kind,
    from: query.from,
    to: query.to,
    closedDays: data.closed.length,
    days: days.length,
    liveFrom: data.liveFrom,
    lastClosedAt: lastClosed ? dateTimeIn(zone, lastClosed.closedAt) : null,
    fund: fund.rows,
    fundTotal: fund.total,
    dept: deptTab(days, funds, balances, deptNames),
    business: businessTab(consumption, canteens, stores),
    consumers: consumerTab(consumption, new Map(types.map((row) => [row.id, row.name])), deptNames),
    dining: await diningTab(work, query, data.consumption, canteens),
    operators: operatorTab(data, query.channel),
    // 食材进销存: rows from the area that keeps the stock (none installed: an empty tab).
    stock: (await areaReportTab('stock')?.(work, zone, query)) ?? [],
    charts: {
      trend: [...trend].map(([label, point]) => ({ label, ...point })),
      meals: [...meals].map(([mealType, amount]) => ({ mealType, amount })),
      channels: [...channels].map(([channel, amount]) => ({ channel, amount })),
    },
  };
}
