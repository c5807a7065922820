import { and, eq, sql } from 'drizzle-orm';
import { addDays, weekdayOf } from '@shared/schoolTime';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { accounts, mealOrders, mealRefundBatches, mealRefundItems, members } from '../db/schema';
import { inSchool } from '../db/work';
import { ApiError } from '../http/envelope';
import type { SampleDay, SampleEvent } from '../registry/areas';
import { nextBillNo } from '../modules/bills/billNo';
import { mealOrderActions } from '../modules/meals/mealOrder.actions';
import { accountActions } from '../modules/members/card.actions';
import { gatherRefundLines, payRefundBatch, releaseRefundLines } from '../modules/meals/refunds';
import { takeFlowStep } from './flowStep';
import { chanceOf } from './random';

/** When the canteen's clerk makes the week's refund batch, each Monday. */
export const MERGED_AT = '15:30';

/** Who makes a refund batch (the canteen's clerk); the clerk of the console audits it (another person). */
const MAKER = 'canteen';

/**
 * 取消订餐 and 退款合并 in the sample weeks. Now and then a parent cancels tomorrow's ordered lunch
 * before its deadline, through the order's own 取消 (what it paid waits as a refund line). Each
 * Monday afternoon the canteen's clerk merges the week before's waiting lines into a batch, as 新增
 * does (the batch gathers them); the next morning another person audits it and runs 执行退款 (the
 * refund service: one posting a person, back into the wallets the orders were paid from). The
 * latest Monday's batch waits for its audit; the one before is paid while a pupil's account is
 * frozen for the morning (部分失败).
 */
