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
    Wallets<'_after'> & {
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
  const inRange = sql`t.posted_at >= ${start}::timestamptz and t.posted_at < ${end}::timestamptz`;
  const page = sql`order by account_seq desc nulls last, posted_at desc, txn_no desc limit ${input.pageSize} offset ${(input.pageNo - 1) * input.pageSize}`;
  const lineColumns = sql`id, txn_no, txn_type, acc_date::text as acc_date, posted_at, summary, channel, operator,
    cash::text, subsidy::text, gift::text, deposit::text, cash_after::text, subsidy_after::text, gift_after::text, deposit_after::text, total::text, credits::text, debits::text`;
  const rangeTotals = sql`count(*) over () as total,
    sum(case when cash + subsidy + gift > 0 then cash + subsidy + gift else 0 end) over () as credits,
    sum(case when cash + subsidy + gift < 0 then -(cash + subsidy + gift) else 0 end) over () as debits`;
  // The account is the school's (found above): its postings are found by it alone.
  // Every posting keeps the balances it left (written under the account's lock): the statement reads
  // its range alone, whatever the account's age. An account with a posting that keeps none (older
  // than the receipts, or written straight into the ledger) is summed whole, as the receipts would.
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
            select m.*, sum(cash) over w as cash_after, sum(subsidy) over w as subsidy_after, sum(gift) over w as gift_after, sum(deposit) over w as deposit_after
            from moves m window w as (order by account_seq nulls first, posted_at, txn_no rows unbounded preceding)
          ), ranged as (
            select r.*, ${rangeTotals} from running r where posted_at >= ${start}::timestamptz and posted_at < ${end}::timestamptz
          )
          select ${lineColumns} from ranged ${page}`,
      )
    : await rowsOf<Row>(
        work.tx,
        sql`with ranged as (
            select t.id, t.txn_no, t.txn_type, t.acc_date, t.posted_at, t.account_seq, t.summary, t.channel, t.operator,
              t.cash_after_cents as cash_after, t.subsidy_after_cents as subsidy_after, t.gift_after_cents as gift_after, t.deposit_after_cents as deposit_after, m.*
            from fin_txn t cross join lateral (select ${moves} from fin_entry e where e.txn_id = t.id and e.account_ref = t.account_id) m
            where t.account_id = ${owner.id} and ${inRange}
          )
          select ${lineColumns} from (select r.*, ${rangeTotals} from ranged r) counted ${page}`,
      );
  // The balances at the range's edges: everything before it, and everything up to its end.
  const signed = sql.raw(`case when e.dc = 'C' then e.amount_cents else -e.amount_cents end`);
  const [edges] = unchained
    ? await rowsOf<Record<string, string>>(
        work.tx,
        sql`select ${sql.join(
          WALLET_COLUMNS.map(
            (wallet) =>
              sql`coalesce(sum(case when e.wallet = ${wallet.toUpperCase()} and t.posted_at < ${start}::timestamptz then ${signed} end), 0)::text as ${sql.raw(`${wallet}_open`)},
                coalesce(sum(case when e.wallet = ${wallet.toUpperCase()} and t.posted_at < ${end}::timestamptz then ${signed} end), 0)::text as ${sql.raw(`${wallet}_close`)}`,
          ),
          sql`, `,
        )}
          from fin_txn t join fin_entry e on e.txn_id = t.id and e.account_ref = t.account_id
          where t.account_id = ${owner.id}`,
      )
    : // The range's first line in the account's sequence, less its move, opens it; its last closes it.
      // A range with no line opens and closes on the last posting before it.
      await rowsOf<Record<string, string>>(
        work.tx,
        sql`with edge as (
            select t.id, t.account_seq, t.posted_at, t.txn_no, t.cash_after_cents as cash, t.subsidy_after_cents as subsidy, t.gift_after_cents as gift, t.deposit_after_cents as deposit
            from fin_txn t where t.account_id = ${owner.id} and ${inRange}
          ), first as (
            select f.*, m.cash as cash_moved, m.subsidy as subsidy_moved, m.gift as gift_moved, m.deposit as deposit_moved
            from (select * from edge order by account_seq nulls first, posted_at, txn_no limit 1) f
              cross join lateral (select ${moves} from fin_entry e where e.txn_id = f.id and e.account_ref = ${owner.id}) m
          ), last as (
            select * from edge order by account_seq desc nulls last, posted_at desc, txn_no desc limit 1
          ), before as (
            select t.cash_after_cents as cash, t.subsidy_after_cents as subsidy, t.gift_after_cents as gift, t.deposit_after_cents as deposit
            from fin_txn t where t.account_id = ${owner.id} and t.posted_at < ${start}::timestamptz order by t.posted_at desc, t.account_seq desc nulls last limit 1
          )
          select ${sql.join(
            WALLET_COLUMNS.map(
              (wallet) =>
                sql`coalesce((select ${sql.raw(`${wallet} - ${wallet}_moved`)} from first), (select ${sql.raw(wallet)} from before), 0)::text as ${sql.raw(`${wallet}_open`)},
                  coalesce((select ${sql.raw(wallet)} from last), (select ${sql.raw(wallet)} from before), 0)::text as ${sql.raw(`${wallet}_close`)}`,
            ),
            sql`, `,
          )}`,
      );
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
