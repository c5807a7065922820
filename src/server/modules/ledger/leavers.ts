import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, cards, rechargeOrders } from '../../db/schema';
import { schoolDay, type Caller } from './core';

/**
 * A person leaving (毕业): their live cards cancelled as 毕业 (each card's list version moves, so the
 * terminals' blacklists take it), and their account closed with its unpaid online recharges — in
 * the caller's transaction, after the settlement posting emptied the account.
 */
export async function closeForLeaving(tx: Executor, caller: Caller, input: { memberId: string; accountId: string | null; cancelCards: boolean; closeAccount: boolean }): Promise<void> {
  const now = new Date();
  if (input.cancelCards)
    await tx
      .update(cards)
      .set({ cardStatus: '4', closeReason: '4', closeTime: now, listVersion: sql`${cards.listVersion} + 1`, updatedAt: now, updateBy: caller.username })
      .where(and(eq(cards.tenantId, caller.tenantId), input.accountId ? eq(cards.accountId, input.accountId) : eq(cards.memberId, input.memberId), ne(cards.cardStatus, '4')));
  if (!input.accountId || !input.closeAccount) return;
  await tx
    .update(accounts)
    .set({ accountStatus: '3', closeDate: await schoolDay(tx, caller.tenantId), updatedAt: now, updateBy: caller.username })
    .where(eq(accounts.id, input.accountId));
  // An online recharge still unpaid closes with it (a payment that arrives is held as 待退款).
  await tx
    .update(rechargeOrders)
    .set({ status: '2' })
    .where(and(eq(rechargeOrders.accountId, input.accountId), eq(rechargeOrders.status, '0')));
}
