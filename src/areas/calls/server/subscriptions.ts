import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, addMonths, dayIn } from '@shared/schoolTime';
import type { AppContext } from '@server/context';
import type { callPackage } from '../shared/entities/package';
import type { FlowEffects } from '@server/crud/flowActions';
import type { EntityHooks } from '@server/crud/registerEntity';
import type { Database, Executor } from '@server/db/client';
import { newId } from '@server/db/ids';
import { accounts, members, tenants } from '@server/db/schema';
import { callPackages, callSubscriptions } from './tables';
import { inSchool, schoolReads, schoolWork, unscoped, Work, type RowOf } from '@server/db/work';
import { authOf } from '@server/http/auth';
import { badRequest, notFound, ok } from '@server/http/envelope';
import { parseInput } from '@server/http/validate';
import { nextBillNo } from '@server/modules/bills/billNo';
import { hashOf, INNER, ledgerCore, type Caller } from '@server/modules/ledger/core';
import { billLedger, payAtCounter, type BillBook } from '@server/modules/payments/billLedger';
import { refundOnCardPayments } from '@server/modules/payments/billPayments';
import { billLedgerRoutes } from '@server/modules/payments/billRoutes';
import { schoolZone } from '@server/modules/schools/settings';

type SubscriptionRow = typeof callSubscriptions.$inferSelect;

const yuan = (cents: number) => (cents / 100).toFixed(2);

/** 欠费 and 缴费状态 from what is due, paid and refunded (as every bill keeps them). */
function billState(bill: Pick<SubscriptionRow, 'due' | 'waive' | 'paid' | 'refunded'>): { owed: number; payStatus: string } {
  const net = bill.paid - bill.refunded;
  const owed = Math.max(0, bill.due - bill.waive - net);
  return { owed, payStatus: owed <= 0 ? '2' : net > 0 ? '1' : bill.refunded > 0 ? '3' : '0' };
}

/** The school's live subscription, locked (the bill book's lock: on the executor it is given). */
async function lockSubscription(tx: Executor, tenantId: number, id: string): Promise<SubscriptionRow> {
  return lockIn(new Work(tx, tenantId, 'system'), id);
}

async function lockIn(work: Work, id: string): Promise<SubscriptionRow> {
  const [row] = await work.lock(callSubscriptions, id);
  if (!row) throw notFound('未找到对应实体');
  return row;
}

/** A subscription's new amounts; paid in full, a waiting one is live (生效) from its start. */
async function saveSubscription(tx: Executor, caller: Caller, bill: SubscriptionRow, change: Partial<SubscriptionRow>): Promise<SubscriptionRow> {
  const next = { ...bill, ...change };
  const state = billState(next);
  const live = next.status === '0' && state.owed <= 0 ? { status: '1', minutesLeft: next.monthlyMinutes, minutesMonth: null } : {};
  await tx
    .update(callSubscriptions)
    .set({ ...change, ...state, ...live, updateBy: caller.username, updatedAt: new Date() })
    .where(eq(callSubscriptions.id, bill.id));
  return { ...next, ...state, ...live };
}

export const SUBSCRIPTION_BOOK: BillBook<SubscriptionRow> = {
  billType: 'callPackage',
  entity: () => 'calls.subscription',
  label: () => '亲情通话套餐',
  lock: lockSubscription,
  save: saveSubscription,
  async payment(tx, bill) {
    const [found] = await tx
      .select({ member: members.realName, memberNo: members.memberNo, pack: callPackages.name })
      .from(callPackages)
      .innerJoin(members, eq(members.id, bill.memberId))
      .where(eq(callPackages.id, bill.packageId));
    return {
      itemType: '6',
      billType: 'callPackage',
      billId: bill.id,
      billNo: bill.billNo,
      target: `${found?.member ?? ''}（${found?.memberNo ?? ''}）${found?.pack ?? ''} ${bill.startDate}~${bill.endDate}`,
      memberId: bill.memberId,
    };
  },
};

export const subscriptionLedger = (db: Database) => billLedger(db, SUBSCRIPTION_BOOK);

/** A subscription bill of a package for a pupil, from `start` for the package's months. */
async function subscriptionBill(work: Work, pack: RowOf<typeof callPackages>, memberId: string, start: string, renewalOf: string | null): Promise<SubscriptionRow> {
  const billNo = await nextBillNo(work.tx, work.tenantId, 'TC');
  const [bill] = await work.insert(callSubscriptions, {
    id: newId(),
    billNo,
    memberId,
    packageId: pack.id,
    months: pack.validMonths,
    startDate: start,
    endDate: addDays(addMonths(start, pack.validMonths), -1),
    monthlyMinutes: pack.monthlyMinutes,
    minutesLeft: pack.monthlyMinutes,
    due: pack.price,
    owed: pack.price,
    renewalOf,
  });
  return bill!;
}

