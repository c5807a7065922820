import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { schoolByConditions, unscoped } from '../db/work';
import { ledgerService } from '../modules/ledger/service';
import { DAY_BUILD } from '../modules/reports/dayClose';
import { checkSeals } from '../modules/reports/daySeals';
import { schoolZone } from '../modules/schools/settings';

/**
 * `npm run verify` (and the 数据完整性校验 job): whether a database is whole, school by school —
 * every transaction balances, every account's wallets equal their entries, each closed day's
 * report equals the ledger's postings of that day and its seal still chains, cards and accounts
 * agree, and no row points at nothing. Each difference is named (the posting, the account, the day)
 * so whoever reads it knows where to look.
 */

export interface Check {
  /** What was checked, in Chinese and English. */
  title: string;
  english: string;
  /** How many things it looked at. */
  checked: number;
  /** What does not hold, named; empty when it holds. */
  faults: string[];
  /** A line more on what it found (the last seal). */
  note?: string;
}

export interface SchoolVerification {
  tenantId: number;
  name: string;
  checks: Check[];
}

const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;
const FAULTS_NAMED = 20;
const named = (faults: string[]) => (faults.length > FAULTS_NAMED ? [...faults.slice(0, FAULTS_NAMED), `… ${faults.length - FAULTS_NAMED} more`] : faults);

/** Verifies every school of the database (or the one given). */
export async function verifyDatabase(db: Database, only?: number): Promise<SchoolVerification[]> {
  const platform = unscoped(db, 'verify: the platform checks every school’s books');
  const schools = await rowsOf<{ id: number; name: string }>(platform, sql`select id, name from tenants ${only === undefined ? sql`` : sql`where id = ${only}`} order by id`);
  const results: SchoolVerification[] = [];
  for (const school of schools) results.push({ tenantId: school.id, name: school.name, checks: await verifySchool(db, school.id) });
  return results;
}

