import { eq } from 'drizzle-orm';
import { schoolReads } from '../../db/work';
import { pendingRefunds } from '../../db/schema';
import { badRequest, notFound } from '../../http/envelope';
import { INNER, type Caller, type LedgerCore, type Line, type PostedTransaction } from './core';

type PendingRefundRow = typeof pendingRefunds.$inferSelect;

/**
 * 待退款 (DOMAIN.md §15): money owed to a member whose account could not take it — a refund or an
 * online recharge that arrived after the account was closed or frozen — waits in 2241 待退款. The
 * card office pays it out in cash (退现), or credits it once the account is open again (入账).
 */
export function pendingRefundOperations(core: LedgerCore) {
  const { db, post, once, takesMoney } = core;

  async function pendingOf(caller: Caller, id: string): Promise<PendingRefundRow> {
    const row = await schoolReads(db, caller).one(pendingRefunds, id);
    if (!row) throw notFound('待退款记录不存在');
    return row;
  }

  async function resolve(caller: Caller, input: { key: string; id: string }, how: 'payout' | 'credit'): Promise<PostedTransaction> {
    const pending = await pendingOf(caller, input.id);
    return once(caller, input.key, { op: `pending-${how}`, ...input }, pending.accountId, async (tx, account, hash, work) => {
      const [current] = await work.lock(pendingRefunds, pending.id);
      if (current!.status !== '0') throw badRequest('该待退款已处理', 'This pending refund was already dealt with');
      if (how === 'credit' && !takesMoney(account!)) throw badRequest('账户已销户或冻结，只能退现', 'The account is closed or frozen: pay it out in cash');
      const lines: Line[] = [
        { accountRef: INNER.pendingRefund, wallet: null, dc: 'D', amount: current!.amount },
        how === 'payout' ? { accountRef: INNER.cashOnHand, wallet: null, dc: 'C', amount: current!.amount } : { accountRef: account!.id, wallet: 'CASH', dc: 'C', amount: current!.amount },
      ];
      const posted = await post(tx, caller, {
        key: input.key,
        hash,
        type: how === 'payout' ? 'PENDING_PAYOUT' : 'PENDING_CREDIT',
        account: account!,
        amount: current!.amount,
        lines,
        meta: { channel: how === 'payout' ? 'cash' : null, summary: `${how === 'payout' ? '待退款退现' : '待退款入账'}：${current!.reason}` },
      });
      await work.update(pendingRefunds, { status: how === 'payout' ? '1' : '2', resolvedBy: caller.username, resolvedAt: new Date(), resolveTxnId: posted.id }, eq(pendingRefunds.id, current!.id));
      return posted;
    });
  }

  return {
    /** 退现: the member is paid in cash at the counter. */
    payOutPending: (caller: Caller, input: { key: string; id: string }) => resolve(caller, input, 'payout'),
    /** 入账: the account, open again, receives it in cash. */
    creditPending: (caller: Caller, input: { key: string; id: string }) => resolve(caller, input, 'credit'),
  };
}
