import { and, eq } from 'drizzle-orm';
import { inSchool, schoolReads, type Work } from '../../db/work';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { accounts, adjustments } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/envelope';
import { flowActionOf } from '@shared/engine/flow';
import { adjustment } from '@shared/entities/members/adjustment';
import { assertChecker, makersOf } from '../auth/fourEyes';
import { checkAmount, checkKey, COLUMN, INNER, schoolDay, type Caller, type LedgerCore, type Line, type PostedTransaction } from './core';

/** The wallets a correction may touch: the deposit moves only with cards. */
export const ADJUSTABLE_WALLETS = ['CASH', 'SUBSIDY', 'GIFT'] as const;
export type AdjustableWallet = (typeof ADJUSTABLE_WALLETS)[number];

type AdjustmentRow = typeof adjustments.$inferSelect;

/**
 * 手工调账 (DOMAIN.md §15, ADJUST): a correction entered by one person (录入) and posted only when
 * another approves it (审核) — never the same person. Raised (调增) from, or lowered (调减) to, the
 * school's other income account; a lowering never takes a wallet below zero.
 */
export function adjustmentOperations(core: LedgerCore) {
  const { db, post, once } = core;

  async function adjustmentOf(caller: Caller, id: string): Promise<AdjustmentRow> {
    const row = await schoolReads(db, caller).one(adjustments, id);
    if (!row) throw notFound('调账单不存在');
    return row;
  }

  return {
    /** 录入: the request waits for a second person; the same key enters it once. */
    async requestAdjustment(
      caller: Caller,
      input: { key: string; accountId: string; wallet: AdjustableWallet; direction: '1' | '2'; amountCents: number | null; reason: string },
    ): Promise<AdjustmentRow & { replayed: boolean }> {
      const amount = checkAmount(input.amountCents);
      checkKey(input.key);
      const same = (existing: AdjustmentRow) => {
        if (existing.accountId !== input.accountId || existing.amount !== amount || existing.wallet !== input.wallet || existing.direction !== input.direction)
          throw new ApiError(409, '该请求编号已用于另一笔业务，请刷新后重试', 'This request id was used for another operation: refresh and try again');
        return { ...existing, replayed: true };
      };
      const entered = async (work: Work) => {
        const [existing] = await work.rows(adjustments, and(eq(adjustments.createBy, caller.username), eq(adjustments.idempotencyKey, input.key)), { deleted: true });
        return existing;
      };
      try {
        return await inSchool(db, caller, async (work) => {
          const existing = await entered(work);
          if (existing) return same(existing);
          const account = await work.one(accounts, input.accountId);
          if (!account) throw notFound('账户不存在');
          if (account.accountStatus === '3') throw badRequest('账户已销户', 'The account is closed');
          const id = newId();
          const [row] = await work.insert(adjustments, {
            id,
            billNo: `TZ${(await schoolDay(work.tx, caller.tenantId)).replaceAll('-', '')}${id.slice(0, 8).toUpperCase()}`,
            idempotencyKey: input.key,
            accountId: account.id,
            wallet: input.wallet,
            direction: input.direction,
            amount,
            reason: input.reason,
          });
          await work.history([{ entity: adjustment.id, recordId: id, action: 'add', toState: { status: '0' } }]);
          return { ...row!, replayed: false };
        });
      } catch (error) {
        // The same request twice at once: the second's insert met the first's key.
        if (!isUniqueViolation(error)) throw error;
        const existing = await entered(schoolReads(db, caller));
        if (!existing) throw error;
        return same(existing);
      }
    },

    /** 审核通过: posted as an ADJUST transaction by someone other than who entered it. */
    async approveAdjustment(caller: Caller, input: { key: string; id: string; remark?: string }): Promise<PostedTransaction & { enteredBy: string }> {
      const request = await adjustmentOf(caller, input.id);
      const posted = await once(caller, input.key, { op: 'adjust', ...input }, request.accountId, async (tx, account, hash, work) => {
        const [current] = await work.lock(adjustments, request.id);
        if (current!.status !== '0') throw badRequest('该调账单已处理', 'This adjustment was already dealt with');
        // The declaration's makers, through the flow engine's one four-eyes rule.
        await assertChecker(tx, caller.tenantId, makersOf(flowActionOf(adjustment, 'approve'), current!), caller.username);
        if (account!.accountStatus === '3') throw badRequest('账户已销户', 'The account is closed');
        const wallet = current!.wallet as AdjustableWallet;
        const raise = current!.direction === '1';
        // A frozen account takes no money in (recharges and refunds wait too): a 调增 waits for 解冻.
        if (raise && account!.accountStatus === '2') throw badRequest('账户已冻结，解冻后才能审核调增', 'The account is frozen: a raise is approved once it is unfrozen');
        if (!raise && account![COLUMN[wallet]] < current!.amount) throw badRequest('调减金额大于钱包余额', 'The lowering is larger than the wallet holds');
        const lines: Line[] = raise
          ? [
              { accountRef: INNER.otherIncome, wallet: null, dc: 'D', amount: current!.amount },
              { accountRef: account!.id, wallet, dc: 'C', amount: current!.amount },
            ]
          : [
              { accountRef: account!.id, wallet, dc: 'D', amount: current!.amount },
              { accountRef: INNER.otherIncome, wallet: null, dc: 'C', amount: current!.amount },
            ];
        const posted = await post(tx, caller, {
          key: input.key,
          hash,
          type: 'ADJUST',
          account: account!,
          amount: current!.amount,
          lines,
          // Both people, in the account's history as in the bill.
          meta: { summary: `手工调账 ${current!.billNo}：${current!.reason}（录入 ${current!.createBy}，审核 ${caller.username}）` },
        });
        await work.update(adjustments, { status: '1', checkBy: caller.username, checkedAt: new Date(), checkRemark: input.remark ?? null, txnId: posted.id }, eq(adjustments.id, current!.id));
        await work.history([
          {
            entity: adjustment.id,
            recordId: current!.id,
            action: 'approve',
            fromState: { status: '0' },
            toState: { status: '1' },
            inputs: input.remark ? { remark: input.remark } : null,
            note: `入账 ${posted.txnNo}`,
          },
        ]);
        return posted;
      });
      return { ...posted, enteredBy: request.createBy ?? '' };
    },

    /** 驳回: nothing is posted; the request stays, with the reason. Answers who entered it. */
    async rejectAdjustment(caller: Caller, input: { id: string; remark: string }): Promise<{ enteredBy: string }> {
      return inSchool(db, caller, async (work) => {
        const [current] = await work.lock(adjustments, input.id);
        if (!current) throw notFound('调账单不存在');
        if (current.status !== '0') throw badRequest('该调账单已处理', 'This adjustment was already dealt with');
        // Rejecting is a checker's act too.
        await assertChecker(work.tx, caller.tenantId, makersOf(flowActionOf(adjustment, 'reject'), current), caller.username);
        await work.update(adjustments, { status: '2', checkBy: caller.username, checkedAt: new Date(), checkRemark: input.remark }, eq(adjustments.id, current.id));
        await work.history([
          {
            entity: adjustment.id,
            recordId: current.id,
            action: 'reject',
            fromState: { status: '0' },
            toState: { status: '2' },
            inputs: { remark: input.remark },
          },
        ]);
        return { enteredBy: current.createBy ?? '' };
      });
    },
  };
}
