import { and, eq, ne, sql } from 'drizzle-orm';
import type { Work } from '../../db/work';
import { accounts, cards, rechargeOrders } from '../../db/schema';
import { schoolDay } from './core';

/**
 * A person leaving (毕业): their live cards cancelled as 毕业 (each card's list version moves, so the
 * terminals' blacklists take it), and their account closed with its unpaid online recharges — in
 * the caller's unit of work, after the settlement posting emptied the account.
 */
export async function closeForLeaving(work: Work, input: { memberId: string; accountId: string | null; cancelCards: boolean; closeAccount: boolean }): Promise<void> {
  if (input.cancelCards)
    await work.update(
      cards,
      { cardStatus: '4', closeReason: '4', closeTime: new Date(), listVersion: sql`${cards.listVersion} + 1` },
      and(input.accountId ? eq(cards.accountId, input.accountId) : eq(cards.memberId, input.memberId), ne(cards.cardStatus, '4')),
    );
  if (!input.accountId || !input.closeAccount) return;
  await work.update(accounts, { accountStatus: '3', closeDate: await schoolDay(work.tx, work.tenantId) }, eq(accounts.id, input.accountId));
  // An online recharge still unpaid closes with it (a payment that arrives is held as 待退款).
  await work.update(rechargeOrders, { status: '2' }, and(eq(rechargeOrders.accountId, input.accountId), eq(rechargeOrders.status, '0')));
}
