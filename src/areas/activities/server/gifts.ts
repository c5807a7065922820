import { and, asc, eq, inArray, lt, lte, gte, sql } from 'drizzle-orm';
import { addDays, dayIn } from '@shared/schoolTime';
import type { Database, Executor } from '@server/db/client';
import { newId } from '@server/db/ids';
import { accounts, ledgerTransactions, members, tenants } from '@server/db/schema';
import { activities, activityParticipants } from './tables';
import { rowsOf } from '@server/db/rows';
import { alive, inSchool, schoolReads, Work } from '@server/db/work';
import { markOf, moveMark } from '@server/jobs/eventMarks';
import { badRequest } from '@server/http/envelope';
import { INNER, ledgerCore, type Caller, type PostedTransaction, type PostingAccount, type Wallet } from '@server/modules/ledger/core';
import { departmentAndBelow } from '@server/modules/members/subsidies';
import { schoolZone } from '@server/modules/schools/settings';

type ActivityRow = typeof activities.$inferSelect;
type ParticipantRow = typeof activityParticipants.$inferSelect;

const yuan = (cents: number) => (cents / 100).toFixed(2);
const WALLET_COLUMN = { GIFT: 'gift', SUBSIDY: 'subsidy' } as const;
/**
 * Approved and not stopped: 进行中, or 未开始 as the day's job may not have moved it yet in the first
 * minutes after midnight. The campaign's dates decide, beside this.
 */
const APPROVED: string[] = ['2', '5'];

/** What became of one person's gift: given (with its posting), or not and why. */
export interface GiftOutcome {
  memberId: string;
  given: boolean;
  reason?: string;
  txnNo?: string;
}

/** Whether a member is within an activity's range: its department's subtree and its member type, where it names them. */
async function inRange(work: Work, activity: ActivityRow, member: { deptId: string; memberTypeId: string }): Promise<boolean> {
  if (activity.memberTypeId && activity.memberTypeId !== member.memberTypeId) return false;
  if (activity.deptId && !(await departmentAndBelow(work.tx, work.tenantId, activity.deptId)).includes(member.deptId)) return false;
  return true;
}

/**
 * One gift of an activity to one person, in the work's transaction with the activity and the
 * account locked: within the person's times and the budget, once per trigger (a second time finds
 * the first), posted through the ledger (GIFT: 6601 营销费用 → the activity's wallet). A person it
 * cannot go to gets a 未发放 row saying why.
 */
export async function giveOne(
  work: Work,
  activity: ActivityRow,
  account: (PostingAccount & { memberId: string }) | null,
  memberId: string,
  triggerRef: string,
  /** A trigger that fires on its own (a recharge): who cannot have the gift is passed over without a row. */
  quiet = false,
): Promise<GiftOutcome & { posted?: PostedTransaction }> {
  const { tx } = work;
  const core = ledgerCore(tx as Database);
  const refuse = async (reason: string) => {
    if (quiet) return { memberId, given: false, reason };
    await tx
      .insert(activityParticipants)
      .values({ id: newId(), tenantId: work.tenantId, createBy: work.username, activityId: activity.id, memberId, triggerRef, gift: 0, wallet: activity.wallet, status: '3', reason })
      .onConflictDoNothing();
    return { memberId, given: false, reason };
  };
  const [seen] = await work.rows(
    activityParticipants,
    and(eq(activityParticipants.activityId, activity.id), eq(activityParticipants.memberId, memberId), eq(activityParticipants.triggerRef, triggerRef)),
  );
  if (seen) return { memberId, given: seen.status === '1', ...(seen.txnNo ? { txnNo: seen.txnNo } : {}), ...(seen.reason ? { reason: seen.reason } : {}) };
  if (!account) return refuse('没有可用的账户');
  const times = await work.count(
    activityParticipants,
    and(eq(activityParticipants.activityId, activity.id), eq(activityParticipants.memberId, memberId), inArray(activityParticipants.status, ['1', '4'])),
  );
  if (times >= activity.maxTimes) return refuse(`已达每人${activity.maxTimes}次`);
  if (activity.given + activity.gift > activity.budget) return refuse(`超出活动预算（剩余 ${yuan(activity.budget - activity.given)} 元）`);
  const wallet = activity.wallet as Wallet;
  const id = newId();
  const posted = await core.post(tx, work, {
    key: `gift-${id}`,
    hash: 'activity-gift',
    type: 'GIFT',
    account,
    amount: activity.gift,
    lines: [
      { accountRef: INNER.marketing, wallet: null, dc: 'D', amount: activity.gift },
      { accountRef: account.id, wallet, dc: 'C', amount: activity.gift },
    ],
    meta: { summary: `活动赠送 ${activity.billNo} ${activity.name}` },
  });
  const today = dayIn(await schoolZone(tx, work.tenantId));
  await work.insert(activityParticipants, {
    id,
    activityId: activity.id,
    memberId,
    triggerRef,
    gift: activity.gift,
    wallet,
    txnNo: posted.txnNo,
    validUntil: activity.giftValidDays ? addDays(today, activity.giftValidDays - 1) : null,
  });
  activity.given += activity.gift;
  activity.participants += 1;
  await tx.update(activities).set({ given: activity.given, participants: activity.participants, updatedAt: new Date() }).where(eq(activities.id, activity.id));
  return { memberId, given: true, txnNo: posted.txnNo, posted };
}

