/**
 * The ledger's own checks, run on every test database before it is dropped (so after every API test
 * file, on PGlite and on PostgreSQL): whatever the tests did, the books still hold.
 * - no drift: every account's cached wallets are the sums of its ledger lines;
 * - every transaction balances (debits = credits);
 * - each account's day counter (the daily limits) is what the ledger says the member's own wallets paid
 *   that day — a refund counted on its payment's day — and how many payments;
 * - every kept day sum of 消费记录/充值记录 is the ledger's, cut by the zone it was kept in;
 * - 账户流水 chains as the receipts did: each posting made by the services (with its account's
 *   posting sequence) shows the balances its receipt answered.
 * Each check answers what disagrees, named, so a failure says where to look.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { rowsOf } from '@server/db/rows';
import { ledgerService } from '@server/modules/ledger/service';

export async function ledgerFaults(db: Database): Promise<string[]> {
  const faults: string[] = [];
  const { drift, unbalanced } = await ledgerService(db).reconcile();
  for (const row of drift.slice(0, 5)) faults.push(`drift: account ${row.accountId} ${row.wallet} cached ${row.cached}, ledger ${row.ledger}`);
  for (const txnId of unbalanced.slice(0, 5)) faults.push(`unbalanced: transaction ${txnId}`);

  // What the member's own wallets paid each day: payments' debits on their day, refunds' credits back on
  // their payment's day.
  const days = await rowsOf<{ account_id: string; acc_date: string; kept_spent: string; kept_payments: string; spent: string; payments: string }>(
    db,
    sql`with own as (
        select t.account_id, coalesce(o.acc_date, t.acc_date) as acc_date,
          coalesce(sum(case when t.txn_type = 'CONSUME' and e.dc = 'D' then e.amount_cents when t.txn_type = 'CONSUME_REFUND' and e.dc = 'C' then -e.amount_cents else 0 end), 0) as spent,
          count(distinct case when t.txn_type = 'CONSUME' then t.id end) as payments
        from fin_txn t left join fin_entry e on e.txn_id = t.id and e.account_ref = t.account_id and e.wallet is not null
          left join fin_txn o on o.id = t.reversal_of and t.txn_type = 'CONSUME_REFUND'
        where t.txn_type in ('CONSUME', 'CONSUME_REFUND')
        group by 1, 2
      )
      select coalesce(d.account_id, own.account_id) as account_id, coalesce(d.acc_date, own.acc_date)::text as acc_date,
        coalesce(d.spent_cents, 0)::text as kept_spent, coalesce(d.payments, 0)::text as kept_payments,
        coalesce(own.spent, 0)::text as spent, coalesce(own.payments, 0)::text as payments
      from fin_account_day d full join own on own.account_id = d.account_id and own.acc_date = d.acc_date
      where coalesce(d.spent_cents, 0) <> coalesce(own.spent, 0) or coalesce(d.payments, 0) <> coalesce(own.payments, 0)
      limit 5`,
  );
  for (const row of days) faults.push(`day counter: account ${row.account_id} on ${row.acc_date} keeps ${row.kept_spent} in ${row.kept_payments}, ledger ${row.spent} in ${row.payments}`);

  const sums = await rowsOf<{ tenant_id: number; day: string; kept: string; ledger: string }>(
    db,
    sql`select k.tenant_id, k.day::text as day,
        (select coalesce(sum(s.net_cents), 0) || '/' || coalesce(sum(s.postings), 0) from fin_day_sum s where s.tenant_id = k.tenant_id and s.day = k.day) as kept,
        (select coalesce(sum(case when t.txn_type in ('RECHARGE_REVERSAL', 'CONSUME_REFUND') then -t.amount_cents else t.amount_cents end), 0) || '/' || count(*) from fin_txn t
          where t.tenant_id = k.tenant_id and t.txn_type in ('CONSUME', 'CONSUME_REFUND', 'RECHARGE', 'RECHARGE_REVERSAL')
            and t.posted_at >= (k.day::timestamp at time zone k.time_zone) and t.posted_at < ((k.day + 1)::timestamp at time zone k.time_zone)) as ledger
      from fin_day_sum_kept k where k.time_zone <> ''`,
  );
  for (const row of sums.filter((candidate) => candidate.kept !== candidate.ledger).slice(0, 5)) faults.push(`day sums: school ${row.tenant_id} on ${row.day} kept ${row.kept}, ledger ${row.ledger}`);

  const chain = await rowsOf<{ txn_no: string; txn_type: string; wallet: string; receipt: string; running: string }>(
    db,
    sql`with moves as (
        select t.id, t.txn_no, t.txn_type, t.account_id, t.account_seq, t.posted_at, t.cash_after_cents, t.subsidy_after_cents, t.gift_after_cents, t.deposit_after_cents,
          coalesce(sum(case when e.wallet = 'CASH' then case when e.dc = 'C' then e.amount_cents else -e.amount_cents end end), 0) as cash,
          coalesce(sum(case when e.wallet = 'SUBSIDY' then case when e.dc = 'C' then e.amount_cents else -e.amount_cents end end), 0) as subsidy,
          coalesce(sum(case when e.wallet = 'GIFT' then case when e.dc = 'C' then e.amount_cents else -e.amount_cents end end), 0) as gift,
          coalesce(sum(case when e.wallet = 'DEPOSIT' then case when e.dc = 'C' then e.amount_cents else -e.amount_cents end end), 0) as deposit
        from fin_txn t left join fin_entry e on e.txn_id = t.id and e.account_ref = t.account_id
        where t.account_id is not null
        group by t.id
      ), running as (
        select m.*, sum(cash) over w as cash_run, sum(subsidy) over w as subsidy_run, sum(gift) over w as gift_run, sum(deposit) over w as deposit_run
        from moves m window w as (partition by account_id order by account_seq nulls first, posted_at, txn_no rows unbounded preceding)
      )
      select txn_no, txn_type, w.wallet, w.receipt::text, w.running::text from running r
        cross join lateral (values ('CASH', r.cash_after_cents, r.cash_run), ('SUBSIDY', r.subsidy_after_cents, r.subsidy_run), ('GIFT', r.gift_after_cents, r.gift_run), ('DEPOSIT', r.deposit_after_cents, r.deposit_run)) as w(wallet, receipt, running)
      where r.account_seq is not null and w.receipt is not null and w.receipt <> w.running
      limit 5`,
  );
  for (const row of chain) faults.push(`statement: ${row.txn_no} (${row.txn_type}) ${row.wallet} receipt ${row.receipt}, running ${row.running}`);
  return faults;
}
