import { and, eq, gte, inArray, isNotNull, isNull, lte, lt } from 'drizzle-orm';
import { addDays, dayIn, parseSchoolTime } from '@shared/schoolTime';
import type { FlowEffect } from '../../crud/flowActions';
import type { Database, Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { accounts, leaves, ledgerTransactions, mealConfigs, mealLeaveRefunds, mealOrders, mealRefundItems, mealStops, members, schoolTerms } from '../../db/schema';
import { inSchool, schoolReads, type Work } from '../../db/work';
import { ApiError, badRequest } from '../../http/envelope';
import { nextBillNo } from '../bills/billNo';
import { schoolSettings } from '../schools/settings';

/**
 * 请假退餐费's work (DOMAIN.md §7, §15 "Meal-leave refund computation"): a refund opened when a
 * stop-meal of a pupil on a meal plan goes in force, following the stop (销假 shortens it, 撤销
 * ends it), counted once its period is over, adjusted, audited, and paid back through 退款合并.
 */

type RefundRow = typeof mealLeaveRefunds.$inferSelect;
type Meal = '1' | '2' | '3';

/** meal_plan → the meals it prepaid: 1 午餐 · 2 午晚餐 · 3 三餐. */
const PLAN_MEALS: Readonly<Record<string, readonly Meal[]>> = { '1': ['2'], '2': ['2', '3'], '3': ['1', '2', '3'] };
const COUNT_OF = { '1': 'breakfastCount', '2': 'lunchCount', '3': 'dinnerCount' } as const;
const PRICE_OF = { '1': 'breakfastPrice', '2': 'lunchPrice', '3': 'dinnerPrice' } as const;
const MEAL_NAME: Readonly<Record<Meal, string>> = { '1': '早餐', '2': '午餐', '3': '晚餐' };
/** Stops that keep their refund open: waiting or in force. */
const OPEN = ['0', '1'];

const yuan = (cents: number) => (cents / 100).toFixed(2);

/** The plan's meals a stop takes away (none: no refund). */
const mealsOf = (plan: string | null, stopMeals: string): Meal[] => (PLAN_MEALS[plan ?? '0'] ?? []).filter((meal) => stopMeals.split(',').includes(meal));

/** A stop went in force: a pupil on a meal plan it touches gets a refund to count (TF…), one a stop. */
export async function openLeaveRefund(
  work: Work,
  stop: { id: string; billNo: string; memberId: string; startDate: string; endDate: string; mealTypes: string; leaveId?: string | null; className?: string | null },
): Promise<string | null> {
  const { tx } = work;
  const [member] = await tx.select({ plan: members.mealPlan }).from(members).where(eq(members.id, stop.memberId));
  if (!mealsOf(member?.plan ?? null, stop.mealTypes).length) return null;
  const [leave] = stop.leaveId ? await tx.select({ billNo: leaves.billNo }).from(leaves).where(eq(leaves.id, stop.leaveId)) : [];
  const billNo = await nextBillNo(tx, work.tenantId, 'TF');
  await work.insert(mealLeaveRefunds, {
    id: newId(),
    billNo,
    memberId: stop.memberId,
    className: stop.className ?? null,
    stopId: stop.id,
    leaveId: stop.leaveId ?? null,
    sourceNo: leave?.billNo ?? stop.billNo,
    dateFrom: stop.startDate,
    dateTo: stop.endDate,
  });
  return billNo;
}

/** The stop was shortened (销假, 提前恢复) or withdrawn: its refund, not audited yet, is counted again or ends. */
export async function followStop(work: Work, stopId: string, change: { endDate: string } | { withdrawn: true }): Promise<void> {
  const open = and(eq(mealLeaveRefunds.stopId, stopId), inArray(mealLeaveRefunds.status, OPEN));
  if ('withdrawn' in change) await work.update(mealLeaveRefunds, { status: '5', auditOpinion: '请假/停餐已撤销' }, open);
  else await work.update(mealLeaveRefunds, { dateTo: change.endDate, status: '0', calcAmount: 0, amount: 0, adjustReason: null, adjustBy: null }, open);
}

/** When the refund's period runs: the leave's (to its return, if 销假) or the stop's whole days; and when the school was told. */
async function periodOf(tx: Executor, zone: string, refund: RefundRow) {
  const [stop] = await tx.select().from(mealStops).where(eq(mealStops.id, refund.stopId));
  const [leave] = refund.leaveId ? await tx.select().from(leaves).where(eq(leaves.id, refund.leaveId)) : [];
  if (leave) return { start: leave.startTime, end: leave.backTime ?? leave.endTime, told: leave.approveTime ?? leave.createdAt, stopMeals: stop?.mealTypes ?? leave.mealTypes ?? '' };
  const startDay = stop?.startDate ?? refund.dateFrom;
  const endDay = stop?.endDate ?? refund.dateTo;
  return {
    start: parseSchoolTime(zone, `${startDay} 00:00:00`)!,
    end: parseSchoolTime(zone, `${addDays(endDay, 1)} 00:00:00`)!,
    told: stop?.auditTime ?? stop?.createdAt ?? new Date(),
    stopMeals: stop?.mealTypes ?? '',
  };
}

/** The school's meal windows and refund prices (its own settings, else the first canteen's). */
async function mealRulesOf(work: Work) {
  const rows = await work.rows(mealConfigs, eq(mealConfigs.status, '1'));
  const rules = new Map<string, { start: string; end: string; price: number }>();
  for (const row of [...rows].sort((a, b) => Number(a.canteenId !== null) - Number(b.canteenId !== null)))
    if (!rules.has(row.mealType)) rules.set(row.mealType, { start: row.startTime, end: row.endTime, price: row.leaveRefundPrice ?? row.standardPrice ?? 0 });
  return rules;
}

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * 核算: the plan's meals the stop took, on weekdays within a term, from the 生效点 — 次日起: from the
 * day after the school was told (and not before the leave starts); 当餐起: the meal under way when
 * the leave starts counts — to the end of the leave; less each meal eaten at a terminal or paid as
 * an order (that order's refund is its own), × each meal's 退餐单价. A leave shorter than the
 * school's minimum full days refunds nothing.
 */
export async function countLeaveRefund(work: Work, refund: RefundRow, now: Date = new Date()): Promise<Partial<RefundRow>> {
  const { tx } = work;
  const settings = await schoolSettings(tx, work.tenantId);
  const zone = settings.timeZone;
  const { start, end, told, stopMeals } = await periodOf(tx, zone, refund);
  if (end.getTime() > now.getTime()) throw badRequest(`${refund.billNo} 的请假/停餐尚未结束，结束后再核算`, `${refund.billNo}: the leave or stop is not over yet`);
  const [member] = await tx.select({ plan: members.mealPlan }).from(members).where(eq(members.id, refund.memberId));
  const meals = mealsOf(member?.plan ?? null, stopMeals);
  const fromNextDay = settings.mealRefundStart !== '2';
  const nextDay = parseSchoolTime(zone, `${addDays(dayIn(zone, told), 1)} 00:00:00`)!;
  const from = fromNextDay && nextDay > start ? nextDay : start;
  const firstDay = dayIn(zone, from);
  const lastDay = dayIn(zone, new Date(end.getTime() - 1));
  const rules = await mealRulesOf(work);
  const terms = await tx
    .select({ start: schoolTerms.startDate, end: schoolTerms.endDate })
    .from(schoolTerms)
    .where(and(work.school(schoolTerms), eq(schoolTerms.status, '1')));
  const inTerm = (day: string) => !terms.length || terms.some((term) => term.start <= day && day <= term.end);
  const held = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.memberId, refund.memberId));
  const eaten = new Set(
    held.length && firstDay <= lastDay
      ? (
          await tx
            .select({ day: ledgerTransactions.accDate, meal: ledgerTransactions.mealType })
            .from(ledgerTransactions)
            .where(
              and(
                inArray(
                  ledgerTransactions.accountId,
                  held.map((row) => row.id),
                ),
                eq(ledgerTransactions.txnType, 'CONSUME'),
                isNotNull(ledgerTransactions.terminalId),
                isNull(ledgerTransactions.reversalOf),
                gte(ledgerTransactions.accDate, firstDay),
                lte(ledgerTransactions.accDate, lastDay),
              ),
            )
        ).map((row) => `${row.day}|${row.meal}`)
      : [],
  );
  const ordered = new Set(
    (
      await tx
        .select({ day: mealOrders.diningDate, meal: mealOrders.mealType })
        .from(mealOrders)
        .where(and(work.school(mealOrders), eq(mealOrders.memberId, refund.memberId), isNotNull(mealOrders.payTxnId), gte(mealOrders.diningDate, firstDay), lte(mealOrders.diningDate, lastDay)))
    ).map((row) => `${row.day}|${row.meal}`),
  );
  const counts: Record<Meal, number> = { '1': 0, '2': 0, '3': 0 };
  let skippedEaten = 0;
  let skippedOrdered = 0;
  let fullDays = 0;
  for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
    if ([0, 6].includes(weekday(day)) || !inTerm(day)) continue;
    let counted = 0;
    for (const meal of meals) {
      const rule = rules.get(meal);
      if (!rule) continue;
      const opens = parseSchoolTime(zone, `${day} ${rule.start}:00`)!;
      const closes = parseSchoolTime(zone, `${day} ${rule.end}:00`)!;
      if ((fromNextDay ? opens < from : closes <= from) || opens >= end) continue;
      if (eaten.has(`${day}|${meal}`)) skippedEaten += 1;
      else if (ordered.has(`${day}|${meal}`)) skippedOrdered += 1;
      else {
        counts[meal] += 1;
        counted += 1;
      }
    }
    if (counted === meals.length && counted > 0) fullDays += 1;
  }
  const short = settings.mealRefundMinDays > 0 && fullDays < settings.mealRefundMinDays;
  const prices = Object.fromEntries((['1', '2', '3'] as const).map((meal) => [meal, rules.get(meal)?.price ?? 0])) as Record<Meal, number>;
  const amount = short ? 0 : meals.reduce((sum, meal) => sum + counts[meal] * prices[meal], 0);
  const words = [
    `生效点：${fromNextDay ? '次日起' : '当餐起'}（自 ${dayIn(zone, from)}）`,
    ...meals.map((meal) => `${MEAL_NAME[meal]} ${counts[meal]} 餐 × ${yuan(prices[meal])}`),
    ...(skippedEaten ? [`已就餐 ${skippedEaten} 餐不退`] : []),
    ...(skippedOrdered ? [`已订餐 ${skippedOrdered} 餐按订单退`] : []),
    ...(short ? [`不足 ${settings.mealRefundMinDays} 整天，不退`] : []),
  ];
  return {
    dateFrom: firstDay <= lastDay ? firstDay : refund.dateFrom,
    dateTo: lastDay,
    ...(Object.fromEntries(meals.map((meal) => [COUNT_OF[meal], short ? 0 : counts[meal]])) as Partial<RefundRow>),
    ...(Object.fromEntries((['1', '2', '3'] as const).map((meal) => [PRICE_OF[meal], prices[meal]])) as Partial<RefundRow>),
    calcAmount: amount,
    amount,
    calcNote: words.join('；').slice(0, 500),
    calcTime: new Date(),
    adjustReason: null,
    adjustBy: null,
  };
}

