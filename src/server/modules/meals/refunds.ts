import { createHash } from 'node:crypto';
import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { accounts, ledgerEntries, mealOrders, mealRefundBatches, mealRefundItems } from '../../db/schema';
import { inSchool, schoolReads, Work } from '../../db/work';
import { ApiError, badRequest } from '../../http/envelope';
import { INNER, ledgerCore, SPEND_ORDER, type Caller, type Line, type Wallet } from '../ledger/core';
import { refundsPaid } from '../payments/mealLeaveRefunds';

/**
 * 退款合并 (DOMAIN.md 6.9): refund lines gathered into a batch, released when it is rejected or
 * deleted, and paid back as one ledger posting per person — its idempotency key the batch and the
 * person, the person's lines locked and checked under the account's lock — so a retry, a second
 * run or a run after a crash pays nobody twice.
 */

type BatchRow = typeof mealRefundBatches.$inferSelect;

/** Gathers the waiting lines a new batch covers; a batch of nothing is refused. */
export async function gatherRefundLines(
  work: Work,
  batchId: string,
  scope: { dateFrom: string; dateTo: string; canteenId?: string | null; sourceType?: string | null },
): Promise<{ persons: number; lines: number; total: number }> {
  const taken = await work.tx
    .update(mealRefundItems)
    .set({ batchId, status: '1' })
    .where(
      and(
        work.school(mealRefundItems),
        eq(mealRefundItems.status, '0'),
        gte(mealRefundItems.diningDate, scope.dateFrom),
        lte(mealRefundItems.diningDate, scope.dateTo),
        ...(scope.canteenId ? [eq(mealRefundItems.canteenId, scope.canteenId)] : []),
        ...(scope.sourceType ? [eq(mealRefundItems.sourceType, scope.sourceType)] : []),
      ),
    )
    .returning({ memberId: mealRefundItems.memberId, amount: mealRefundItems.amount });
  if (!taken.length) throw badRequest('所选期间没有待合并的退款明细', 'No refund lines wait in that period');
  return { persons: new Set(taken.map((line) => line.memberId)).size, lines: taken.length, total: taken.reduce((sum, line) => sum + line.amount, 0) };
}

/** A batch's unpaid lines wait again (the batch rejected or deleted). */
export async function releaseRefundLines(work: Work, batchIds: readonly string[]): Promise<void> {
  await work.update(mealRefundItems, { batchId: null, status: '0', failReason: null, failReasonEn: null }, and(inArray(mealRefundItems.batchId, [...batchIds]), eq(mealRefundItems.status, '1')));
}

/** The key of one person's refund in one batch (the same whoever runs it). */
export const refundKey = (batchId: string, memberId: string) => `RM${createHash('sha256').update(`${batchId}:${memberId}`).digest('hex').slice(0, 40)}`;

/**
 * Where each line's money goes back: the wallets its order was paid from (subsidy first, as it was
 * spent), so a refund never turns subsidy or gift into cash; a line with no paid order, to cash. A
 * line asking back more than its order paid is refused.
 */
