import { createHash } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { Work } from '../../db/work';
import { rowsOf } from '../../db/rows';
import { reportDayCloses, reportDaySeals } from '../../db/schema';
import { reportedPostings, type BuildWindow } from './dayBuild';

/**
 * Days sealed: when 日结 closes a day it records a digest of the postings it took in for that day
 * (each posting's header and lines, in order) and a seal chaining that digest to the previous day's
 * seal. `checkSeals` recomputes the chain from the ledger as it is now: a posting changed, added or
 * removed behind the application's back shows as the first day whose seal no longer matches. The
 * postings of a day are those its close reported on it (dayBuild.ts: a late one on the day it came).
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A day with no postings. */
const NO_POSTINGS: DayDigest = { postings: 0, amount: 0, digest: sha256('') };
export const chainSeal = (previous: string, day: string, digest: string) => sha256(`${previous}|${day}|${digest}`);

interface DayDigest {
  postings: number;
  /** Σ amount_cents of the day's postings (what 日报 sums). */
  amount: number;
  digest: string;
}

/** Each reported day's digest, for one run's window. */
async function dayDigests(work: Work, window: BuildWindow): Promise<Map<string, DayDigest>> {
  const rows = await rowsOf<{ day: string; postings: string; amount: string; digest: string }>(
    work.tx,
    sql`select to_char(r.report_date, 'YYYY-MM-DD') as day, count(*)::text as postings, sum(r.amount_cents)::text as amount,
          encode(sha256(convert_to(string_agg(r.line, E'\\n' order by r.id), 'UTF8')), 'hex') as digest
        from (
          select t.id, t.report_date, t.amount_cents,
            concat_ws('|', t.id, t.txn_no, t.txn_type, coalesce(t.account_id, ''), t.amount_cents, (extract(epoch from t.posted_at) * 1000000)::bigint,
              to_char(t.acc_date, 'YYYY-MM-DD'), coalesce(t.reversal_of, ''),
              (select string_agg(concat_ws(':', e.seq, e.account_ref, coalesce(e.wallet, ''), e.dc, e.amount_cents, coalesce(e.balance_after_cents::text, '')), ',' order by e.seq)
                 from fin_entry e where e.txn_id = t.id and e.tenant_id = t.tenant_id)) as line
          from (${reportedPostings(work, window)}) t
          where t.report_date is not null
        ) r
        group by 1`,
  );
  return new Map(rows.map((row) => [row.day, { postings: Number(row.postings), amount: Number(row.amount), digest: row.digest }]));
}

/** The days of one close: its first and last day, its cutoff and the previous close's. */
interface CloseRun {
  days: string[];
  cutoff: Date;
  since: Date | null;
}

/** The school's closes, grouped into the runs that made them (one cutoff each), oldest first. */
async function closeRuns(work: Work): Promise<CloseRun[]> {
  const closes = await work.rows(reportDayCloses, undefined, { orderBy: asc(reportDayCloses.reportDate) });
  const runs: CloseRun[] = [];
  for (const close of closes) {
    const run = runs.at(-1);
    if (run && run.cutoff.getTime() === close.cutoff.getTime()) run.days.push(close.reportDate);
    else runs.push({ days: [close.reportDate], cutoff: close.cutoff, since: run?.cutoff ?? null });
  }
  return runs;
}

const windowOf = (run: CloseRun, zone: string): BuildWindow => ({ first: run.days[0]!, last: run.days.at(-1)!, cutoff: run.cutoff, since: run.since, zone });

/**
 * Seals the closed days that have no seal yet, oldest first, each chained to the one before: a
 * close's own days, and — once, after an upgrade — the days closed before seals existed. Answers
 * how many days it sealed.
 */
export async function sealClosedDays(work: Work, zone: string, limitRuns = Infinity): Promise<number> {
  const sealed = await work.rows(reportDaySeals, undefined, { orderBy: asc(reportDaySeals.reportDate) });
  const have = new Set(sealed.map((seal) => seal.reportDate));
  let previous = sealed.at(-1)?.seal ?? '';
  let count = 0;
  let runs = 0;
  for (const run of await closeRuns(work)) {
    if (run.days.every((day) => have.has(day))) continue;
    if (runs >= limitRuns) break;
    runs += 1;
    const digests = await dayDigests(work, windowOf(run, zone));
    const rows = run.days.map((day) => {
      const { postings, digest } = digests.get(day) ?? NO_POSTINGS;
      previous = chainSeal(previous, day, digest);
      return { reportDate: day, postings, digest, seal: previous };
    });
    await work.insert(reportDaySeals, rows);
    count += rows.length;
  }
  return count;
}

/** Closed days without a seal (closed before this release: the next start seals them). */
export async function unsealedDays(work: Work): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    work.tx,
    sql`select count(*)::int as n from rpt_day_close c where ${work.alias('c')} and not exists (select 1 from rpt_day_seal s where s.tenant_id = c.tenant_id and s.report_date = c.report_date)`,
  );
  return row?.n ?? 0;
}

/** What the chain and the reports say now, against the ledger. */
export interface SealCheck {
  /** Closed days, and of them those whose report's count or sum differs from the ledger's now. */
  closedDays: number;
  reportsDiffer: { day: string; reported: { txns: number; amount: number }; ledger: { txns: number; amount: number } }[];
  /** Days whose seal matched, in order, and the last of them. */
  days: number;
  last: { day: string; seal: string } | null;
  /** The first day whose seal no longer matches (every later one follows it). */
  broken: { day: string; sealedPostings: number; postingsNow: number } | null;
  unsealed: number;
}

/** Recomputes every closed day from the ledger as it is now: its report's totals, and the chain of seals. */
export async function checkSeals(work: Work, zone: string): Promise<SealCheck> {
  const stored = new Map((await work.rows(reportDaySeals, undefined, { orderBy: asc(reportDaySeals.reportDate) })).map((seal) => [seal.reportDate, seal]));
  const reported = new Map(
    (
      await rowsOf<{ day: string; txns: string; amount: string }>(
        work.tx,
        sql`select to_char(c.report_date, 'YYYY-MM-DD') as day, c.txns::text as txns,
              coalesce((select sum(o.amount_cents) from rpt_daily_operator o where o.tenant_id = c.tenant_id and o.report_date = c.report_date), 0)::text as amount
            from rpt_day_close c where ${work.alias('c')}`,
      )
    ).map((row) => [row.day, { txns: Number(row.txns), amount: Number(row.amount) }]),
  );
  const check: SealCheck = { closedDays: 0, reportsDiffer: [], days: 0, last: null, broken: null, unsealed: 0 };
  let previous = '';
  for (const run of await closeRuns(work)) {
    const digests = await dayDigests(work, windowOf(run, zone));
    for (const day of run.days) {
      check.closedDays += 1;
      const now = digests.get(day) ?? NO_POSTINGS;
      const report = reported.get(day)!;
      if (report.txns !== now.postings || report.amount !== now.amount) check.reportsDiffer.push({ day, reported: report, ledger: { txns: now.postings, amount: now.amount } });
      const seal = stored.get(day);
      if (!seal) {
        check.unsealed += 1;
        continue;
      }
      if (check.broken) continue;
      previous = chainSeal(previous, day, now.digest);
      if (previous !== seal.seal) check.broken = { day, sealedPostings: seal.postings, postingsNow: now.postings };
      else {
        check.days += 1;
        check.last = { day, seal: seal.seal };
      }
    }
  }
  return check;
}