/** The activity, locked: gifts of one activity happen one at a time (its budget). */
export async function lockActivity(work: Work, id: string): Promise<ActivityRow> {
  const [row] = await work.lock(activities, id);
  if (!row) throw badRequest('活动不存在', 'No such campaign');
  return row;
}

/**
 * 充值赠送: a recharge posted to an account (in its transaction, the account locked) gives the
 * gift of every live 充值赠送 activity whose 充X the amount reaches and whose range holds the
 * person — once per recharge, within times and budget. Answers what it gave.
 */
export async function giftsOnRecharge(tx: Executor, caller: Caller, account: PostingAccount & { memberId: string }, recharge: PostedTransaction): Promise<GiftOutcome[]> {
  // The recharge's transaction, the caller's school.
  const work = new Work(tx, caller.tenantId, caller.username);
  const today = dayIn(await schoolZone(tx, work.tenantId));
  const live = await work.tx
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        work.school(activities),
        inArray(activities.status, APPROVED),
        eq(activities.activityType, '1'),
        lte(activities.startDate, today),
        gte(activities.endDate, today),
        lte(activities.threshold, recharge.amountCents),
      ),
    )
    .orderBy(asc(activities.id));
  if (!live.length) return [];
  const [member] = await tx.select({ deptId: members.deptId, memberTypeId: members.memberTypeId }).from(members).where(eq(members.id, account.memberId));
  return giveLive(
    work,
    live.map((row) => row.id),
    account,
    member,
    recharge.txnNo,
  );
}

/**
 * The gifts one trigger (a recharge, a payment) gives: each named activity locked in turn, still
 * live and holding the person in its range, gives once (quietly passing over who cannot have it);
 * each posting's balances carried to the next.
 */
async function giveLive(
  work: Work,
  activityIds: readonly string[],
  account: PostingAccount & { memberId: string },
  member: { deptId: string; memberTypeId: string } | undefined,
  triggerRef: string,
): Promise<GiftOutcome[]> {
  const outcomes: GiftOutcome[] = [];
  let balances = { ...account };
  for (const id of activityIds) {
    const activity = await lockActivity(work, id);
    if (!APPROVED.includes(activity.status) || !member || !(await inRange(work, activity, member))) continue;
    const outcome = await giveOne(work, activity, balances, account.memberId, triggerRef, true);
    if (outcome.posted)
      balances = { ...balances, cash: outcome.posted.balances.CASH, subsidy: outcome.posted.balances.SUBSIDY, gift: outcome.posted.balances.GIFT, deposit: outcome.posted.balances.DEPOSIT };
    outcomes.push(outcome);
  }
  return outcomes;
}

/** Payments this young may still be committing: the next run takes them. */
const SPEND_SETTLE_MS = 30_000;

/**
 * 消费满减 (job spendGifts): each school's payments since the last run give the gift of every live
 * 消费满减 activity whose 满X the payment reaches and whose range holds the payer — once per
 * payment, within times and budget, back into the activity's wallet (满X返Y). While a school has no
 * such activity running its mark follows the clock: a campaign counts only the payments made while
 * it runs. Answers how many gifts were given.
 */
