import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { newId } from '../../db/ids';
import { OWED_STATES } from '@shared/entities/payments/billActions';
import { accounts, cards, graduationBatches, graduationItems, ledgerEntries, ledgerTransactions, mealOrders, members, parents, tuitionBills } from '../../db/schema';
import { inSchool, schoolReads, type NewRowOf, type Work } from '../../db/work';
import { ApiError, badRequest } from '../../http/envelope';
import { INNER, ledgerCore, sourceOf, type Caller, type Line, type Wallet } from '../ledger/core';
import { closeForLeaving } from '../ledger/leavers';
import { owedBack } from '../meals/orders';
import { peopleInService } from './subsidies';

/**
 * 毕业管理's work (DOMAIN.md 2.8, §15, the flow of §16). 预检 lists the leaving people with what
 * they hold; 执行 settles each one in their own transaction — the line, then the account, locked;
 * acting only while the line is still 待处理, so a crash, a second run or 重试失败 never settles
 * anyone twice. One ledger posting (GRADUATE) per person empties every wallet: the subsidy back to
 * the subsidy fund, the gift to income, the cash back the way it came, in cash or to income, the
 * deposit refunded or kept; meals ordered after the leaving date are cancelled and what they paid
 * is part of the same settlement.
 */

type BatchRow = typeof graduationBatches.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;

const stepKey = (batchId: string, memberId: string) => `GR${createHash('sha256').update(`${batchId}:${memberId}`).digest('hex').slice(0, 40)}`;
const yuan = (cents: number) => (cents / 100).toFixed(2);

/** The account a person is settled from: their account not yet closed. */
async function accountOf(work: Work, memberId: string, lock: boolean): Promise<AccountRow | null> {
  const query = work.tx
    .select()
    .from(accounts)
    .where(and(work.school(accounts), eq(accounts.memberId, memberId), ne(accounts.accountStatus, '3')));
  const [account] = lock ? await query.for('update') : await query;
  return account ?? null;
}

/** The person's live orders of days after the leaving date. */
async function laterOrders(work: Work, memberId: string, leaveDate: string, lock: boolean) {
  const query = work.tx
    .select()
    .from(mealOrders)
    .where(and(work.school(mealOrders), eq(mealOrders.memberId, memberId), eq(mealOrders.status, '1'), gt(mealOrders.diningDate, leaveDate)));
  return lock ? query.for('update') : query;
}

/**
 * What the person still owes in 学费管理: a school keeps a leaver's 离校结算 until their fees are paid
 * or waived (the money settled is theirs, the debt is the school's to collect first).
 */
async function tuitionOwed(work: Work, memberId: string): Promise<{ bills: number; owed: number }> {
  const [owing] = await work.tx
    .select({ bills: sql<number>`count(*)::int`, owed: sql<string>`coalesce(sum(${tuitionBills.owed}), 0)` })
    .from(tuitionBills)
    .where(and(work.school(tuitionBills), eq(tuitionBills.memberId, memberId), inArray(tuitionBills.payStatus, [...OWED_STATES]), gt(tuitionBills.owed, 0)));
  return { bills: owing!.bills, owed: Number(owing!.owed) };
}

/** Where the cash goes by the batch's rule: back by the channel of the last recharge, to the cash desk, or to income. */
async function cashDestination(work: Work, batch: Pick<BatchRow, 'cashRule'>, accountId: string): Promise<string> {
  if (batch.cashRule === '3') return INNER.otherIncome;
  if (batch.cashRule === '2') return INNER.cashOnHand;
  const [last] = await work.tx
    .select({ channel: ledgerTransactions.channel })
    .from(ledgerTransactions)
    .where(and(work.school(ledgerTransactions), eq(ledgerTransactions.accountId, accountId), inArray(ledgerTransactions.txnType, ['RECHARGE', 'OPEN'])))
    .orderBy(desc(ledgerTransactions.postedAt))
    .limit(1);
  return sourceOf(last?.channel ?? 'cash');
}

