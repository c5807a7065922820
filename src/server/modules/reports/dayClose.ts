import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { addDays, dayIn } from '@shared/schoolTime';
import type { Database } from '../../db/client';
import { schoolByConditions, type Work } from '../../db/work';
import { isUniqueViolation } from '../../db/errors';
import { rowsOf } from '../../db/rows';
import { reportDailyBalances, reportDailyConsumption, reportDailyFunds, reportDailyOperators, reportDayCloses } from '../../db/schema';
import { schoolZone } from '../schools/settings';
import { buildDays, type BalanceAgg, type DayBuild } from './dayBuild';
import { sealClosedDays } from './daySeals';

/**
 * 日终结算 (DOMAIN.md §8, S2 交易码 9000): each school day, once over, is summed from the ledger into the
 * report tables and closed; a closed day is never summed again. Days not closed yet are summed on
 * demand, the same way, when a report asks for them.
 */

/** A day is closed this long after it ends: payments of its last minutes are posted by then. */
const SETTLE_MS = 10 * 60_000;
/** Postings older than this when a close begins are in; a transaction still open longer is read by the next close. */
const IN_FLIGHT_MS = 2 * 60_000;
/** Why the day's build reads outside the row policies (db/work.ts, schoolByConditions). */
export const DAY_BUILD = 'reports: the day build reads the ledger in bulk by id ranges, which the row policies keep from the indexes';

/** At most this many days are closed in one run (a school that never closed catches up over a few runs). */
const MAX_DAYS_A_RUN = 400;

const insertAll = async <T>(rows: T[], write: (piece: T[]) => Promise<unknown>) => {
  for (let at = 0; at < rows.length; at += 500) await write(rows.slice(at, at + 500));
};

/** The last closed day and its cutoff, if any. */
export async function lastClose(work: Work): Promise<{ reportDate: string; cutoff: Date } | null> {
  const [row] = await work.rows(reportDayCloses, undefined, { orderBy: desc(reportDayCloses.reportDate), limit: 1 });
  return row ?? null;
}

/** The school's first day with money on it: where a first close begins (null: the ledger is empty). */
async function firstLedgerDay(work: Work): Promise<string | null> {
  // The earliest postings by id, and the earliest day among them (an offline payment may be dated back).
  const [row] = await rowsOf<{ day: string | null }>(
    work.tx,
    sql`select to_char(min(acc_date), 'YYYY-MM-DD') as day from (select t.acc_date from fin_txn t where ${work.alias('t')} order by t.id limit 1000) first`,
  );
  return row?.day ?? null;
}

/** The balances the previous close left (the opening of the next day). */
async function closingOf(work: Work, day: string): Promise<BalanceAgg[]> {
  return work.tx
    .select({
      reportDate: reportDailyBalances.reportDate,
      deptId: reportDailyBalances.deptId,
      memberTypeId: reportDailyBalances.memberTypeId,
      wallet: reportDailyBalances.wallet,
      opening: reportDailyBalances.opening,
      closing: reportDailyBalances.closing,
    })
    .from(reportDailyBalances)
    .where(and(work.school(reportDailyBalances), eq(reportDailyBalances.reportDate, day)));
}

/** The days from `first` that may be closed at `now`: over at least SETTLE_MS ago. */
export function closableUpTo(zone: string, now: Date): string {
  return addDays(dayIn(zone, new Date(now.getTime() - SETTLE_MS)), -1);
}

/**
 * Closes every day of the school not closed yet that is over (catching up after days without a run):
 * one transaction, reading the ledger and the accounts in one snapshot. Another instance closing the
 * same days at the same moment makes this one a no-op.
 */
export async function closeDays(db: Database, tenantId: number, by: string, now = new Date()): Promise<{ closed: string[]; txns: number; late: number }> {
  const zone = await schoolZone(db, tenantId);
  const upTo = closableUpTo(zone, now);
  try {
    return await schoolByConditions(
      db,
      { tenantId, username: by },
      DAY_BUILD,
      async (work) => {
        const last = await lastClose(work);
        const first = last ? addDays(last.reportDate, 1) : await firstLedgerDay(work);
        if (!first || first > upTo) return { closed: [], txns: 0, late: 0 };
        const lastDay = [upTo, addDays(first, MAX_DAYS_A_RUN - 1)].sort()[0]!;
        const cutoff = new Date(now.getTime() - IN_FLIGHT_MS);
        const build = await buildDays(work, { first, last: lastDay, cutoff, since: last?.cutoff ?? null, zone }, last ? await closingOf(work, last.reportDate) : null);
        await saveBuild(work, build);
        const days: string[] = [];
        for (let day = first; day <= lastDay; day = addDays(day, 1)) days.push(day);
        await work.insert(
          reportDayCloses,
          days.map((day) => ({ reportDate: day, cutoff, closedAt: now, closedBy: by, txns: build.txns.get(day)?.txns ?? 0, lateTxns: build.txns.get(day)?.late ?? 0 })),
        );
        // Sealed as they close, in the same snapshot: the digest is of what was summed.
        await sealClosedDays(work, zone);
        return {
          closed: days,
          txns: days.reduce((sum, day) => sum + (build.txns.get(day)?.txns ?? 0), 0),
          late: days.reduce((sum, day) => sum + (build.txns.get(day)?.late ?? 0), 0),
        };
      },
      { isolationLevel: 'repeatable read' },
    );
  } catch (error) {
    if (isUniqueViolation(error)) return { closed: [], txns: 0, late: 0 };
    throw error;
  }
}