export async function refundWallets(tx: Executor, accountId: string, lines: readonly (typeof mealRefundItems.$inferSelect)[]): Promise<Record<Wallet, number>> {
  const back: Record<Wallet, number> = { CASH: 0, SUBSIDY: 0, GIFT: 0, DEPOSIT: 0 };
  const orderIds = lines.map((line) => line.sourceId).filter((id): id is string => Boolean(id));
  const orders = orderIds.length ? await tx.select({ id: mealOrders.id, orderNo: mealOrders.orderNo, payTxnId: mealOrders.payTxnId }).from(mealOrders).where(inArray(mealOrders.id, orderIds)) : [];
  const paidBy = new Map(orders.map((order) => [order.id, order]));
  const txnIds = orders.map((order) => order.payTxnId).filter((id): id is string => Boolean(id));
  const entries = txnIds.length
    ? await tx
        .select({ txnId: ledgerEntries.txnId, wallet: ledgerEntries.wallet, amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(and(inArray(ledgerEntries.txnId, txnIds), eq(ledgerEntries.accountRef, accountId), eq(ledgerEntries.dc, 'D')))
    : [];
  for (const line of lines) {
    const order = line.sourceId ? paidBy.get(line.sourceId) : undefined;
    const parts = entries.filter((entry) => order?.payTxnId && entry.txnId === order.payTxnId);
    if (!parts.length) {
      back.CASH += line.amount;
      continue;
    }
    let left = line.amount;
    for (const wallet of SPEND_ORDER) {
      const paid = parts.filter((entry) => entry.wallet === wallet).reduce((sum, entry) => sum + entry.amount, 0);
      const share = Math.min(left, paid);
      back[wallet] += share;
      left -= share;
    }
    if (left > 0) throw badRequest(`退款金额超过订单 ${order!.orderNo} 的实付金额`, `More is refunded than order ${order!.orderNo} paid`);
  }
  return back;
}

/**
 * 执行退款: each person of the batch with lines still to pay gets one posting (2004 → the wallets
 * their orders were paid from) for the sum of their lines; a person whose account cannot take money fails alone, with
 * the reason on their lines. The batch ends 已退款, or 部分失败 to run again.
 */
export async function payRefundBatch(context: Pick<AppContext, 'db'>, caller: Caller, batch: Pick<BatchRow, 'id' | 'billNo'>): Promise<{ paid: number; amount: number; failed: number }> {
  const core = ledgerCore(context.db);
  const reads = schoolReads(context.db, caller);
  const people = await reads.tx
    .selectDistinct({ memberId: mealRefundItems.memberId })
    .from(mealRefundItems)
    .where(and(reads.school(mealRefundItems), eq(mealRefundItems.batchId, batch.id), eq(mealRefundItems.status, '1')));
  const done = { paid: 0, amount: 0, failed: 0 };
  for (const { memberId } of people) {
    const [account] = await reads.rows(accounts, and(eq(accounts.memberId, memberId), ne(accounts.accountStatus, '3')));
    const key = refundKey(batch.id, memberId);
    try {
      if (!account) throw badRequest('该人员没有账户', 'This person has no account');
      const posted = await core.once(caller, key, { op: 'mealRefund', batch: batch.id, memberId }, account.id, async (tx, locked, hash, work) => {
        core.mustBeOpen(locked!);
        const lines = await tx
          .select()
          .from(mealRefundItems)
          .where(and(work.school(mealRefundItems), eq(mealRefundItems.batchId, batch.id), eq(mealRefundItems.memberId, memberId), eq(mealRefundItems.status, '1')))
          .for('update');
        const amount = lines.reduce((sum, line) => sum + line.amount, 0);
        if (!lines.length || amount <= 0) throw new ApiError(409, '已退款', 'Already refunded');
        const result = await core.post(tx, caller, {
          key,
          hash,
          type: 'MEAL_REFUND',
          account: locked!,
          amount,
          lines: [
            { accountRef: INNER.merchants, wallet: null, dc: 'D', amount },
            ...Object.entries(await refundWallets(tx, locked!.id, lines))
              .filter(([, part]) => part > 0)
              .map(([wallet, part]): Line => ({ accountRef: locked!.id, wallet: wallet as Wallet, dc: 'C', amount: part })),
          ],
          meta: { summary: `退款合并 ${batch.billNo}（${lines.length} 笔）` },
        });
        const ids = lines.map((line) => line.id);
        await tx
          .update(mealRefundItems)
          .set({ status: '2', txnId: result.id, failReason: null, failReasonEn: null })
          .where(and(work.school(mealRefundItems), inArray(mealRefundItems.id, ids)));
        await refundsPaid(tx, ids, batch.id);
        // The orders these lines gave back are 已退款.
        const orders = lines.map((line) => line.sourceId).filter((id): id is string => Boolean(id));
        if (orders.length)
          await tx
            .update(mealOrders)
            .set({ status: '5' })
            .where(and(work.school(mealOrders), inArray(mealOrders.id, orders), inArray(mealOrders.status, ['3', '4'])));
        return result;
      });
      if (!posted.replayed) {
        done.paid += 1;
        done.amount += posted.amountCents;
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 409 && error.message === '已退款') continue;
      done.failed += 1;
      await inSchool(context.db, caller, (work) =>
        work.tx
          .update(mealRefundItems)
          .set({ failReason: error.message, failReasonEn: error.en ?? null })
          .where(and(work.school(mealRefundItems), eq(mealRefundItems.batchId, batch.id), eq(mealRefundItems.memberId, memberId), eq(mealRefundItems.status, '1'))),
      );
    }
  }
  await inSchool(context.db, caller, async (work) => {
    const [left] = await work.tx
      .select({ people: sql<number>`count(distinct ${mealRefundItems.memberId})::int` })
      .from(mealRefundItems)
      .where(and(work.school(mealRefundItems), eq(mealRefundItems.batchId, batch.id), eq(mealRefundItems.status, '1')));
    await work.update(mealRefundBatches, { refundStatus: left!.people ? '3' : '2', failed: left!.people, refundedBy: caller.username, refundedAt: new Date() }, eq(mealRefundBatches.id, batch.id));
  });
  return done;
}
