import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { centsToYuan } from '@shared/engine/schemas';
import { addDays, dateTimeIn, parseSchoolTime } from '@shared/schoolTime';
import type { Work } from '../../db/work';
import { rowsOf } from '../../db/rows';
import { accounts, members } from '../../db/schema';
import { badRequest, notFound } from '../../http/envelope';
import type { Statement, StatementBalances } from '@shared/statement';
import { schoolZone } from '../schools/settings';

const WALLET_COLUMNS = ['cash', 'subsidy', 'gift', 'deposit'] as const;

/**
 * 账户流水: an account's postings made in a range of the school's days, newest first, each with what it
 * moved in every wallet and the balances it left — the running sums of the ledger itself, so the
 * lines chain: each line's balance is the one before it plus its move, in the account's posting
 * sequence (taken under its lock, so as the receipts were written). Only the range is read: a
 * page costs the same for an account a month old and one ten years old.
 */
export async function accountStatement(work: Work, input: { accountId: string; from: string; to: string; pageNo: number; pageSize: number }): Promise<Statement> {
  const [owner] = await work.tx
    .select({ id: accounts.id, accountNo: accounts.accountNo, accountStatus: accounts.accountStatus, memberName: members.realName, memberNo: members.memberNo })
    .from(accounts)
    .innerJoin(members, eq(members.id, accounts.memberId))
    .where(and(work.school(accounts), eq(accounts.id, input.accountId)));
  if (!owner) throw notFound('账户不存在');
  const zone = await schoolZone(work.tx, work.tenantId);
  // The range is of the days the postings were made (the school's days): in the account's posting
  // sequence those are one unbroken run, so the lines chain from the opening balance to the closing
  // one. An offline payment made on an earlier day is listed on the day it was posted, its own day beside it.
  const start = parseSchoolTime(zone, `${input.from} 00:00:00`)!.toISOString();
  const end = parseSchoolTime(zone, `${addDays(input.to, 1)} 00:00:00`)!.toISOString();
  /** Each wallet's amount (cents, as text) under its name and a suffix (`cash`, `cash_after`). */
  type Wallets<Suffix extends string> = Record<`${(typeof WALLET_COLUMNS)[number]}${Suffix}`, string | null>;
  type Row = Wallets<''> &
    Wallets<'_after'> &
    Wallets<'_open'> &
    Wallets<'_close'> & {
      id: string;
      txn_no: string;
      txn_type: string;
      acc_date: string;
      /** A timestamptz: a Date from either driver's parser, text where none is set. */
      posted_at: Date | string;
      summary: string | null;
      channel: string | null;
      operator: string;
      total: string;
      credits: string | null;
      debits: string | null;
    };
  const moved = (wallet: (typeof WALLET_COLUMNS)[number]) =>
    sql.raw(`coalesce(sum(case when e.wallet = '${wallet.toUpperCase()}' then case when e.dc = 'C' then e.amount_cents else -e.amount_cents end end), 0)`);
  const moves = sql`${moved('cash')} as cash, ${moved('subsidy')} as subsidy, ${moved('gift')} as gift, ${moved('deposit')} as deposit`;
  /** Columns for each wallet, `column(wallet)` giving one wallet's. */
  const perWallet = (column: (wallet: string) => string) => sql.raw(WALLET_COLUMNS.map(column).join(', '));
  const inOrder = sql.raw('account_seq nulls first, posted_at, txn_no');
  const page = sql`order by account_seq desc nulls last, posted_at desc, txn_no desc limit ${input.pageSize} offset ${(input.pageNo - 1) * input.pageSize}`;
  const lineColumns = sql`id, txn_no, txn_type, acc_date::text as acc_date, posted_at, summary, channel, operator,
    ${perWallet((w) => `${w}::text, ${w}_after::text, ${w}_open::text, ${w}_close::text`)}, total::text, credits::text, debits::text`;
  const rangeTotals = sql`count(*) over () as total,
    sum(case when cash + subsidy + gift > 0 then cash + subsidy + gift else 0 end) over () as credits,
    sum(case when cash + subsidy + gift < 0 then -(cash + subsidy + gift) else 0 end) over () as debits`;
  // The account is the school's (found above): its postings are found by it alone.
  // Every posting keeps the balances it left, written under the account's lock: the statement reads
  // its range alone, whatever the account's age. The balances before the range's first line (its
  // own less what its entries moved) open it; those after its last close it. An account with a
  // posting that keeps no balances (older than the receipts, or written straight into the ledger by
  // a fixture) is summed whole from its entries, as the receipts would be.
  const [unchained] = await rowsOf<{ one: number }>(work.tx, sql`select 1 as one from fin_txn where account_id = ${owner.id} and cash_after_cents is null limit 1`);
  const rows = unchained
    ? await rowsOf<Row>(
        work.tx,
        sql`with moves as (
            select t.id, t.txn_no, t.txn_type, t.acc_date, t.posted_at, t.account_seq, t.summary, t.channel, t.operator, ${moves}
            from fin_txn t left join fin_entry e on e.txn_id = t.id and e.account_ref = t.account_id
            where t.account_id = ${owner.id}
            group by t.id
          ), running as (
            select m.*, ${perWallet((w) => `sum(${w}) over w as ${w}_after`)}
            from moves m window w as (order by ${inOrder} rows unbounded preceding)
          ), ranged as (
            select r.*, ${rangeTotals}, ${perWallet((w) => `${w}_after - ${w} as ${w}_first`)}, row_number() over (order by ${inOrder}) as n
            from running r where posted_at >= ${start}::timestamptz and posted_at < ${end}::timestamptz
          ), edged as (
            select r.*, ${perWallet((w) => `max(case when n = 1 then ${w}_first end) over () as ${w}_open, max(case when n = total then ${w}_after end) over () as ${w}_close`)} from ranged r
          )
          select ${lineColumns} from edged ${page}`,
      )
    : await rowsOf<Row>(
        work.tx,
        // The range's lines are read narrow (their order and balances); only the page's whole. What a
        // posting moved is its balances less the ones before it in the account's sequence — the chain
        // every posting keeps — so no entry is read: the posting just before the range (the newest by
        // time is the last in sequence) gives the first line's.
        sql`with chained as (
            select t.id, t.account_seq, t.posted_at, t.txn_no, ${perWallet((w) => `t.${w}_after_cents as ${w}_after`)}, false as earlier
            from fin_txn t
            where t.account_id = ${owner.id} and t.posted_at >= ${start}::timestamptz and t.posted_at < ${end}::timestamptz
            union all
            (select t.id, t.account_seq, t.posted_at, t.txn_no, ${perWallet((w) => `t.${w}_after_cents`)}, true
             from fin_txn t where t.account_id = ${owner.id} and t.posted_at < ${start}::timestamptz order by t.posted_at desc, t.account_seq desc nulls last limit 1)
          ), stepped as (
            select c.*, ${perWallet((w) => `${w}_after - coalesce(lag(${w}_after) over w, 0) as ${w}`)}
            from chained c window w as (order by ${inOrder})
          ), lined as (
            select * from stepped where not earlier
          ), totals as (
            select count(*) as total,
              sum(case when cash + subsidy + gift > 0 then cash + subsidy + gift else 0 end) as credits,
              sum(case when cash + subsidy + gift < 0 then -(cash + subsidy + gift) else 0 end) as debits
            from lined
          ), opening as (
            select ${perWallet((w) => `${w}_after - ${w} as ${w}_open`)} from lined order by ${inOrder} limit 1
          ), closing as (
            select ${perWallet((w) => `${w}_after as ${w}_close`)} from lined order by account_seq desc nulls last, posted_at desc, txn_no desc limit 1
          ), paged as (
            select * from lined ${page}
          ), counted as (
            select p.*, t.txn_type, t.acc_date, t.summary, t.channel, t.operator, o.*, c.*, s.*
            from paged p join fin_txn t on t.id = p.id cross join opening o cross join closing c cross join totals s
          )
          select ${lineColumns} from counted order by account_seq desc nulls last, posted_at desc, txn_no desc`,
      );
  // A page past the range's end: the range's edges and totals as its first page says them.
  if (rows.length === 0 && input.pageNo > 1) return { ...(await accountStatement(work, { ...input, pageNo: 1, pageSize: 1 })), records: [] };
  // A range with no line opens and closes where the postings before it left the account: the last
  // one's balances (the newest by time is the last in sequence), or their entries summed.
  const signed = sql.raw(`case when e.dc = 'C' then e.amount_cents else -e.amount_cents end`);
  const edges =
    rows[0] ??
    (await rowsOf<Record<string, string>>(
      work.tx,
      unchained
        ? sql`select ${sql.join(
            WALLET_COLUMNS.map((wallet) => sql`coalesce(sum(case when e.wallet = ${wallet.toUpperCase()} then ${signed} end), 0)::text as ${sql.raw(wallet)}`),
            sql`, `,
          )}
          from fin_txn t join fin_entry e on e.txn_id = t.id and e.account_ref = t.account_id
          where t.account_id = ${owner.id} and t.posted_at < ${start}::timestamptz`
        : sql`select ${perWallet((w) => `${w}_after_cents::text as ${w}`)} from fin_txn t
          where t.account_id = ${owner.id} and t.posted_at < ${start}::timestamptz order by posted_at desc, account_seq desc nulls last limit 1`,
    ).then(([before]) => Object.fromEntries(WALLET_COLUMNS.flatMap((wallet) => [`${wallet}_open`, `${wallet}_close`].map((key) => [key, before?.[wallet] ?? '0'])))));
  const yuanOf = (value: string | null | undefined) => centsToYuan(Number(value ?? 0));
  const balancesOf = (row: Partial<Record<`${(typeof WALLET_COLUMNS)[number]}${string}`, string | null>> | undefined, suffix: string): StatementBalances => ({
    cash: yuanOf(row?.[`cash${suffix}`]),
    subsidy: yuanOf(row?.[`subsidy${suffix}`]),
    gift: yuanOf(row?.[`gift${suffix}`]),
    deposit: yuanOf(row?.[`deposit${suffix}`]),
  });
  return {
    account: owner,
    from: input.from,
    to: input.to,
    opening: balancesOf(edges, '_open'),
    closing: balancesOf(edges, '_close'),
    credits: yuanOf(rows[0]?.credits),
    debits: yuanOf(rows[0]?.debits),
    total: Number(rows[0]?.total ?? 0),
    records: rows.map((row) => ({
      id: row.id,
      txnNo: row.txn_no,
      txnType: row.txn_type,
      accDate: row.acc_date,
      postedAt: dateTimeIn(zone, new Date(row.posted_at)),
      summary: row.summary,
      channel: row.channel,
      operator: row.operator,
      change: centsToYuan(Number(row.cash) + Number(row.subsidy) + Number(row.gift)),
      moved: balancesOf(row, ''),
      after: balancesOf(row, '_after'),
    })),
  };
}