async function saveBuild(work: Work, build: DayBuild): Promise<void> {
  await insertAll(build.funds, (piece) => work.insert(reportDailyFunds, piece));
  await insertAll(build.balances, (piece) => work.insert(reportDailyBalances, piece));
  await insertAll(build.consumption, (piece) => work.insert(reportDailyConsumption, piece));
  await insertAll(build.operators, (piece) => work.insert(reportDailyOperators, piece));
}

/** What a report shows of a run of days: the closed days as they were closed, the others summed now. */
export interface DaysData extends Omit<DayBuild, 'txns'> {
  /** Days closed, with when; days after the last closed one are live. */
  closed: { reportDate: string; closedAt: Date; txns: number; lateTxns: number }[];
  liveFrom: string | null;
}

/** The report rows of the days `from … to` (today's and other unclosed days' summed on demand). */
/** In the caller's school transaction, one snapshot (`repeatable read`): closed and live days agree. */
export async function daysData(work: Work, from: string, to: string): Promise<DaysData> {
  const { tx } = work;
  const zone = await schoolZone(tx, work.tenantId);
  const today = dayIn(zone);
  const closed = await tx
    .select({ reportDate: reportDayCloses.reportDate, closedAt: reportDayCloses.closedAt, txns: reportDayCloses.txns, lateTxns: reportDayCloses.lateTxns })
    .from(reportDayCloses)
    .where(and(work.school(reportDayCloses), gte(reportDayCloses.reportDate, from), lte(reportDayCloses.reportDate, to)))
    .orderBy(asc(reportDayCloses.reportDate));
  const range = (table: typeof reportDailyFunds | typeof reportDailyBalances | typeof reportDailyConsumption | typeof reportDailyOperators) =>
    and(work.school(table), gte(table.reportDate, from), lte(table.reportDate, to));
  const stored: Omit<DayBuild, 'txns'> = closed.length
    ? {
        funds: (await tx.select().from(reportDailyFunds).where(range(reportDailyFunds))).map(({ tenantId: _t, ...row }) => row),
        balances: (await tx.select().from(reportDailyBalances).where(range(reportDailyBalances))).map(({ tenantId: _t, ...row }) => row),
        consumption: (await tx.select().from(reportDailyConsumption).where(range(reportDailyConsumption))).map(({ tenantId: _t, ...row }) => row),
        operators: (await tx.select().from(reportDailyOperators).where(range(reportDailyOperators))).map(({ tenantId: _t, ...row }) => row),
      }
    : { funds: [], balances: [], consumption: [], operators: [] };
  const last = await lastClose(work);
  // The first day not closed: after the last close, else the ledger's first day.
  const buildFirst = last ? addDays(last.reportDate, 1) : ((await firstLedgerDay(work)) ?? today);
  const liveFirst = [buildFirst, from].sort().at(-1)!;
  const liveLast = [to, today].sort()[0]!;
  if (liveFirst > liveLast) return { ...stored, closed, liveFrom: null };
  // Days between the last close and the range are summed too (their lines are not reported yet,
  // and a day opens where the one before it ended), but only the range's are shown.
  const live = await buildDays(
    work,
    { first: buildFirst, last: liveLast, cutoff: new Date(Date.now() + 60_000), since: last?.cutoff ?? null, zone },
    last ? await closingOf(work, last.reportDate) : null,
  );
  const shown = <T extends { reportDate: string }>(rows: T[]) => rows.filter((row) => row.reportDate >= liveFirst);
  return {
    funds: [...stored.funds, ...shown(live.funds)],
    balances: [...stored.balances, ...shown(live.balances)],
    consumption: [...stored.consumption, ...shown(live.consumption)],
    operators: [...stored.operators, ...shown(live.operators)],
    closed,
    liveFrom: liveFirst,
  };
}