/** What will happen to a person, in words (预检's 处理方式). */
function planOf(batch: BatchRow, held: { cash: number; subsidy: number; gift: number; deposit: number; cards: number; orders: number; parents: number; account: boolean }): string {
  const steps: string[] = [];
  const cashWay = { '1': '原路退回', '2': '现金退还', '3': '转营业外收入' }[batch.cashRule] ?? '';
  if (held.cash > 0) steps.push(`现金 ${yuan(held.cash)} 元${cashWay}`);
  if (held.subsidy > 0) steps.push(`补助 ${yuan(held.subsidy)} 元清零`);
  if (held.gift > 0) steps.push(`赠送 ${yuan(held.gift)} 元清零`);
  if (held.deposit > 0 && batch.cancelCards) steps.push(`押金 ${yuan(held.deposit)} 元${batch.depositRule === '1' ? '退还' : '转收入'}`);
  if (held.orders) steps.push(`取消离校后订餐 ${held.orders} 份`);
  if (held.cards && batch.cancelCards) steps.push(`注销 ${held.cards} 张卡`);
  if (held.account && batch.closeAccounts) steps.push('停用账户');
  if (held.parents && batch.unbindParents) steps.push(`解除 ${held.parents} 位家长绑定`);
  steps.push('人员标为已毕业');
  return steps.join('；');
}

/**
 * 预检 (inside the action's transaction, the batch locked by it): the batch's people in service, each
 * with their wallets, live cards and later orders and what will happen; the lines of an earlier 预检
 * are replaced.
 */
export async function precheckGraduation(work: Work, batch: BatchRow): Promise<{ persons: number; warnings: number }> {
  const batchId = batch.id;
  const people = await peopleInService(work, batch.deptId, { memberTypeId: batch.memberTypeId });
  if (!people.length) throw badRequest('该年级/班级没有在校人员', 'Nobody in service is in that grade or class');
  await work.tx.delete(graduationItems).where(and(work.school(graduationItems, { deleted: true }), eq(graduationItems.batchId, batchId)));
  const totals = { cash: 0, subsidy: 0, deposit: 0, warnings: 0 };
  const rows: NewRowOf<typeof graduationItems>[] = [];
  for (const person of people) {
    const account = await accountOf(work, person.id, false);
    // Every card not cancelled, as the card office counts them.
    const [counted] = await work.tx
      .select({ live: sql<number>`count(*)::int` })
      .from(cards)
      .where(and(work.school(cards, { deleted: true }), eq(cards.memberId, person.id), ne(cards.cardStatus, '4')));
    const orders = (await laterOrders(work, person.id, batch.leaveDate, false)).length;
    const bound = await work.count(parents, and(eq(parents.studentId, person.id), eq(parents.status, '1')));
    const held = {
      cash: account?.cash ?? 0,
      subsidy: account?.subsidy ?? 0,
      gift: account?.gift ?? 0,
      deposit: account?.deposit ?? 0,
      cards: counted!.live,
      orders,
      parents: bound,
      account: Boolean(account),
    };
    const owing = await tuitionOwed(work, person.id);
    const warnings = [
      held.cash < 0 ? { zh: `账户透支 ${yuan(-held.cash)} 元，执行前请先充值补足`, en: `The account is overdrawn by ${yuan(-held.cash)} yuan: recharge it before running` } : null,
      owing.bills
        ? {
            zh: `学费管理中有 ${owing.bills} 张账单未缴清（欠费 ${yuan(owing.owed)} 元），执行前请先缴清或减免`,
            en: `${owing.bills} bill(s) in Tuition are still owed (${yuan(owing.owed)} yuan): have them paid or waived before running`,
          }
        : null,
      account?.accountStatus === '2' ? { zh: '账户已冻结，执行时照常结算', en: 'The account is frozen; running settles it all the same' } : null,
    ].filter((said) => said !== null);
    const warning = warnings.length ? warnings.map((said) => said.zh).join('；') : null;
    const warningEn = warnings.length ? warnings.map((said) => said.en).join('; ') : null;
    if (warning) totals.warnings += 1;
    totals.cash += held.cash;
    totals.subsidy += held.subsidy;
    totals.deposit += held.deposit;
    rows.push({
      id: newId(),
      batchId,
      memberId: person.id,
      accountId: account?.id ?? null,
      cash: held.cash,
      subsidy: held.subsidy,
      gift: held.gift,
      deposit: held.deposit,
      cards: held.cards,
      orders,
      plan: planOf(batch, held),
      warning,
      warningEn,
    });
  }
  for (let at = 0; at < rows.length; at += 500) await work.insert(graduationItems, rows.slice(at, at + 500));
  await work.update(
    graduationBatches,
    { persons: rows.length, done: 0, failed: 0, cashTotal: totals.cash, subsidyTotal: totals.subsidy, depositTotal: totals.deposit },
    eq(graduationBatches.id, batchId),
  );
  return { persons: rows.length, warnings: totals.warnings };
}

