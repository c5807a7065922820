import { and, eq, inArray, ne } from 'drizzle-orm';
import { centsToYuan } from '@shared/engine/schemas';
import type { EntityHooks } from '../../crud/registerEntity';
import { accounts, cards } from '../../db/schema';

/** 3201**********1234: the first four and last four characters of an ID number, the rest hidden. */
export function maskIdNumber(value: string): string {
  if (value.length <= 8) return `${value.slice(0, 1)}${'*'.repeat(Math.max(value.length - 2, 0))}${value.slice(-1)}`;
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}

/**
 * ID numbers are personal data: lists and exports show them masked, the form (to edit) whole.
 * The list shows each member's card and balances beside them, read for the page in one query.
 */
export const memberHooks: EntityHooks = {
  shapeRecord(record, view) {
    if (view === 'list' && typeof record.idNo === 'string' && record.idNo) record.idNo = maskIdNumber(record.idNo);
  },
  async joinList(records, work) {
    const ids = records.map((record) => String(record.id));
    const rows = await work.tx
      .select({ memberId: accounts.memberId, cash: accounts.cash, subsidy: accounts.subsidy, cardNo: cards.cardNo })
      .from(accounts)
      .leftJoin(cards, and(eq(cards.accountId, accounts.id), work.school(cards, { deleted: true }), ne(cards.cardStatus, '4')))
      .where(and(work.school(accounts, { deleted: true }), inArray(accounts.memberId, ids), ne(accounts.accountStatus, '3')));
    const byMember = new Map(rows.map((row) => [row.memberId, row]));
    for (const record of records) {
      const found = byMember.get(String(record.id));
      record.cardNo = found?.cardNo ?? null;
      record.cash = found ? centsToYuan(found.cash) : null;
      record.subsidy = found ? centsToYuan(found.subsidy) : null;
    }
  },
};
