import { sql, type SQL } from 'drizzle-orm';
import { addDays, parseSchoolTime } from '@shared/schoolTime';
import type { Work } from '../../db/work';
import { rowsOf } from '../../db/rows';

/**
 * What the ledger says of a run of school days, summed for 统计报表 (DOMAIN.md §8) — the work of 日终结算,
 * and of a report asked for days not closed yet.
 *
 * Which posting counts in which day: a posting made up to the cutoff and dated up to the last day is
 * reported on its own date when that day is one of these (first … last); when its date is an earlier
 * day, already closed (an offline batch that came late, a correction), it is reported — marked late —
 * on the day it was posted, within this run. So a closed day never changes, and nothing is lost.
 *
 * The ledger is read by its ids, which begin with the posting's time (`timeOrderedId`): a run reads
 * only the postings since the previous cutoff (and those dated ahead of it), through the primary keys.
 */

export interface BuildWindow {
  first: string;
  last: string;
  /** Postings made after this instant are left for a later run. */
  cutoff: Date;
  /** The previous run's cutoff (null: no day was ever closed). */
  since: Date | null;
  zone: string;
}

export interface FundAgg {
  reportDate: string;
  deptId: string | null;
  memberTypeId: string | null;
  txnType: string;
  channel: string | null;
  wallet: string;
  late: boolean;
  credit: number;
  debit: number;
  lines: number;
}

export interface BalanceAgg {
  reportDate: string;
  deptId: string | null;
  memberTypeId: string | null;
  wallet: string;
  opening: number;
  closing: number;
}

export interface ConsumeAgg {
  reportDate: string;
  canteenId: string | null;
  storeId: string | null;
  terminalId: string | null;
  mealType: string | null;
  deptId: string | null;
  memberTypeId: string | null;
  late: boolean;
  payments: number;
  diners: number;
  amount: number;
  cash: number;
  subsidy: number;
  gift: number;
  allowance: number;
  refunds: number;
  refunded: number;
}

export interface OperatorAgg {
  reportDate: string;
  operator: string;
  txnType: string;
  channel: string | null;
  late: boolean;
  txns: number;
  amount: number;
  cashIn: number;
  cashOut: number;
}

export interface DayBuild {
  funds: FundAgg[];
  balances: BalanceAgg[];
  consumption: ConsumeAgg[];
  operators: OperatorAgg[];
  /** Postings reported in each day, and of them those dated to an earlier closed day. */
  txns: Map<string, { txns: number; late: number }>;
}

/** How far ahead of its posting a payment may be dated (a terminal's clock may run 5 minutes fast). */
const DATED_AHEAD_MS = 10 * 60_000;
/** Ids and posting times come from two readings of the clock: the id range is read a little wider. */
const ID_SLACK_MS = 60_000;

/** The smallest posting id of an instant (see `timeOrderedId`). */
const idAt = (at: Date) => (BigInt(Math.max(0, at.getTime() - ID_SLACK_MS)) * 1000n).toString(16).padStart(14, '0');

const groupKey = (deptId: string | null, memberTypeId: string | null, wallet: string) => `${deptId ?? ''}|${memberTypeId ?? ''}|${wallet}`;

/**
 * The postings a run of days takes in, each with its report day (null: left for a later run) and
 * whether it came late — the rule above, as SQL: what a close sums, and what its seal hashes.
 */
export function reportedPostings(work: Work, window: BuildWindow): SQL {
  const low = lowestId(window);
  const cutoff = window.cutoff.toISOString();
  const since = window.since?.toISOString() ?? null;
  const zone = sql.raw(`'${window.zone.replaceAll("'", "''")}'`);
  // A posting's report day; null when it is left for later (after the cutoff, or dated after the last day).
  return sql`
    select t.*,
      case when t.posted_at > ${cutoff}::timestamptz or t.acc_date > ${window.last}::date then null
           when t.acc_date >= ${window.first}::date then t.acc_date
           else greatest(${window.first}::date, least(${window.last}::date, (t.posted_at at time zone ${zone})::date)) end as report_date,
      t.acc_date < ${window.first}::date as late
    from fin_txn t
    where ${work.alias('t')} and t.id >= ${low}
      and (${since}::timestamptz is null or t.acc_date >= ${window.first}::date or t.posted_at > ${since}::timestamptz)`;
}