/** The day after the pupil's last subscription of any package still running or waiting, else today. */
async function nextStart(work: Work, memberId: string): Promise<string> {
  const today = dayIn(await schoolZone(work.tx, work.tenantId));
  const [last] = await work.rows(callSubscriptions, and(eq(callSubscriptions.memberId, memberId), inArray(callSubscriptions.status, ['0', '1'])), {
    orderBy: desc(callSubscriptions.endDate),
    limit: 1,
  });
  return last && last.endDate >= today ? addDays(last.endDate, 1) : today;
}

/** 开通 (a package's flow action): the pupil's bill, from today or after what they already have. */
export const PACKAGE_HOOKS: EntityHooks<RowOf<typeof callPackages>> = {
  actions: {
    async subscribe({ work, row: pack, input }) {
      const memberId = input.memberId;
      const member = await work.one(members, memberId);
      if (!member) throw notFound('人员不存在');
      if (member.memberStatus !== '1') throw badRequest(`${member.realName}不在校，不能开通`, `${member.realName} is not at school`);
      const bill = await subscriptionBill(work, pack, memberId, await nextStart(work, memberId), null);
      return {
        note: `${member.realName} 套餐账单 ${bill.billNo}（${bill.startDate}~${bill.endDate}，${yuan(bill.due)} 元）`,
        done: { 'zh-CN': `已生成套餐账单 ${bill.billNo}，请缴费`, en: `Package bill ${bill.billNo} made: to be paid` },
      };
    },
  } satisfies FlowEffects<typeof callPackage, RowOf<typeof callPackages>>,
};

/** 套餐订购's flow: 线下收款登记 as every bill; 续期 makes the next bill, from the day after this one ends. */
export const SUBSCRIPTION_HOOKS: EntityHooks<SubscriptionRow> = {
  actions: {
    payOffline: payAtCounter(SUBSCRIPTION_BOOK),
    async renew({ work, row: current }) {
      const [pack] = await work.rows(callPackages, eq(callPackages.id, current.packageId), { deleted: true, limit: 1 });
      if (!pack || pack.status !== '1') throw badRequest('该套餐已下架，不能续期', 'The package is off sale');
      const [waiting] = await work.rows(callSubscriptions, and(eq(callSubscriptions.renewalOf, current.id), inArray(callSubscriptions.status, ['0', '1'])));
      if (waiting) throw badRequest(`已续期，续期账单 ${waiting.billNo}`, `Renewed already: bill ${waiting.billNo}`);
      const bill = await subscriptionBill(work, pack, current.memberId, addDays(current.endDate, 1), current.id);
      return { note: `续期账单 ${bill.billNo}（${bill.startDate}~${bill.endDate}）`, done: { 'zh-CN': `已生成续期账单 ${bill.billNo}，请缴费`, en: `Renewal bill ${bill.billNo} made: to be paid` } };
    },
  },
};

/** The whole months of a subscription not begun by `today` (none once it ended). */
export function monthsNotBegun(sub: Pick<SubscriptionRow, 'startDate' | 'months'>, today: string): number {
  let begun = 0;
  while (begun < sub.months && addMonths(sub.startDate, begun) <= today) begun += 1;
  return sub.months - begun;
}

/**
 * 退订: the subscription stops. Unpaid, it is only cancelled; paid from the card, the share of the
 * whole months not begun goes back to the pupil's cash (BILL_REFUND: 1122 → CASH) in the same
 * transaction, once per request key, with its 缴费记录 marked refunded.
 */