/** A statement's days: the last 30 to today unless told, at most 366, the start not after the end. */
export function statementRange(today: string, asked: { from?: string | undefined; to?: string | undefined }): { from: string; to: string } {
  const to = asked.to ?? today;
  const from = asked.from ?? addDays(to, -29);
  if (from > to) throw badRequest('开始日期不能晚于结束日期', 'The start date cannot be after the end date');
  if (addDays(from, 366) <= to) throw badRequest('查询区间不能超过366天', 'The range cannot exceed 366 days');
  return { from, to };
}

/** The workbook's words: a sheet for the card office, in its language. */
const WORDS = {
  sheet: { text: '账户流水' },
  account: { text: '账号' },
  opening: { text: '期初余额' },
  closing: { text: '期末余额' },
  columns: [
    { text: '记账时间' },
    { text: '流水号' },
    { text: '交易类型' },
    { text: '摘要' },
    { text: '现金余额' },
    { text: '补助余额' },
    { text: '赠送余额' },
    { text: '押金余额' },
    { text: '变动金额' },
    { text: '操作员' },
  ],
};

/** The statement as a workbook: the account, the range, the opening and closing lines, every posting. */
export async function statementWorkbook(statement: Statement, typeText: (type: string) => string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(WORDS.sheet.text);
  sheet.addRow([`${statement.account.memberName}（${statement.account.memberNo}）${WORDS.account.text} ${statement.account.accountNo}`, '', '', `${statement.from} ~ ${statement.to}`]);
  sheet.addRow([WORDS.opening.text, '', '', '', statement.opening.cash, statement.opening.subsidy, statement.opening.gift, statement.opening.deposit]);
  const header = sheet.addRow(WORDS.columns.map((column) => column.text));
  header.font = { bold: true };
  // Oldest first on paper: the balances read down like a bank book.
  for (const line of [...statement.records].reverse())
    sheet.addRow([line.postedAt, line.txnNo, typeText(line.txnType), line.summary ?? '', line.after.cash, line.after.subsidy, line.after.gift, line.after.deposit, line.change, line.operator]);
  sheet.addRow([WORDS.closing.text, '', '', '', statement.closing.cash, statement.closing.subsidy, statement.closing.gift, statement.closing.deposit]);
  sheet.columns.forEach((column, index) => (column.width = [20, 22, 12, 36, 12, 12, 12, 12, 12, 12][index] ?? 12));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