export function graduationService(context: Pick<AppContext, 'db'>) {
  const core = ledgerCore(context.db);

  /** One person leaves: their line, then their account, locked; nothing happens unless the line is still 待处理. */
  async function settle(caller: Caller, batch: BatchRow, itemId: string): Promise<void> {
    await inSchool(context.db, caller, async (work) => {
      const { tx } = work;
      const [line] = await work.lock(graduationItems, itemId);
      if (!line || line.result !== '0') return;
      const now = new Date();
      // A person deleted (not found among the live) is no longer at school either.
      const [person] = await work.lock(members, line.memberId);
      if (!person || person.memberStatus !== '1') {
        await work.update(graduationItems, { result: '3', errMsg: '该人员已不在校', doneTime: now }, eq(graduationItems.id, line.id));
        return;
      }
      const owing = await tuitionOwed(work, line.memberId);
      if (owing.bills)
        throw badRequest(
          `学费管理中有 ${owing.bills} 张账单未缴清（欠费 ${yuan(owing.owed)} 元），请先缴清或减免后重试`,
          `${owing.bills} bill(s) in Tuition are still owed (${yuan(owing.owed)} yuan): have them paid or waived, then retry`,
        );
      const account = await accountOf(work, line.memberId, true);
      if (account && account.cash < 0) throw badRequest(`账户透支 ${yuan(-account.cash)} 元，请先充值补足后重试`, `The account is overdrawn by ${yuan(-account.cash)} yuan: recharge it, then retry`);
      // Meals ordered after leaving are cancelled; what they paid from this account comes back in the settlement.
      const paidBack: Record<Wallet, number> = { CASH: 0, SUBSIDY: 0, GIFT: 0, DEPOSIT: 0 };
      for (const order of await laterOrders(work, line.memberId, batch.leaveDate, true)) {
        await work.update(mealOrders, { status: '4', cancelTime: now, cancelReason: `毕业离校 ${batch.billNo}` }, eq(mealOrders.id, order.id));
        if (!order.payTxnId) continue;
        if (!account || order.accountId !== account.id) {
          // Paid from another account: refunded the usual way (退款合并).
          await owedBack(work, order, '1');
          continue;
        }
        const parts = await tx
          .select({ wallet: ledgerEntries.wallet, amount: ledgerEntries.amount })
          .from(ledgerEntries)
          .where(and(work.school(ledgerEntries), eq(ledgerEntries.txnId, order.payTxnId), eq(ledgerEntries.accountRef, account.id), eq(ledgerEntries.dc, 'D')));
        for (const part of parts) paidBack[part.wallet as Wallet] += part.amount;
      }
      let txnId: string | null = null;
      let refund = 0;
      if (account) {
        const lines: Line[] = [];
        const fromMerchants = paidBack.CASH + paidBack.SUBSIDY + paidBack.GIFT;
        if (fromMerchants > 0) lines.push({ accountRef: INNER.merchants, wallet: null, dc: 'D', amount: fromMerchants });
        const out = (wallet: Wallet, destination: string, moves: boolean) => {
          if (!moves) return 0;
          const held = account[wallet === 'CASH' ? 'cash' : wallet === 'SUBSIDY' ? 'subsidy' : wallet === 'GIFT' ? 'gift' : 'deposit'];
          if (held > 0) lines.push({ accountRef: account.id, wallet, dc: 'D', amount: held });
          const total = held + paidBack[wallet];
          if (total > 0) lines.push({ accountRef: destination, wallet: null, dc: 'C', amount: total });
          return total;
        };
        const cashTo = await cashDestination(work, batch, account.id);
        const cash = out('CASH', cashTo, true);
        out('SUBSIDY', INNER.subsidyFund, true);
        out('GIFT', INNER.otherIncome, true);
        const deposit = out('DEPOSIT', batch.depositRule === '1' ? INNER.cashOnHand : INNER.otherIncome, batch.cancelCards);
        refund = (cashTo === INNER.otherIncome ? 0 : cash) + (batch.depositRule === '1' ? deposit : 0);
        if (lines.length) {
          const posted = await core.post(tx, caller, {
            key: stepKey(batch.id, line.memberId),
            hash: 'graduation',
            type: 'GRADUATE',
            account,
            amount: refund,
            lines,
            meta: { channel: refund ? 'cash' : null, summary: `毕业离校 ${batch.billNo} ${batch.name}` },
          });
          txnId = posted.id;
        }
      }
      await closeForLeaving(work, { memberId: line.memberId, accountId: account?.id ?? null, cancelCards: batch.cancelCards, closeAccount: batch.closeAccounts });
      if (batch.unbindParents) await work.update(parents, { status: '0', wxBound: false }, eq(parents.studentId, line.memberId));
      await work.update(members, { memberStatus: '3', leaveDate: batch.leaveDate }, eq(members.id, line.memberId));
      await work.update(
        graduationItems,
        {
          result: '1',
          errMsg: null,
          errMsgEn: null,
          accountId: account?.id ?? null,
          cash: account?.cash ?? 0,
          subsidy: account?.subsidy ?? 0,
          gift: account?.gift ?? 0,
          deposit: account?.deposit ?? 0,
          refund,
          txnId,
          doneTime: now,
        },
        eq(graduationItems.id, line.id),
      );
    });
  }

  /** The batch's progress counted from its lines; at the end 已完成 or 部分失败. */
  async function progress(caller: Caller, batchId: string, finished = false): Promise<{ done: number; failed: number }> {
    return inSchool(context.db, caller, async (work) => {
      const [counted] = await work.tx
        .select({
          done: sql<number>`count(*) filter (where ${graduationItems.result} in ('1', '3'))::int`,
          failed: sql<number>`count(*) filter (where ${graduationItems.result} = '2')::int`,
          refund: sql<string>`coalesce(sum(${graduationItems.refund}), 0)`,
        })
        .from(graduationItems)
        .where(and(work.school(graduationItems, { deleted: true }), eq(graduationItems.batchId, batchId)));
      const { done, failed } = counted!;
      // The batch as stored, deleted or not, while it is 处理中.
      await work.tx
        .update(graduationBatches)
        .set({ done, failed, refundTotal: Number(counted!.refund), ...(finished ? { status: failed ? '4' : '3', finishTime: new Date() } : {}) })
        .where(and(work.school(graduationBatches, { deleted: true }), eq(graduationBatches.id, batchId), eq(graduationBatches.status, '2')));
      return { done, failed };
    });
  }

  /** 执行 / 重试失败: everyone still 待处理, a page at a time; a person who cannot leave fails alone with the reason. */
  async function run(caller: Caller, batchId: string): Promise<{ done: number; failed: number }> {
    const reads = schoolReads(context.db, caller);
    const [batch] = await reads.rows(graduationBatches, eq(graduationBatches.id, batchId), { deleted: true, limit: 1 });
    if (!batch) throw badRequest('毕业批次不存在', 'No such graduation batch');
    let lastId = '';
    for (;;) {
      const page = await reads.rows(graduationItems, and(eq(graduationItems.batchId, batchId), eq(graduationItems.result, '0'), gt(graduationItems.id, lastId)), {
        deleted: true,
        orderBy: asc(graduationItems.id),
        limit: 50,
      });
      if (!page.length) break;
      for (const item of page) {
        try {
          await settle(caller, batch, item.id);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          await inSchool(context.db, caller, (work) =>
            work.update(
              graduationItems,
              { result: '2', errMsg: error.message, errMsgEn: error.en ?? null, doneTime: new Date() },
              and(eq(graduationItems.id, item.id), eq(graduationItems.result, '0')),
            ),
          );
        }
        // The console's requests go first between two people (on PGlite they share one connection).
        await new Promise((resolve) => setImmediate(resolve));
      }
      lastId = page.at(-1)!.id;
      await progress(caller, batchId);
    }
    return progress(caller, batchId, true);
  }

  return { run, progress, settle };
}
