import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListFilter, ListQuery } from '@shared/engine/schemas';
import { addDays, dayIn, parseSchoolTime } from '@shared/schoolTime';
import type { EntityHooks } from '../../crud/registerEntity';
import { escapeLike } from '../../db/like';
import { accounts, ledgerTransactions, memberDepartments, members } from '../../db/schema';
import { badRequest } from '../../http/envelope';
import { schoolSettings } from '../schools/settings';

/** The holder, 学/工号 and class of each record's account, for a page of ledger records. */
const joinMembers: EntityHooks['joinList'] = async (records, tenantId, db) => {
  const ids = records.map((record) => String(record.id));
  const rows = await db
    .select({ id: ledgerTransactions.id, memberName: members.realName, memberNo: members.memberNo, deptId: members.deptId, deptName: memberDepartments.name })
    .from(ledgerTransactions)
    .innerJoin(accounts, eq(accounts.id, ledgerTransactions.accountId))
    .innerJoin(members, eq(members.id, accounts.memberId))
    .leftJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
    .where(and(eq(ledgerTransactions.tenantId, tenantId), inArray(ledgerTransactions.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const record of records) {
    const found = byId.get(String(record.id));
    record.memberName = found?.memberName ?? null;
    record.memberNo = found?.memberNo ?? null;
    record.deptId = found?.deptId ?? null;
    record.deptId_dictText = found?.deptName ?? null;
  }
};

/** Records of the accounts whose holder matches: by name (its part), 学/工号 (its start) or class. */
const holders = (match: SQL) => sql`${ledgerTransactions.accountId} in (select a.id from memb_account a join memb_member m on m.id = a.member_id where ${match})`;

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
    case 'cardNo':
      // A card number, or a chip's number as the reader gives it.
      return sql`${ledgerTransactions.cardId} in (select c.id from memb_card c where c.card_no = ${value} or c.phys_no = ${value.toUpperCase()})`;
    default:
      return sql`false`;
  }
};

/**
 * The records' date range is required and bounded by the school's setting (记录查询的最长区间): a
 * query without one gets that many days up to today, one longer is refused. Millions of rows are
 * never read whole.
 */
const listBounds: EntityHooks['listBounds'] = async (query: ListQuery, tenantId, db) => {
  const school = await schoolSettings(db, tenantId);
  const range = query.filters.find((filter) => filter.field.key === 'postedAt' && filter.op === 'range');
  const today = dayIn(school.timeZone);
  const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);
  const end = (range?.op === 'range' ? day(range.end) : null) ?? today;
  const begin = (range?.op === 'range' ? day(range.begin) : null) ?? addDays(end, -(school.recordRangeDays - 1));
  if (addDays(begin, school.recordRangeDays) <= end)
    throw badRequest(`查询区间不能超过${school.recordRangeDays}天，请缩小日期范围`, `The date range cannot exceed ${school.recordRangeDays} days; narrow it`);
  const from = parseSchoolTime(school.timeZone, `${begin} 00:00:00`);
  const to = parseSchoolTime(school.timeZone, `${addDays(end, 1)} 00:00:00`);
  if (!from || !to) return sql`false`;
  return sql`${ledgerTransactions.postedAt} >= ${from.toISOString()}::timestamptz and ${ledgerTransactions.postedAt} < ${to.toISOString()}::timestamptz`;
};

/** A reversal or refund takes back what its original moved: the 合计 line nets them. */
const netAmount = { amount: sql`case when ${ledgerTransactions.txnType} in ('RECHARGE_REVERSAL', 'CONSUME_REFUND') then -${ledgerTransactions.amount} else ${ledgerTransactions.amount} end` };

/** 消费记录: the ledger's payments and refunds. */
export const consumptionRecordHooks: EntityHooks = {
  scope: () => inArray(ledgerTransactions.txnType, ['CONSUME', 'CONSUME_REFUND']),
  joinList: joinMembers,
  joinedFilter,
  listBounds,
  totalOf: netAmount,
};

/** 充值记录: the ledger's recharges and their reversals. */
export const chargeRecordHooks: EntityHooks = {
  scope: () => inArray(ledgerTransactions.txnType, ['RECHARGE', 'RECHARGE_REVERSAL']),
  joinList: joinMembers,
  joinedFilter,
  listBounds,
  totalOf: netAmount,
};