export async function unsubscribe(
  context: Pick<AppContext, 'db'>,
  caller: Caller,
  input: { key: string; id: string; reason: string },
): Promise<{ refunded: number; txnNo: string | null; replayed: boolean }> {
  const core = ledgerCore(context.db);
  const reads = schoolReads(context.db, caller);
  const request = { op: 'call-unsubscribe', ...input };
  // Sent again after its refund was posted: the first answer.
  const earlier = await core.replay(reads.tx, caller, input.key, hashOf(request));
  if (earlier) return { refunded: earlier.amountCents, txnNo: earlier.txnNo, replayed: true };
  const today = dayIn(await schoolZone(reads.tx, reads.tenantId));
  // As it is now (outside a transaction: the lock is taken again in the one that changes it).
  const found = await lockIn(reads, input.id);
  const refundOf = (sub: SubscriptionRow) => (sub.status === '1' ? Math.min(sub.cardPaid, Math.floor(((sub.paid - sub.refunded) * monthsNotBegun(sub, today)) / sub.months)) : 0);
  const stop = async (work: Work, sub: SubscriptionRow, refund: number, txnNo: string | null) => {
    if (!['0', '1'].includes(sub.status)) throw badRequest(`「${sub.billNo}」当前状态不能退订`, `${sub.billNo} cannot be cancelled in its state`);
    await work.update(
      callSubscriptions,
      { status: '3', ...(refund > 0 ? { refunded: sub.refunded + refund, cardPaid: sub.cardPaid - refund, ...billState({ ...sub, refunded: sub.refunded + refund }) } : {}), remark: input.reason },
      eq(callSubscriptions.id, sub.id),
    );
    await work.history([
      {
        entity: 'calls.subscription',
        recordId: sub.id,
        action: 'unsubscribe',
        fromState: { status: sub.status, payStatus: sub.payStatus },
        toState: { status: '3', payStatus: refund > 0 ? billState({ ...sub, refunded: sub.refunded + refund }).payStatus : sub.payStatus },
        inputs: { reason: input.reason },
        note: refund > 0 ? `退订，退回卡内 ${yuan(refund)} 元（${txnNo}）` : '退订',
      },
    ]);
  };
  if (refundOf(found) <= 0) {
    // Nothing to give back: no posting, only the state (a retry finds it 已退订 and says so).
    await inSchool(context.db, caller, async (work) => stop(work, await lockIn(work, input.id), 0, null));
    return { refunded: 0, txnNo: null, replayed: false };
  }
  const [account] = await reads.rows(accounts, and(eq(accounts.memberId, found.memberId), eq(accounts.accountStatus, '1')));
  if (!account) throw badRequest('学生没有可用的账户，请到柜台退款', 'The pupil has no account in use: refund at the counter');
  const posted = await core.once(caller, input.key, request, account.id, async (tx, held, hash) => {
    core.mustBeOpen(held!);
    // The posting's transaction, bound to the school from here.
    const work = await schoolWork(tx, caller);
    const sub = await lockIn(work, input.id);
    const refund = refundOf(sub);
    if (refund <= 0) throw badRequest('没有可退的金额', 'Nothing to refund');
    const done = await core.post(tx, caller, {
      key: input.key,
      hash,
      type: 'BILL_REFUND',
      account: held!,
      amount: refund,
      lines: [
        { accountRef: INNER.billsReceivable, wallet: null, dc: 'D', amount: refund },
        { accountRef: held!.id, wallet: 'CASH', dc: 'C', amount: refund },
      ],
      meta: { summary: `亲情通话套餐退订 ${sub.billNo}：${input.reason}` },
    });
    await stop(work, sub, refund, done.txnNo);
    await refundOnCardPayments(tx, caller, sub.id, refund, done.txnNo);
    return done;
  });
  return { refunded: posted.amountCents, txnNo: posted.txnNo, replayed: posted.replayed };
}

/** Past their end: 已过期 (the daily job), every school's: `db` is the platform's handle (the caller names the crossing). */
export async function expireSubscriptions(db: Database): Promise<number> {
  let expired = 0;
  for (const { id: tenantId } of await db.select({ id: tenants.id }).from(tenants)) {
    const worker = { tenantId, username: 'system' };
    const today = dayIn(await schoolZone(schoolReads(db, worker).tx, tenantId));
    // Each school in its own unit of work; the job stamps no 更新人, as before.
    expired += await inSchool(db, worker, async (work) => {
      const done = await work.tx
        .update(callSubscriptions)
        .set({ status: '2', updatedAt: new Date() })
        .where(and(work.school(callSubscriptions), eq(callSubscriptions.status, '1'), lt(callSubscriptions.endDate, today)))
        .returning({ id: callSubscriptions.id });
      return done.length;
    });
  }
  return expired;
}

const unsubscribeBody = z.object({ idempotencyKey: z.string().trim().min(8).max(64), id: z.string().trim().min(1).max(64), reason: z.string().trim().min(1).max(200) });

/** 套餐订购's ledger doors: 卡余额缴费 (as every bill) and 退订. */
export function subscriptionRoutes(api: FastifyInstance, context: AppContext): void {
  billLedgerRoutes(api, subscriptionLedger(unscoped(context.db, 'ledger: a posting opens its own transaction, bound to the caller’s school')), {
    base: '/call/subscription',
    prefix: 'callSubscription',
  });
  api.post('/call/subscription/unsubscribe', { config: { permission: 'callSubscription:unsubscribe' } }, async (request) => {
    const caller = authOf(request);
    const body = parseInput(unsubscribeBody, request.body);
    const done = await unsubscribe(context, { tenantId: caller.tenantId, username: caller.username }, { key: body.idempotencyKey, id: body.id, reason: body.reason });
    const english = caller.locale === 'en';
    return ok(
      done,
      done.replayed
        ? '该请求已办理'
        : done.refunded > 0
          ? english
            ? `Cancelled; ${yuan(done.refunded)} back to the card`
            : `已退订，退回卡内 ${yuan(done.refunded)} 元`
          : english
            ? 'Cancelled'
            : '已退订',
    );
  });
}