export async function giftsOnPayments(db: Database, settleMs = SPEND_SETTLE_MS): Promise<number> {
  const until = new Date(Date.now() - settleMs);
  let given = 0;
  for (const { id: tenantId } of await db.select({ id: tenants.id }).from(tenants)) {
    const mark = await markOf(db, tenantId, 'SPEND_GIFT', until);
    if (!mark) continue;
    const caller = { tenantId, username: 'system' };
    const reads = schoolReads(db, caller);
    const today = dayIn(await schoolZone(db, tenantId));
    const live = await reads.rows(activities, and(inArray(activities.status, APPROVED), eq(activities.activityType, '2'), lte(activities.startDate, today), gte(activities.endDate, today)), {
      orderBy: asc(activities.id),
    });
    if (!live.length) {
      await moveMark(db, tenantId, 'SPEND_GIFT', until.toISOString(), '');
      continue;
    }
    const payments = await reads.tx
      .select({
        at: sql<string>`${ledgerTransactions.postedAt}::text`,
        postedAt: ledgerTransactions.postedAt,
        id: ledgerTransactions.id,
        txnNo: ledgerTransactions.txnNo,
        // What the payment still counts after refunds made before this run (refunded later: giftsBackOnRefunds).
        amount: sql<number>`(${ledgerTransactions.amount} - coalesce((select sum(r.amount_cents) from fin_txn r where r.reversal_of = ${ledgerTransactions.id}), 0))::int`,
        accountId: ledgerTransactions.accountId,
        accDate: ledgerTransactions.accDate,
      })
      .from(ledgerTransactions)
      .where(
        and(
          reads.school(ledgerTransactions),
          eq(ledgerTransactions.txnType, 'CONSUME'),
          lt(ledgerTransactions.postedAt, until),
          sql`(${ledgerTransactions.postedAt}, ${ledgerTransactions.id}) > (${mark.markTime}::timestamptz, ${mark.markId})`,
        ),
      )
      .orderBy(asc(ledgerTransactions.postedAt), asc(ledgerTransactions.id))
      .limit(500);
    for (const payment of payments) {
      // The campaigns of the payment's own dates (an offline terminal's late upload of an earlier day counts by
      // that day) that it reaches, approved before it was made.
      const reached = live.filter(
        (candidate) =>
          payment.amount >= candidate.threshold && payment.accDate >= candidate.startDate && payment.accDate <= candidate.endDate && !(candidate.auditAt && payment.postedAt < candidate.auditAt),
      );
      if (!reached.length || !payment.accountId) continue;
      given += await inSchool(db, caller, async (work) => {
        const { tx } = work;
        const core = ledgerCore(tx as Database);
        const account = await core.lockAccount(tx, tenantId, payment.accountId!);
        if (!account.memberId || account.accountStatus !== '1') return 0;
        const [member] = await tx.select({ deptId: members.deptId, memberTypeId: members.memberTypeId }).from(members).where(eq(members.id, account.memberId));
        const outcomes = await giveLive(
          work,
          reached.map((candidate) => candidate.id),
          { ...account, memberId: account.memberId },
          member,
          payment.txnNo,
        );
        return outcomes.filter((outcome) => outcome.given).length;
      });
    }
    const last = payments.at(-1);
    await moveMark(db, tenantId, 'SPEND_GIFT', last ? last.at : until.toISOString(), last ? last.id : '');
  }
  return given;
}