/** The refund as stored (deleted or not), locked. */
async function lockRefund(work: Work, id: string): Promise<RefundRow> {
  const [refund] = await work.tx
    .select()
    .from(mealLeaveRefunds)
    .where(and(work.school(mealLeaveRefunds, { deleted: true }), eq(mealLeaveRefunds.id, id)))
    .for('update');
  if (!refund) throw badRequest('请假退餐费记录不存在', 'No such meal-leave refund');
  return refund;
}

/** The flow's effects (declared in mealLeaveRefund.ts), each on the refund as the flow locked it. */
export const leaveRefundActions: Readonly<Record<string, FlowEffect>> = {
  async calculate({ work, row }) {
    const counted = await countLeaveRefund(work, row as RefundRow);
    return { set: counted, note: `核算 ${yuan(counted.amount ?? 0)} 元` };
  },
  async adjust({ row, input }) {
    const refund = row as RefundRow;
    const amount = Number(input.amount);
    if (amount === refund.amount) throw badRequest('调整后金额与原金额相同', 'The amount is unchanged');
    return { set: { amount, adjustReason: input.adjustReason }, note: `${yuan(refund.amount)} → ${yuan(amount)} 元` };
  },
  async reject({ input }) {
    return { set: { auditOpinion: input.auditOpinion } };
  },
  async approve({ input }) {
    return { set: { refundWay: input.refundWay, auditOpinion: input.auditOpinion ?? null } };
  },
  async merge({ work, row }) {
    const refund = row as RefundRow;
    if (refund.refundWay !== '1') throw badRequest(`${refund.billNo} 的退费方式不是退至卡余额`, `${refund.billNo} is not paid back to the card`);
    if (refund.amount <= 0) throw badRequest(`${refund.billNo} 的应退金额为 0，无需退款`, `${refund.billNo} has nothing to refund`);
    const itemId = newId();
    await work.insert(mealRefundItems, {
      id: itemId,
      memberId: refund.memberId,
      sourceType: refund.leaveId ? '2' : '3',
      sourceNo: refund.billNo,
      sourceId: refund.id,
      diningDate: refund.dateTo,
      amount: refund.amount,
      remark: refund.sourceNo,
    });
    return { set: { refundItemId: itemId } };
  },
  async payCash({ row, input }) {
    const refund = row as RefundRow;
    if (refund.refundWay !== '3') throw badRequest(`${refund.billNo} 的退费方式不是现金`, `${refund.billNo} is not paid back in cash`);
    return { set: { receiptNo: input.receiptNo ?? null } };
  },
};

