import { and, between, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { ListFilter, ListQuery } from '@shared/engine/schemas';
import { addDays, dayIn, parseSchoolTime } from '@shared/schoolTime';
import type { EntityHooks } from '../../crud/registerEntity';
import type { Work } from '../../db/work';
import { rowsOf } from '../../db/rows';
import { escapeLike } from '../../db/like';
import { accounts, daySums, daySumsKept, ledgerTransactions, memberDepartments, members } from '../../db/schema';
import { badRequest } from '../../http/envelope';
import { schoolSettings } from '../schools/settings';

/** The holder, 学/工号 and class of each record's account, for a page of ledger records. */
const joinMembers: EntityHooks['joinList'] = async (records, reads) => {
  const ids = records.map((record) => String(record.id));
  const rows = await reads.tx
    .select({ id: ledgerTransactions.id, memberName: members.realName, memberNo: members.memberNo, deptId: members.deptId, deptName: memberDepartments.name })
    .from(ledgerTransactions)
    .innerJoin(accounts, eq(accounts.id, ledgerTransactions.accountId))
    .innerJoin(members, eq(members.id, accounts.memberId))
    .leftJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
    .where(and(reads.school(ledgerTransactions), inArray(ledgerTransactions.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const record of records) {
    const found = byId.get(String(record.id));
    record.memberName = found?.memberName ?? null;
    record.memberNo = found?.memberNo ?? null;
    record.deptId = found?.deptId ?? null;
    record.deptId_dictText = found?.deptName ?? null;
  }
};

/**
 * Records of the accounts whose holder matches: by name (its part), 学/工号 (its start) or class.
 * The accounts are found once (an array), then the records by the account index: as a plain
 * `in (subquery)` the planner, behind the row policies, read every record of the range against it
 * (4.8 s against 20 ms).
 */
const holders = (match: SQL) => sql`${ledgerTransactions.accountId} = any(array(select a.id from memb_account a join memb_member m on m.id = a.member_id where ${match}))`;

/** 姓名, 学/工号, 班级 and 卡号 are the holder's and the card's: found through their own indexes. */
const joinedFilter = (filter: ListFilter): SQL | undefined => {
  if (filter.op !== 'like' && filter.op !== 'prefix' && filter.op !== 'eq') return sql`false`;
  const value = filter.value;
  switch (filter.field.key) {
    case 'memberName':
      return holders(sql`m.real_name ilike ${`%${escapeLike(value)}%`}`);
    case 'memberNo':
      return holders(sql`m.member_no like ${`${escapeLike(value)}%`}`);
    case 'deptId':
      return holders(sql`m.dept_id = ${value}`);
    case 'cardNo': {
      // A card number, or a chip's number as the reader gives it. A card's records are among its
      // account's: found by the account index, then kept to the card (no index of their own to
      // write on every payment).
      const card = sql`from memb_card c where c.card_no = ${value} or c.phys_no = ${value.toUpperCase()}`;
      return sql`${ledgerTransactions.accountId} = any(array(select c.account_id ${card})) and ${ledgerTransactions.cardId} = any(array(select c.id ${card}))`;
    }
    default:
      return sql`false`;
  }
};

/**
 * The records' date range (school days): bounded by the school's setting (记录查询的最长区间), one
 * longer refused. A query without one gets today — the day a clerk checks most, as 进出记录 does;
 * a longer range is asked for.
 */
async function rangeOf(query: ListQuery, reads: Work) {
  const school = await schoolSettings(reads.tx, reads.tenantId);
  const range = query.filters.find((filter) => filter.field.key === 'postedAt' && filter.op === 'range');
  const today = dayIn(school.timeZone);
  const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);
  const end = (range?.op === 'range' ? day(range.end) : null) ?? today;
  const begin = (range?.op === 'range' ? day(range.begin) : null) ?? end;
  if (addDays(begin, school.recordRangeDays) <= end)
    throw badRequest(`查询区间不能超过${school.recordRangeDays}天，请缩小日期范围`, `The date range cannot exceed ${school.recordRangeDays} days; narrow it`);
  const at = (date: string) => parseSchoolTime(school.timeZone, `${date} 00:00:00`);
  return { begin, end, today, zone: school.timeZone, from: at(begin), to: at(addDays(end, 1)), todayFrom: at(today) };
}

/** Millions of rows are never read whole: every list and export carries its range. */
const listBounds: EntityHooks['listBounds'] = async (query: ListQuery, reads) => {
  const { from, to } = await rangeOf(query, reads);
  if (!from || !to) return sql`false`;
  return sql`${ledgerTransactions.postedAt} >= ${from.toISOString()}::timestamptz and ${ledgerTransactions.postedAt} < ${to.toISOString()}::timestamptz`;
};

/** The dimensions a day's sums keep, by the list's field: filters on them are answered from the sums. */
const DIMENSIONS: Readonly<Record<string, string>> = {
  txnType: 'txn_type',
  canteenId: 'canteen_id',
  storeId: 'store_id',
  terminalId: 'terminal_id',
  mealType: 'meal_type',
  channel: 'channel',
  operator: 'operator',
};

/**
 * A filter on a kept dimension as a condition that holds alike on the sums and on the postings
 * (same column names; a sum keeps the value whole): as the list matches it — exact, its start, or a part.
 */
function onDimension(filter: ListFilter): SQL | undefined {
  const column = DIMENSIONS[filter.field.key];
  if (!column || filter.field.joined || filter.op === 'range' || !filter.value.length) return undefined;
  switch (filter.op) {
    case 'in':
      return sql`${sql.raw(column)} in (${sql.join(
        filter.value.map((value) => sql`${value}`),
        sql`, `,
      )})`;
    case 'eq':
      return sql`${sql.raw(column)} = ${filter.value}`;
    case 'prefix':
      return sql`${sql.raw(column)} like ${`${escapeLike(filter.value)}%`}`;
    case 'like':
      return sql`${sql.raw(column)} ilike ${`%${escapeLike(filter.value)}%`}`;
    default:
      return undefined;
  }
}

/**
 * A day's sums are kept only once it has been over this long: a payment stamped a moment before
 * midnight commits a moment after it, and a list asking at midnight must not keep the day without it.
 */
export const DAY_SUMS_KEPT_AFTER_MS = 15 * 60_000;

/**
 * Keeps the sums of closed school days not kept yet — each day once, whoever asks first — or kept
 * under another time zone (the school changed its zone: its days are cut differently now).
 */
async function keepDaySums(work: Work, zone: string, days: readonly string[]) {
  if (!days.length) return;
  const kept = new Set((await work.rows(daySumsKept, and(between(daySumsKept.day, days[0]!, days.at(-1)!), eq(daySumsKept.timeZone, zone)))).map((row) => row.day));
  for (const day of days.filter((candidate) => !kept.has(candidate))) {
    const from = parseSchoolTime(zone, `${day} 00:00:00`)!;
    const to = parseSchoolTime(zone, `${addDays(day, 1)} 00:00:00`)!;
    // Its own savepoint: a day kept or not, whatever the list's transaction does after.
    await work.tx.transaction(async (tx) => {
      // Two lists asking at once: the second waits on the first's row, then finds it kept in this zone.
      const [claimed] = await tx
        .insert(daySumsKept)
        .values({ tenantId: work.tenantId, day, timeZone: zone })
        .onConflictDoUpdate({ target: [daySumsKept.tenantId, daySumsKept.day], set: { timeZone: zone }, setWhere: ne(daySumsKept.timeZone, zone) })
        .returning({ day: daySumsKept.day });
      if (!claimed) return;
      await tx.delete(daySums).where(and(work.school(daySums), eq(daySums.day, day)));
      const t = ledgerTransactions;
      await tx.insert(daySums).select(
        tx
          .select({
            tenantId: sql<number>`${work.tenantId}::int`.as('tenant_id'),
            day: sql<string>`${day}::date`.as('day'),
            txnType: t.txnType,
            canteenId: sql<string>`coalesce(${t.canteenId}, '')`.as('canteen_id'),
            storeId: sql<string>`coalesce(${t.storeId}, '')`.as('store_id'),
            terminalId: sql<string>`coalesce(${t.terminalId}, '')`.as('terminal_id'),
            mealType: sql<string>`coalesce(${t.mealType}, '')`.as('meal_type'),
            channel: sql<string>`coalesce(${t.channel}, '')`.as('channel'),
            operator: t.operator,
            net: sql<number>`sum(case when ${t.txnType} in ('RECHARGE_REVERSAL', 'CONSUME_REFUND') then -${t.amount} else ${t.amount} end)`.as('net_cents'),
            postings: sql<number>`count(*)::int`.as('postings'),
          })
          .from(t)
          .where(and(work.school(t), inArray(t.txnType, ['CONSUME', 'CONSUME_REFUND', 'RECHARGE', 'RECHARGE_REVERSAL']), gte(t.postedAt, from), lt(t.postedAt, to)))
          .groupBy(t.txnType, t.canteenId, t.storeId, t.terminalId, t.mealType, t.channel, t.operator),
      );
    });
  }
}

/**
 * A list's count and 合计 from the kept sums of its closed days plus today's postings, when it is
 * filtered only by range and the kept dimensions (canteen, store, terminal, meal, channel, type, operator);
 * a person's, a card's or a number's records are few and counted as they are.
 */
const summaryOf =
  (types: readonly string[]): EntityHooks['summaryOf'] =>
  async (query, work) => {
    const others = query.filters.filter((filter) => filter.field.key !== 'postedAt');
    const conditions = others.map(onDimension);
    if (conditions.some((condition) => !condition)) return undefined;
    const range = await rangeOf(query, work);
    if (!range.from || !range.to || !range.todayFrom) return undefined;
    // The days over long enough to keep (yesterday only once today is some minutes old).
    const settled = dayIn(range.zone, new Date(Date.now() - DAY_SUMS_KEPT_AFTER_MS));
    const lastKept = addDays(settled, -1);
    const closedEnd = range.end < lastKept ? range.end : lastKept;
    const closed: string[] = [];
    for (let day = range.begin; day <= closedEnd; day = addDays(day, 1)) closed.push(day);
    await keepDaySums(work, range.zone, closed);
    // The same conditions hold for the kept sums and for today's postings (same column names).
    const matching = conditions.length ? sql`and ${sql.join(conditions as SQL[], sql` and `)}` : sql``;
    const [fromSums] = closed.length
      ? await rowsOf<{ net: string; n: string }>(
          work.tx,
          sql`select coalesce(sum(net_cents), 0)::text as net, coalesce(sum(postings), 0)::text as n from fin_day_sum
            where ${work.school(daySums)} and day between ${range.begin}::date and ${closedEnd}::date and txn_type in ${sql.raw(`('${types.join("','")}')`)}
            ${matching}`,
        )
      : [{ net: '0', n: '0' }];
    // The postings of the days not kept: from the day after the last kept one (today, and yesterday
    // in its first minutes), or none when the range ends before that.
    const liveStart = parseSchoolTime(range.zone, `${addDays(closedEnd, 1)} 00:00:00`)!;
    const liveFrom = closedEnd >= range.end ? range.to : liveStart > range.from ? liveStart : range.from;
    const [fromToday] = await rowsOf<{ net: string; n: string }>(
      work.tx,
      sql`select coalesce(sum(case when txn_type in ('RECHARGE_REVERSAL', 'CONSUME_REFUND') then -amount_cents else amount_cents end), 0)::text as net, count(*)::text as n from fin_txn
        where ${work.school(ledgerTransactions)} and txn_type in ${sql.raw(`('${types.join("','")}')`)} and posted_at >= ${liveFrom.toISOString()}::timestamptz and posted_at < ${range.to.toISOString()}::timestamptz
        ${matching}`,
    );
    return { total: Number(fromSums!.n) + Number(fromToday!.n), sums: { amount: Number(fromSums!.net) + Number(fromToday!.net) } };
  };

/** A reversal or refund takes back what its original moved: the 合计 line nets them. */
const netAmount = { amount: sql`case when ${ledgerTransactions.txnType} in ('RECHARGE_REVERSAL', 'CONSUME_REFUND') then -${ledgerTransactions.amount} else ${ledgerTransactions.amount} end` };

/** 消费记录: the ledger's payments and refunds. */
export const consumptionRecordHooks: EntityHooks = {
  scope: () => inArray(ledgerTransactions.txnType, ['CONSUME', 'CONSUME_REFUND']),
  joinList: joinMembers,
  joinedFilter,
  listBounds,
  summaryOf: summaryOf(['CONSUME', 'CONSUME_REFUND']),
  totalOf: netAmount,
};

/** 充值记录: the ledger's recharges and their reversals. */
export const chargeRecordHooks: EntityHooks = {
  scope: () => inArray(ledgerTransactions.txnType, ['RECHARGE', 'RECHARGE_REVERSAL']),
  joinList: joinMembers,
  joinedFilter,
  listBounds,
  summaryOf: summaryOf(['RECHARGE', 'RECHARGE_REVERSAL']),
  totalOf: netAmount,
};