/** The members 参与赠送 names: by department (and below), member type, or numbers — within the activity's own range. */
async function targetsOf(work: Work, activity: ActivityRow, input: { deptId?: string | null; memberTypeId?: string | null; memberNos?: string | null }) {
  const numbers = [...new Set((input.memberNos ?? '').split(/[\s,，;；]+/).filter(Boolean))];
  if (!input.deptId && !input.memberTypeId && !numbers.length)
    throw badRequest('请选择赠送对象：部门/班级、人员类型或学号', 'Choose whom to give to: a department or class, a member type or member numbers');
  const found = await work.tx
    .select({ id: members.id, memberNo: members.memberNo, deptId: members.deptId, memberTypeId: members.memberTypeId })
    .from(members)
    .where(
      and(
        work.school(members),
        eq(members.memberStatus, '1'),
        input.deptId ? inArray(members.deptId, await departmentAndBelow(work.tx, work.tenantId, input.deptId)) : undefined,
        input.memberTypeId ? eq(members.memberTypeId, input.memberTypeId) : undefined,
        numbers.length ? inArray(members.memberNo, numbers) : undefined,
      ),
    )
    .orderBy(asc(members.memberNo));
  const missing = numbers.filter((number) => !found.some((row) => row.memberNo === number));
  if (missing.length) throw badRequest(`学号/工号不存在或不在校：${missing.slice(0, 10).join('、')}`, `No member at school numbered ${missing.slice(0, 10).join(', ')}`);
  const inside = [];
  for (const row of found) if (await inRange(work, activity, row)) inside.push(row);
  return inside;
}

/**
 * 参与赠送 (the activity's flow action, in its transaction, the activity locked by it): each chosen
 * person within range gets the gift once for this run (numbered ZS…), their account locked in turn;
 * those who cannot are listed with why. Refused outside the activity's dates.
 */
export async function giveToParticipants(work: Work, activity: ActivityRow, input: { deptId?: string | null; memberTypeId?: string | null; memberNos?: string | null }, runNo: string) {
  const { tx } = work;
  const core = ledgerCore(tx as Database);
  const today = dayIn(await schoolZone(tx, work.tenantId));
  if (today < activity.startDate || today > activity.endDate)
    throw badRequest(`不在活动有效期内（${activity.startDate}~${activity.endDate}）`, `Outside the campaign's dates (${activity.startDate}~${activity.endDate})`);
  const targets = await targetsOf(work, activity, input);
  if (!targets.length) throw badRequest('所选对象中没有活动范围内的在校人员', 'Nobody chosen is at school within the campaign’s range');
  const held = await tx
    .select({ id: accounts.id, memberId: accounts.memberId })
    .from(accounts)
    .where(
      and(
        work.school(accounts),
        inArray(
          accounts.memberId,
          targets.map((row) => row.id),
        ),
        eq(accounts.accountStatus, '1'),
      ),
    )
    .orderBy(asc(accounts.id));
  const outcomes: GiftOutcome[] = [];
  for (const target of targets) {
    const accountId = held.find((row) => row.memberId === target.id)?.id;
    const account = accountId ? await core.lockAccount(tx, work.tenantId, accountId) : null;
    outcomes.push(await giveOne(work, activity, account, target.id, runNo));
  }
  return outcomes;
}

/** Takes one gift back (撤回 or its expiry) from the wallet, as much as it still holds (all of it for 撤回). */
/**
 * A gift back out of its wallet (GIFT_REVERSAL): 撤回 takes it whole or refuses; an expiry or a refunded trigger
 * takes what the wallet still holds. An expired gift still counts as a participation; the others no longer do.
 */
async function takeBack(work: Work, participant: ParticipantRow, reason: string, why: 'withdraw' | 'expire' | 'refund'): Promise<{ amount: number; txnNo: string | null }> {
  const partial = why !== 'withdraw';
  const { tx } = work;
  const core = ledgerCore(tx as Database);
  const [account] = await work.rows(accounts, eq(accounts.memberId, participant.memberId), { orderBy: sql`${accounts.accountStatus} <> '1'`, limit: 1 });
  const locked = account ? await core.lockAccount(tx, work.tenantId, account.id) : null;
  const wallet = participant.wallet as 'GIFT' | 'SUBSIDY';
  const holds = locked ? locked[WALLET_COLUMN[wallet]] : 0;
  if (!partial && holds < participant.gift)
    throw badRequest(
      `钱包余额 ${yuan(Math.max(0, holds))} 元不足 ${yuan(participant.gift)} 元，赠送已被使用，不能撤回`,
      `The wallet holds ${yuan(Math.max(0, holds))} of the ${yuan(participant.gift)} given: it was spent and cannot be taken back`,
    );
  const amount = Math.min(participant.gift, Math.max(0, holds));
  if (amount <= 0 || !locked) return { amount: 0, txnNo: null };
  const posted = await core.post(tx, work, {
    key: `gift-back-${participant.id}`,
    hash: 'activity-gift-back',
    type: 'GIFT_REVERSAL',
    account: locked,
    amount,
    lines: [
      { accountRef: locked.id, wallet, dc: 'D', amount },
      { accountRef: INNER.marketing, wallet: null, dc: 'C', amount },
    ],
    meta: { summary: reason },
  });
  const [activity] = await tx.select().from(activities).where(eq(activities.id, participant.activityId)).for('update');
  if (activity)
    await tx
      .update(activities)
      .set({ given: activity.given - amount, participants: activity.participants - (why === 'expire' ? 0 : 1), updatedAt: new Date() })
      .where(eq(activities.id, activity.id));
  return { amount, txnNo: posted.txnNo };
}