/** The refund lines a batch paid: their 请假退餐费 are 已退款, and name the batch. */
export async function refundsPaid(tx: Executor, itemIds: readonly string[], batchId: string): Promise<void> {
  if (!itemIds.length) return;
  await tx
    .update(mealLeaveRefunds)
    .set({ status: '4', batchId, updatedAt: new Date() })
    .where(inArray(mealLeaveRefunds.refundItemId, [...itemIds]));
}

/** The nightly 核算: each school's refunds waiting whose period is over are counted (待审核). */
export async function countDueRefunds(db: Database, tenantId: number): Promise<number> {
  const system = { tenantId, username: 'system' };
  const today = dayIn((await schoolSettings(db, tenantId)).timeZone);
  const waiting = await schoolReads(db, system).rows(mealLeaveRefunds, and(eq(mealLeaveRefunds.status, '0'), lt(mealLeaveRefunds.dateTo, today)));
  let counted = 0;
  for (const { id } of waiting)
    counted += await inSchool(db, system, async (work) => {
      const refund = await lockRefund(work, id);
      if (refund.status !== '0') return 0;
      try {
        await work.tx
          .update(mealLeaveRefunds)
          .set({ ...(await countLeaveRefund(work, refund)), status: '1', updateBy: work.username, updatedAt: new Date() })
          .where(eq(mealLeaveRefunds.id, id));
        return 1;
      } catch (error) {
        // Not over yet (a leave ending later on its last day): the next run counts it.
        if (error instanceof ApiError) return 0;
        throw error;
      }
    });
  return counted;
}