async function verifySchool(db: Database, tenantId: number): Promise<Check[]> {
  const platform = unscoped(db, 'verify: one school’s rows, read by the platform');
  const checks: Check[] = [];

  // Every transaction balances: debits = credits, at least two lines (none for a movement of nothing: an account opened, a card changed).
  const [txns] = await rowsOf<{ n: number }>(platform, sql`select count(*)::int as n from fin_txn where tenant_id = ${tenantId}`);
  const unbalanced = await rowsOf<{ txn_no: string; id: string; debit: string; credit: string; lines: number }>(
    platform,
    sql`select t.txn_no, t.id, coalesce(sum(e.amount_cents) filter (where e.dc = 'D'), 0)::text as debit, coalesce(sum(e.amount_cents) filter (where e.dc = 'C'), 0)::text as credit, count(e.seq)::int as lines
          from fin_txn t left join fin_entry e on e.txn_id = t.id and e.tenant_id = t.tenant_id
         where t.tenant_id = ${tenantId}
         group by t.id, t.txn_no, t.amount_cents
        having (count(e.seq) < 2 and t.amount_cents <> 0) or coalesce(sum(e.amount_cents) filter (where e.dc = 'D'), 0) <> coalesce(sum(e.amount_cents) filter (where e.dc = 'C'), 0)
         order by t.id`,
  );
  checks.push({
    title: '每笔交易借贷平衡',
    english: 'every transaction balances',
    checked: txns?.n ?? 0,
    faults: named(unbalanced.map((row) => `posting ${row.txn_no} (${row.id}): debits ${yuan(Number(row.debit))}, credits ${yuan(Number(row.credit))}, ${row.lines} line(s)`)),
  });

  // Every account's wallets equal the sums of their entries.
  const { accounts, drift } = await ledgerService(db).reconcile(tenantId);
  checks.push({
    title: '账户余额等于其分录',
    english: "every account's balance equals its entries",
    checked: accounts,
    faults: named(drift.map((row) => `account ${row.accountId} ${row.wallet}: balance ${yuan(row.cached)}, entries ${yuan(row.ledger)}`)),
  });

  // Closed days: the reports against the ledger, and the chain of seals.
  const zone = await schoolZone(db, tenantId);
  const seals = await schoolByConditions(db, { tenantId, username: 'system' }, DAY_BUILD, (work) => checkSeals(work, zone), { isolationLevel: 'repeatable read', readOnly: true });
  checks.push({
    title: '已日结日期的报表等于账本',
    english: "closed days' reports equal the ledger",
    checked: seals.closedDays,
    faults: named(
      seals.reportsDiffer.map((row) => `day ${row.day}: report ${row.reported.txns} posting(s) ${yuan(row.reported.amount)}, ledger now ${row.ledger.txns} posting(s) ${yuan(row.ledger.amount)}`),
    ),
  });
  checks.push({
    title: '日结封印链完整',
    english: 'the sealed days chain',
    checked: seals.days + (seals.broken ? 1 : 0),
    faults: seals.broken
      ? [
          `day ${seals.broken.day} no longer matches its seal (sealed ${seals.broken.sealedPostings} posting(s), ${seals.broken.postingsNow} now): a posting of that day was changed, added or removed after it was closed`,
        ]
      : [],
    ...(seals.last ? { note: `last seal ${seals.last.day} ${seals.last.seal.slice(0, 16)}…${seals.unsealed ? `; ${seals.unsealed} closed day(s) not sealed yet` : ''}` } : {}),
  });

  // Cards and accounts agree: a card's account exists and is its member's.
  const [cards] = await rowsOf<{ n: number }>(platform, sql`select count(*)::int as n from memb_card where tenant_id = ${tenantId}`);
  const cardFaults = await rowsOf<{ card_no: string; account_id: string | null; why: string }>(
    platform,
    sql`select c.card_no, c.account_id, case when a.id is null then 'its account does not exist' else 'its account is another member''s' end as why
          from memb_card c left join memb_account a on a.id = c.account_id
         where c.tenant_id = ${tenantId} and c.account_id is not null and (a.id is null or a.member_id <> c.member_id)
         order by c.card_no`,
  );
  checks.push({
    title: '卡与账户一致',
    english: 'cards and accounts agree',
    checked: cards?.n ?? 0,
    faults: named(cardFaults.map((row) => `card ${row.card_no}: ${row.why} (${row.account_id})`)),
  });

  // No row points at nothing.
  const orphans = await rowsOf<{ what: string; n: number; example: string | null }>(
    platform,
    sql`select 'entry lines without their transaction' as what, count(*)::int as n, min(e.txn_id) as example from fin_entry e
          where e.tenant_id = ${tenantId} and not exists (select 1 from fin_txn t where t.id = e.txn_id)
        union all
        select 'postings of an account that does not exist', count(*)::int, min(t.txn_no) from fin_txn t
          where t.tenant_id = ${tenantId} and t.account_id is not null and not exists (select 1 from memb_account a where a.id = t.account_id)
        union all
        select 'accounts of a member that does not exist', count(*)::int, min(a.id) from memb_account a
          where a.tenant_id = ${tenantId} and not exists (select 1 from memb_member m where m.id = a.member_id)
        union all
        select 'cards of a member that does not exist', count(*)::int, min(c.card_no) from memb_card c
          where c.tenant_id = ${tenantId} and not exists (select 1 from memb_member m where m.id = c.member_id)`,
  );
  checks.push({
    title: '没有孤立记录',
    english: 'no orphan rows',
    checked: orphans.length,
    faults: orphans.filter((row) => row.n > 0).map((row) => `${row.n} ${row.what} (e.g. ${row.example})`),
  });
  return checks;
}

/** The verification as lines of text, as the command prints it and the job keeps it. */
export function describeVerification(results: SchoolVerification[]): { lines: string[]; faults: number } {
  const lines: string[] = [];
  let faults = 0;
  for (const school of results) {
    lines.push(`  学校 School ${school.tenantId} ${school.name}:`);
    for (const check of school.checks) {
      faults += check.faults.length ? 1 : 0;
      lines.push(`    ${check.faults.length ? '✘' : '✔'} ${check.title} (${check.english}): ${check.checked.toLocaleString('en')} checked${check.note ? `; ${check.note}` : ''}`);
      for (const fault of check.faults) lines.push(`        ${fault}`);
    }
  }
  return { lines, faults };
}