export function refundMergesOf(db: Database, tenantId: number, by: string, pupils: readonly { memberId: string }[], dates: readonly string[], mergedBy: (date: string) => boolean) {
  // The Mondays whose batch is made by now (on a Monday morning, not today's).
  const merged = dates.filter((date) => weekdayOf(date) === 1 && mergedBy(date));
  // The latest waits for its audit.
  const lastMonday = merged.at(-1);
  const madeOn = new Map<string, string>();
  // The batch rejected once before it is paid: the one before the last paid (3 or 4 Mondays are in the
  // weeks), never the weeks' first Monday when the weeks start late in a week — its week before is
  // mostly outside them, and on a school made on a Friday it has no lunch to gather.
  const firstMonday = merged.at(-3);

  const cancel = (day: SampleDay, memberId: string, diningDate: string, at: string, reason: string): SampleEvent => ({
    at: day.at(at),
    run: () =>
      inSchool(db, { tenantId, username: by }, async (work) => {
        const [order] = await work.tx
          .select()
          .from(mealOrders)
          .where(and(work.school(mealOrders), eq(mealOrders.memberId, memberId), eq(mealOrders.diningDate, diningDate), eq(mealOrders.status, '1')))
          .for('update');
        if (!order) return;
        const input = { cancelReason: reason };
        // The effect reads only the order and its unit of work.
        const result = await mealOrderActions.cancel!({ tx: work.tx, work, row: order, input, context: undefined as never, caller: undefined as never });
        await takeFlowStep(work, mealOrders, 'meals.order', 'cancel', order, result, input);
      }),
  });

  const merge = (day: SampleDay, at = MERGED_AT, scopeOf = day.date): SampleEvent => ({
    at: day.at(at),
    run: () =>
      inSchool(db, { tenantId, username: MAKER }, async (work) => {
        const id = newId();
        const scope = { dateFrom: addDays(scopeOf, -7), dateTo: addDays(scopeOf, -1) };
        await work.tx.insert(mealRefundBatches).values({ id, tenantId, createBy: MAKER, billNo: await nextBillNo(work.tx, tenantId, 'TK'), ...scope, remark: '上周取消订餐退款' });
        try {
          const counted = await gatherRefundLines(work, id, scope);
          await work.tx.update(mealRefundBatches).set(counted).where(eq(mealRefundBatches.id, id));
          madeOn.set(scopeOf, id);
        } catch (error) {
          // A week with nothing to give back: no batch (新增 is refused the same way).
          if (!(error instanceof ApiError)) throw error;
          await work.tx.delete(mealRefundBatches).where(eq(mealRefundBatches.id, id));
        }
      }),
  });

  /**
   * The first week's batch: the auditor finds its 退款去向 was not the one agreed and rejects it (its
   * lines wait again); the clerk merges them anew within the hour, audited and paid that afternoon.
   */
  const rejectAndRemerge = (day: SampleDay, monday: string): SampleEvent[] => [
    {
      at: day.at('09:30'),
      run: async () => {
        const id = madeOn.get(monday);
        if (!id) return;
        await inSchool(db, { tenantId, username: by }, async (work) => {
          const [batch] = await work.tx.select().from(mealRefundBatches).where(eq(mealRefundBatches.id, id)).for('update');
          await releaseRefundLines(work, [batch!.id]);
          await takeFlowStep(
            work,
            mealRefundBatches,
            'meals.refundBatch',
            'reject',
            batch!,
            { set: { auditOpinion: '合并时选错了退款去向，请重新合并' } },
            { auditOpinion: '合并时选错了退款去向，请重新合并' },
          );
        });
        madeOn.delete(monday);
      },
    },
    merge(day, '10:15', monday),
    ...auditAndPay(day, monday, '14:00'),
  ];

  const auditAndPay = (day: SampleDay, monday: string, at = '09:30'): SampleEvent[] => [
    {
      at: day.at(at),
      run: async () => {
        const id = madeOn.get(monday);
        if (!id) return;
        await inSchool(db, { tenantId, username: by }, async (work) => {
          const [batch] = await work.tx.select().from(mealRefundBatches).where(eq(mealRefundBatches.id, id)).for('update');
          await takeFlowStep(work, mealRefundBatches, 'meals.refundBatch', 'audit', batch!, { set: { auditOpinion: '明细与订单核对无误' } });
          await takeFlowStep(work, mealRefundBatches, 'meals.refundBatch', 'execute', { ...batch!, auditStatus: '2' }, undefined);
        });
        const [batch] = await db.select().from(mealRefundBatches).where(eq(mealRefundBatches.id, id));
        await payRefundBatch({ db }, { tenantId, username: by }, batch!);
      },
    },
  ];

  /**
   * The last batch paid: a parent, afraid the pupil's card is used by another, has the account frozen
   * that morning; it is thawed once the office has checked the payments. The refund to that pupil,
   * paid while the account was frozen, fails (账户已冻结) and the batch is 部分失败, waiting to be run again.
   */
  const lastPaid = merged.at(-2);
  const frozenFor = new Map<string, string>();
  const account = (day: SampleDay, monday: string, at: string, actionId: 'freeze' | 'unfreeze'): SampleEvent => ({
    at: day.at(at),
    run: () =>
      inSchool(db, { tenantId, username: by }, async (work) => {
        const batchId = madeOn.get(monday);
        if (!batchId) return;
        if (!frozenFor.has(monday)) {
          // A pupil whose lines are all cancelled lunches (a leave's refund is its own story), the first by number.
          const [line] = await work.tx
            .select({ memberId: mealRefundItems.memberId })
            .from(mealRefundItems)
            .innerJoin(members, eq(members.id, mealRefundItems.memberId))
            .where(eq(mealRefundItems.batchId, batchId))
            .groupBy(mealRefundItems.memberId, members.memberNo)
            .having(sql`bool_and(${mealRefundItems.sourceType} = '1')`)
            .orderBy(members.memberNo)
            .limit(1);
          if (!line) return;
          frozenFor.set(monday, line.memberId);
        }
        const [row] = await work.tx
          .select()
          .from(accounts)
          .where(and(work.school(accounts), eq(accounts.memberId, frozenFor.get(monday)!), eq(accounts.accountStatus, actionId === 'freeze' ? '1' : '2')))
          .for('update');
        if (!row) return;
        const result = await accountActions[actionId]!({ tx: work.tx, work, row, input: {}, context: undefined as never, caller: undefined as never });
        await takeFlowStep(work, accounts, 'members.account', actionId, row, result);
      }),
  });

  return {
    day(day: SampleDay): SampleEvent[] {
      const events: SampleEvent[] = [];
      // Tomorrow's lunch cancelled before its deadline; yesterday, a lunch of the days ordered ahead (it waits, unmerged).
      const chance = chanceOf('cancel', day.date);
      // The rejected batch has lines whatever the chance: a Thursday's lunch cancelled the day before.
      const gathered = firstMonday !== undefined && day.date === addDays(firstMonday, -5);
      if (day.daysAgo >= 2 && pupils.length && (chance.yes(0.45) || gathered)) events.push(cancel(day, chance.pick(pupils).memberId, addDays(day.date, 1), '08:50', '家长取消：次日请假回家'));
      if (day.daysAgo === 1 && pupils.length > 2) events.push(cancel(day, pupils[2]!.memberId, addDays(day.date, 3), '09:20', '家长取消：当天外出'));
      if (weekdayOf(day.date) === 1) events.push(merge(day));
      const monday = addDays(day.date, -1);
      if (weekdayOf(day.date) === 2 && monday !== lastMonday) events.push(...(monday === firstMonday ? rejectAndRemerge(day, monday) : auditAndPay(day, monday)));
      if (weekdayOf(day.date) === 2 && monday === lastPaid && monday !== firstMonday) events.push(account(day, monday, '09:10', 'freeze'), account(day, monday, '11:20', 'unfreeze'));
      return events;
    },
  };
}
