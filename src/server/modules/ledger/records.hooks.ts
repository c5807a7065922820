import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import { accounts, ledgerTransactions, members } from '../../db/schema';

/** The name and 学/工号 of each record's account holder, for a page of ledger records. */
const joinMembers: EntityHooks['joinList'] = async (records, tenantId, db) => {
  const ids = records.map((record) => String(record.id));
  const rows = await db
    .select({ id: ledgerTransactions.id, memberName: members.realName, memberNo: members.memberNo })
    .from(ledgerTransactions)
    .innerJoin(accounts, eq(accounts.id, ledgerTransactions.accountId))
    .innerJoin(members, eq(members.id, accounts.memberId))
    .where(and(eq(ledgerTransactions.tenantId, tenantId), inArray(ledgerTransactions.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const record of records) {
    const found = byId.get(String(record.id));
    record.memberName = found?.memberName ?? null;
    record.memberNo = found?.memberNo ?? null;
  }
};

/** A reversal or refund takes back what its original moved: the 合计 line nets them. */
const netAmount = { amount: sql`case when ${ledgerTransactions.txnType} in ('RECHARGE_REVERSAL', 'CONSUME_REFUND') then -${ledgerTransactions.amount} else ${ledgerTransactions.amount} end` };

/** 消费记录: the ledger's payments and refunds. */
export const consumptionRecordHooks: EntityHooks = {
  scope: () => inArray(ledgerTransactions.txnType, ['CONSUME', 'CONSUME_REFUND']),
  joinList: joinMembers,
  totalOf: netAmount,
};

/** 充值记录: the ledger's recharges and their reversals. */
export const chargeRecordHooks: EntityHooks = {
  scope: () => inArray(ledgerTransactions.txnType, ['RECHARGE', 'RECHARGE_REVERSAL']),
  joinList: joinMembers,
  totalOf: netAmount,
};