/**
 * Gifts whose trigger was taken back — a 充值赠送 whose recharge was reversed (冲正), a 消费满减 whose payment
 * was refunded below its 满X: what the wallet still holds of the gift goes back (已撤回), each in its own
 * transaction, every school's. Run with 消费满减 every minute. Answers how many were taken back.
 */
export async function giftsBackOnRefunds(db: Database): Promise<number> {
  const due = await rowsOf<{ id: string; tenant_id: number; net: number; txn_no: string }>(
    db,
    sql`select p.id, p.tenant_id, (o.amount_cents - r.back)::int as net, o.txn_no
          from act_participant p
          join act_activity a on a.id = p.activity_id and a.activity_type in ('1', '2')
          join fin_txn o on o.tenant_id = p.tenant_id and o.txn_no = p.trigger_ref and o.txn_type in ('RECHARGE', 'CONSUME')
          cross join lateral (select coalesce(sum(x.amount_cents), 0) as back from fin_txn x where x.reversal_of = o.id) r
         where p.status = '1' and p.del_flag = 0 and r.back > 0 and o.amount_cents - r.back < a.threshold_cents
         order by p.id
         limit 500`,
  );
  let taken = 0;
  for (const row of due) {
    taken += await inSchool(db, { tenantId: row.tenant_id, username: 'system' }, async (work) => {
      const { tx } = work;
      const [participant] = await tx.select().from(activityParticipants).where(eq(activityParticipants.id, row.id)).for('update');
      if (!participant || participant.status !== '1') return 0;
      const back = await takeBack(work, participant, `原单 ${row.txn_no} 退款后不再满足活动条件，收回赠送`, 'refund');
      // A gift already spent cannot come back: it is said so (the refund itself is not held back for it).
      const said = `原单退款后余 ${yuan(Math.max(0, row.net))} 元，不再满足活动条件，${back.amount ? `收回 ${yuan(back.amount)} 元` : '赠送已被使用，未能收回'}`;
      await tx.update(activityParticipants).set({ status: '2', withdrawTxnNo: back.txnNo, reason: said, updatedAt: new Date() }).where(eq(activityParticipants.id, participant.id));
      return 1;
    });
  }
  return taken;
}

/** 撤回赠送 (a participant's flow action): the whole gift back while the wallet holds it. */
export async function withdrawGift(work: Work, participant: ParticipantRow, reason: string) {
  return takeBack(work, participant, `撤回活动赠送：${reason}`, 'withdraw');
}

/** Gifts past their validity: what the wallet still holds of each is taken back (已过期), every school's. */
export async function expireGifts(db: Database): Promise<number> {
  const due = await db
    .select()
    .from(activityParticipants)
    .where(and(eq(activityParticipants.status, '1'), alive(activityParticipants), lt(activityParticipants.validUntil, sql`current_date + 1`)));
  let expired = 0;
  for (const participant of due) {
    const today = dayIn(await schoolZone(db, participant.tenantId));
    if (!participant.validUntil || participant.validUntil >= today) continue;
    await inSchool(db, { tenantId: participant.tenantId, username: 'system' }, async (work) => {
      const taken = await takeBack(work, participant, `活动赠送过期收回`, 'expire');
      await work.tx
        .update(activityParticipants)
        .set({ status: '4', withdrawTxnNo: taken.txnNo, reason: `已过期，收回 ${yuan(taken.amount)} 元`, updatedAt: new Date() })
        .where(eq(activityParticipants.id, participant.id));
    });
    expired += 1;
  }
  return expired;
}
