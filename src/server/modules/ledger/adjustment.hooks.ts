import { and, eq, inArray } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import { accounts, adjustments, members } from '../../db/schema';

/** 手工调账's list: each request's account holder beside it. */
export const adjustmentHooks: EntityHooks = {
  async joinList(records, reads) {
    const ids = records.map((record) => String(record.id));
    if (!ids.length) return;
    const rows = await reads.tx
      .select({ id: adjustments.id, memberName: members.realName })
      .from(adjustments)
      .innerJoin(accounts, eq(accounts.id, adjustments.accountId))
      .innerJoin(members, eq(members.id, accounts.memberId))
      .where(and(reads.school(adjustments, { deleted: true }), inArray(adjustments.id, ids)));
    const byId = new Map(rows.map((row) => [row.id, row.memberName]));
    for (const record of records) record.memberName = byId.get(String(record.id)) ?? null;
  },
};