/** The lowest posting id a run reads: postings dated in its days were made at most a little before the first began; the rest is what the previous run did not see. */
function lowestId(window: BuildWindow): string {
  const start = parseSchoolTime(window.zone, `${window.first} 00:00:00`)!;
  const from = window.since ? new Date(Math.min(window.since.getTime(), start.getTime() - DATED_AHEAD_MS)) : null;
  return from ? idAt(from) : '';
}

/**
 * Sums the ledger for the days `first … last`. `opening` is each group's balance at the start of the
 * first day as the previous close left it (null: take it from the accounts, as for a first close).
 */
export async function buildDays(work: Work, window: BuildWindow, opening: BalanceAgg[] | null): Promise<DayBuild> {
  const { tx } = work;
  const reported = reportedPostings(work, window);
  const low = lowestId(window);
  const walletLines = await rowsOf<{
    report_date: string | null;
    dept_id: string | null;
    member_type_id: string | null;
    txn_type: string;
    channel: string | null;
    wallet: string;
    late: boolean;
    credit: string;
    debit: string;
    lines: number;
  }>(
    tx,
    sql`with t as (${reported})
      select to_char(t.report_date, 'YYYY-MM-DD') as report_date, m.dept_id, m.member_type_id, t.txn_type, t.channel, e.wallet, t.late,
        coalesce(sum(e.amount_cents) filter (where e.dc = 'C'), 0)::text as credit,
        coalesce(sum(e.amount_cents) filter (where e.dc = 'D'), 0)::text as debit,
        count(*)::int as lines
      from t
      join fin_entry e on e.txn_id = t.id and e.wallet is not null and e.txn_id >= ${low}
      join memb_account a on a.id = e.account_ref
      join memb_member m on m.id = a.member_id
      group by 1, 2, 3, 4, 5, 6, 7`,
  );

  const consumption = await rowsOf<{
    report_date: string;
    canteen_id: string | null;
    store_id: string | null;
    terminal_id: string | null;
    meal_type: string | null;
    dept_id: string | null;
    member_type_id: string | null;
    late: boolean;
    payments: number;
    diners: number;
    amount: string;
    cash: string;
    subsidy: string;
    gift: string;
    allowance: string;
    refunds: number;
    refunded: string;
  }>(
    tx,
    sql`with t as (${reported}),
      paid as (
        select t.id, t.report_date, t.late, t.txn_type, t.account_id, t.canteen_id, t.store_id, t.terminal_id, t.meal_type,
          coalesce(sum(case when e.account_ref = '2004' then case when e.dc = 'C' then e.amount_cents else -e.amount_cents end end), 0) as merchant,
          coalesce(sum(case when e.wallet = 'CASH' then case when e.dc = 'D' then e.amount_cents else -e.amount_cents end end), 0) as cash,
          coalesce(sum(case when e.wallet = 'SUBSIDY' then case when e.dc = 'D' then e.amount_cents else -e.amount_cents end end), 0) as subsidy,
          coalesce(sum(case when e.wallet = 'GIFT' then case when e.dc = 'D' then e.amount_cents else -e.amount_cents end end), 0) as gift,
          coalesce(sum(case when e.account_ref = '6602' then case when e.dc = 'D' then e.amount_cents else -e.amount_cents end end), 0) as allowance
        from t join fin_entry e on e.txn_id = t.id and e.txn_id >= ${low}
        where t.report_date is not null and t.txn_type in ('CONSUME', 'CONSUME_REFUND', 'MEAL_REFUND')
        group by t.id, t.report_date, t.late, t.txn_type, t.account_id, t.canteen_id, t.store_id, t.terminal_id, t.meal_type
      )
      select to_char(p.report_date, 'YYYY-MM-DD') as report_date, p.canteen_id, p.store_id, p.terminal_id, p.meal_type, m.dept_id, m.member_type_id, p.late,
        (count(*) filter (where p.txn_type = 'CONSUME'))::int as payments,
        (count(distinct p.account_id) filter (where p.txn_type = 'CONSUME'))::int as diners,
        coalesce(sum(p.merchant) filter (where p.txn_type = 'CONSUME'), 0)::text as amount,
        coalesce(sum(p.cash) filter (where p.txn_type = 'CONSUME'), 0)::text as cash,
        coalesce(sum(p.subsidy) filter (where p.txn_type = 'CONSUME'), 0)::text as subsidy,
        coalesce(sum(p.gift) filter (where p.txn_type = 'CONSUME'), 0)::text as gift,
        coalesce(sum(p.allowance) filter (where p.txn_type = 'CONSUME'), 0)::text as allowance,
        (count(*) filter (where p.txn_type <> 'CONSUME'))::int as refunds,
        coalesce(-sum(p.merchant) filter (where p.txn_type <> 'CONSUME'), 0)::text as refunded
      from paid p
      join memb_account a on a.id = p.account_id
      join memb_member m on m.id = a.member_id
      group by 1, 2, 3, 4, 5, 6, 7, 8`,
  );

  const operators = await rowsOf<{
    report_date: string;
    operator: string;
    txn_type: string;
    channel: string | null;
    late: boolean;
    txns: number;
    amount: string;
    cash_in: string;
    cash_out: string;
  }>(
    tx,
    sql`with t as (${reported}),
      cash as (
        select e.txn_id,
          coalesce(sum(e.amount_cents) filter (where e.dc = 'D'), 0) as cash_in,
          coalesce(sum(e.amount_cents) filter (where e.dc = 'C'), 0) as cash_out
        from fin_entry e
        where e.account_ref = '1001' and e.txn_id >= ${low} and ${work.alias('e')}
        group by e.txn_id
      )
      select to_char(t.report_date, 'YYYY-MM-DD') as report_date, t.operator, t.txn_type, t.channel, t.late, count(*)::int as txns,
        sum(t.amount_cents)::text as amount, coalesce(sum(c.cash_in), 0)::text as cash_in, coalesce(sum(c.cash_out), 0)::text as cash_out
      from t left join cash c on c.txn_id = t.id
      where t.report_date is not null
      group by 1, 2, 3, 4, 5`,
  );

  const counts = await rowsOf<{ report_date: string; txns: number; late: number }>(
    tx,
    sql`with t as (${reported})
      select to_char(t.report_date, 'YYYY-MM-DD') as report_date, count(*)::int as txns, (count(*) filter (where t.late))::int as late
      from t where t.report_date is not null group by 1`,
  );

  // The accounts' balances now, by department and member type: the end of the last day is these less
  // every line reported after it or left for later (in the same snapshot as the lines read above).
  const held = await rowsOf<{ dept_id: string | null; member_type_id: string | null; cash: string; subsidy: string; gift: string; deposit: string }>(
    tx,
    sql`select m.dept_id, m.member_type_id, sum(a.cash_cents)::text as cash, sum(a.subsidy_cents)::text as subsidy, sum(a.gift_cents)::text as gift, sum(a.deposit_cents)::text as deposit
      from memb_account a join memb_member m on m.id = a.member_id
      where ${work.alias('a')}
      group by 1, 2`,
  );

  const funds: FundAgg[] = [];
  // Net change (credit − debit) of each group by report day; the key '' holds what is left for later.
  const netByDay = new Map<string, Map<string, number>>();
  const groups = new Map<string, { deptId: string | null; memberTypeId: string | null; wallet: string }>();
  for (const row of walletLines) {
    const net = Number(row.credit) - Number(row.debit);
    const key = groupKey(row.dept_id, row.member_type_id, row.wallet);
    groups.set(key, { deptId: row.dept_id, memberTypeId: row.member_type_id, wallet: row.wallet });
    const day = row.report_date ?? '';
    const byGroup = netByDay.get(day) ?? new Map<string, number>();
    byGroup.set(key, (byGroup.get(key) ?? 0) + net);
    netByDay.set(day, byGroup);
    if (row.report_date)
      funds.push({
        reportDate: row.report_date,
        deptId: row.dept_id,
        memberTypeId: row.member_type_id,
        txnType: row.txn_type,
        channel: row.channel,
        wallet: row.wallet,
        late: row.late,
        credit: Number(row.credit),
        debit: Number(row.debit),
        lines: row.lines,
      });
  }

  const now = new Map<string, number>();
  for (const row of held)
    for (const [wallet, value] of [
      ['CASH', row.cash],
      ['SUBSIDY', row.subsidy],
      ['GIFT', row.gift],
      ['DEPOSIT', row.deposit],
    ] as const) {
      const key = groupKey(row.dept_id, row.member_type_id, wallet);
      groups.set(key, { deptId: row.dept_id, memberTypeId: row.member_type_id, wallet });
      now.set(key, Number(value));
    }
  for (const row of opening ?? []) groups.set(groupKey(row.deptId, row.memberTypeId, row.wallet), { deptId: row.deptId, memberTypeId: row.memberTypeId, wallet: row.wallet });

  // Walk back from the balances now: the end of the last day, then each day's start is its end less its lines.
  const days: string[] = [];
  for (let day = window.first; day <= window.last; day = addDays(day, 1)) days.push(day);
  const closing = new Map<string, Map<string, number>>();
  let end = new Map(now);
  for (const [key, net] of netByDay.get('') ?? []) end.set(key, (end.get(key) ?? 0) - net);
  for (const day of [...days].reverse()) {
    closing.set(day, end);
    const before = new Map(end);
    for (const [key, net] of netByDay.get(day) ?? []) before.set(key, (before.get(key) ?? 0) - net);
    end = before;
  }
  // The first day opens where the previous close ended (a person who moved class since then shows as
  // a difference in the departments, never in the school's total); a first close opens on the accounts.
  let open = opening ? new Map(opening.map((row) => [groupKey(row.deptId, row.memberTypeId, row.wallet), row.closing])) : end;
  const balances: BalanceAgg[] = [];
  for (const day of days) {
    const close = closing.get(day)!;
    for (const [key, group] of groups) {
      const row = { reportDate: day, ...group, opening: open.get(key) ?? 0, closing: close.get(key) ?? 0 };
      if (row.opening || row.closing) balances.push(row);
    }
    open = close;
  }

  return {
    funds,
    balances,
    consumption: consumption.map((row) => ({
      reportDate: row.report_date,
      canteenId: row.canteen_id,
      storeId: row.store_id,
      terminalId: row.terminal_id,
      mealType: row.meal_type,
      deptId: row.dept_id,
      memberTypeId: row.member_type_id,
      late: row.late,
      payments: row.payments,
      diners: row.diners,
      amount: Number(row.amount),
      cash: Number(row.cash),
      subsidy: Number(row.subsidy),
      gift: Number(row.gift),
      allowance: Number(row.allowance),
      refunds: row.refunds,
      refunded: Number(row.refunded),
    })),
    operators: operators.map((row) => ({
      reportDate: row.report_date,
      operator: row.operator,
      txnType: row.txn_type,
      channel: row.channel,
      late: row.late,
      txns: row.txns,
      amount: Number(row.amount),
      cashIn: Number(row.cash_in),
      cashOut: Number(row.cash_out),
    })),
    txns: new Map(counts.map((row) => [row.report_date, { txns: row.txns, late: row.late }])),
  };
}
