import { sql } from 'drizzle-orm';
import type { Executor } from '@server/db/client';

/**
 * A month of random card-office work written straight into the ledger, as the ledger service writes
 * it: balanced postings (top-ups by four channels, canteen payments — some with the school's meal
 * allowance —, refunds, subsidies, adjustments both ways, bills, card fees, deposits) spread over the
 * school days before `end`, each with its posting time as the head of its id, and the accounts'
 * cached balances moved by the same lines. For the reports' tests and their benchmark.
 */
export async function fillLedgerMonth(db: Executor, input: { tenantId: number; postings: number; start: Date; end: Date; marker?: string; zone?: string }): Promise<void> {
  const marker = input.marker ?? 'ledger-month';
  const zone = sql.raw(`'${(input.zone ?? 'Asia/Shanghai').replaceAll("'", "''")}'`);
  const span = (input.end.getTime() - input.start.getTime()) / 1000;
  await db.execute(sql`
    with a as (
        -- Accounts with no posting of the services yet: history written before a receipt would change what the receipt said.
        select id, row_number() over (order by id) as n from memb_account m where tenant_id = ${input.tenantId} and account_status = '1'
          and not exists (select 1 from fin_txn x where x.account_id = m.id and x.account_seq is not null)
      ),
      na as (select count(*) as c from a),
      st as (select id, canteen_id, row_number() over (order by id) as n from meal_store where tenant_id = ${input.tenantId}),
      ns as (select greatest(count(*), 1) as c from st),
      s as (
        select i, ${input.start.toISOString()}::timestamptz + ((i - 1)::float8 / ${input.postings}) * ${span} * interval '1 second' as at, (hashtext('kind' || i) & 1023) as r, 100 + (hashtext('amount' || i) & 4095) as amount
        from generate_series(1, ${input.postings}) as g(i)
      ),
      k as (
        select s.*, a.id as account_id,
          case when r < 280 then 'RECHARGE' when r < 840 then 'CONSUME' when r < 870 then 'CONSUME_REFUND' when r < 920 then 'SUBSIDY_ISSUE'
               when r < 950 then 'ADJUST' when r < 975 then 'BILL_PAY' when r < 995 then 'CARD_REPLACE' else 'OPEN' end as txn_type
        from s join a on a.n = 1 + (s.i % (select c from na))
      )
    insert into fin_txn (id, tenant_id, txn_no, idempotency_key, request_hash, txn_type, account_id, amount_cents, channel, canteen_id, store_id, meal_type, operator, occurred_at, posted_at, acc_date, summary)
    select lpad(to_hex((extract(epoch from k.at) * 1000000)::bigint), 14, '0') || substr(md5(${marker} || k.i), 1, 18), ${input.tenantId},
      to_char(k.at at time zone ${zone}, 'YYYYMMDD') || lpad(nextval('fin_txn_no_seq')::text, 10, '0'), ${marker} || '-' || k.i, ${marker}, k.txn_type, k.account_id, k.amount,
      case when k.txn_type = 'RECHARGE' then (array['cash', 'bank', 'wechat', 'alipay'])[1 + k.i % 4] when k.txn_type = 'OPEN' then 'cash' end,
      case when k.txn_type in ('CONSUME', 'CONSUME_REFUND') then st.canteen_id end,
      case when k.txn_type in ('CONSUME', 'CONSUME_REFUND') then st.id end,
      case when k.txn_type in ('CONSUME', 'CONSUME_REFUND') then (1 + k.i % 3)::text end,
      case when k.txn_type in ('CONSUME', 'CONSUME_REFUND') then 'terminal:POS0101' when k.i % 2 = 0 then 'admin' else 'canteen' end,
      k.at, k.at, (k.at at time zone ${zone})::date, ${marker}
    from k left join st on st.n = 1 + (k.i % (select c from ns))`);
  await db.execute(sql`
    with tpl(txn_type, seq, ref, wallet, dc, part) as (values
      ('RECHARGE', 1, 'source', null, 'D', 'all'), ('RECHARGE', 2, 'member', 'CASH', 'C', 'all'),
      ('CONSUME', 1, 'member', 'CASH', 'D', 'paid'), ('CONSUME', 2, '6602', null, 'D', 'allowance'), ('CONSUME', 3, '2004', null, 'C', 'all'),
      ('CONSUME_REFUND', 1, '2004', null, 'D', 'all'), ('CONSUME_REFUND', 2, 'member', 'CASH', 'C', 'all'),
      ('SUBSIDY_ISSUE', 1, '2203', null, 'D', 'all'), ('SUBSIDY_ISSUE', 2, 'member', 'SUBSIDY', 'C', 'all'),
      ('ADJUST', 1, 'counter', null, 'D', 'all'), ('ADJUST', 2, 'member', 'CASH', 'C', 'all'),
      ('BILL_PAY', 1, 'member', 'CASH', 'D', 'all'), ('BILL_PAY', 2, '1122', null, 'C', 'all'),
      ('CARD_REPLACE', 1, 'member', 'CASH', 'D', 'all'), ('CARD_REPLACE', 2, '6005', null, 'C', 'all'),
      ('OPEN', 1, '1001', null, 'D', 'all'), ('OPEN', 2, 'member', 'DEPOSIT', 'C', 'all')),
    lines as (
      select t.tenant_id, t.id, tpl.seq,
        case tpl.ref when 'member' then t.account_id when 'source' then case t.channel when 'cash' then '1001' when 'bank' then '1002' else '1012' end when 'counter' then '6001' else tpl.ref end as ref,
        tpl.wallet,
        -- Every other adjustment takes money off the card: its two lines change sides.
        case when t.txn_type = 'ADJUST' and t.amount_cents % 2 = 1 then case tpl.dc when 'D' then 'C' else 'D' end else tpl.dc end as dc,
        case tpl.part when 'all' then t.amount_cents when 'allowance' then case when t.amount_cents % 3 = 0 then t.amount_cents / 5 else 0 end
             else t.amount_cents - case when t.amount_cents % 3 = 0 then t.amount_cents / 5 else 0 end end as amount
      from fin_txn t join tpl on tpl.txn_type = t.txn_type
      where t.tenant_id = ${input.tenantId} and t.request_hash = ${marker}
    )
    insert into fin_entry (tenant_id, txn_id, seq, account_ref, wallet, dc, amount_cents)
    select tenant_id, id, seq, ref, wallet, dc, amount from lines where amount > 0`);
  await db.execute(sql`
    update memb_account a set
      cash_cents = a.cash_cents + d.cash, subsidy_cents = a.subsidy_cents + d.subsidy, deposit_cents = a.deposit_cents + d.deposit, version = a.version + 1
    from (
      select e.account_ref,
        sum(case when e.wallet = 'CASH' then case e.dc when 'C' then e.amount_cents else -e.amount_cents end else 0 end) as cash,
        sum(case when e.wallet = 'SUBSIDY' then case e.dc when 'C' then e.amount_cents else -e.amount_cents end else 0 end) as subsidy,
        sum(case when e.wallet = 'DEPOSIT' then case e.dc when 'C' then e.amount_cents else -e.amount_cents end else 0 end) as deposit
      from fin_entry e join fin_txn t on t.id = e.txn_id
      where t.tenant_id = ${input.tenantId} and t.request_hash = ${marker} and e.wallet is not null
      group by e.account_ref
    ) d
    where a.id = d.account_ref`);
  // The days' counters of the daily limits: what the member's own wallets paid, and how many payments.
  await db.execute(sql`
    insert into fin_account_day (account_id, acc_date, spent_cents, payments)
    select t.account_id, t.acc_date,
      coalesce(sum(case when t.txn_type = 'CONSUME' and e.dc = 'D' then e.amount_cents when t.txn_type = 'CONSUME_REFUND' and e.dc = 'C' then -e.amount_cents else 0 end), 0),
      count(distinct case when t.txn_type = 'CONSUME' then t.id end)
    from fin_txn t left join fin_entry e on e.txn_id = t.id and e.account_ref = t.account_id and e.wallet is not null
    where t.tenant_id = ${input.tenantId} and t.request_hash = ${marker} and t.txn_type in ('CONSUME', 'CONSUME_REFUND')
    group by t.account_id, t.acc_date
    on conflict (account_id, acc_date) do update set spent_cents = fin_account_day.spent_cents + excluded.spent_cents, payments = fin_account_day.payments + excluded.payments`);
}
