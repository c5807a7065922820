import { and, eq, inArray } from 'drizzle-orm';
import { addDays } from '@shared/schoolTime';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { mealOrders, mealStops } from '../../db/schema';
import { inSchool } from '../../db/work';
import { nextBillNo } from '../bills/billNo';
import { cancelOrdersOfStop, owedBack } from './orders';

/**
 * A class's lunch orders as the canteen's week leaves them (the sample school's weeks place and
 * serve them through the order service): a parent cancels the day after tomorrow's lunch (its
 * payment a refund line), one pupil's meals are stopped from tomorrow (their orders cancelled into
 * refund lines), another's stop waits for audit. Written as the services do, in one transaction.
 */
export async function sampleStopsAndCancel(db: Database, tenantId: number, operator: string, pupils: readonly { memberId: string; className: string | null }[], today: string): Promise<void> {
  if (pupils.length < 3) return;
  await inSchool(db, { tenantId, username: operator }, async (work) => {
    const tx = work.tx;
    const orders = await work.rows(
      mealOrders,
      and(
        inArray(
          mealOrders.memberId,
          pupils.slice(0, 3).map((pupil) => pupil.memberId),
        ),
        eq(mealOrders.mealType, '2'),
      ),
    );
    // A parent cancelled the day after tomorrow's lunch: its payment waits as a refund line.
    const cancelled = orders.find((row) => row.memberId === pupils[2]!.memberId && row.diningDate === addDays(today, 2));
    if (cancelled) {
      await tx.update(mealOrders).set({ status: '4', cancelTime: new Date(), cancelReason: '家长取消' }).where(eq(mealOrders.id, cancelled.id));
      await owedBack(work, cancelled, '1');
    }

    // 停餐: one pupil's lunches stopped from tomorrow (in force), another's waiting for audit.
    const inForce = { id: newId(), billNo: await nextBillNo(tx, tenantId, 'TC'), memberId: pupils[0]!.memberId, startDate: addDays(today, 1), endDate: addDays(today, 3), mealTypes: '2', source: '1' };
    const { cancelled: stopped, refund } = await cancelOrdersOfStop(work, inForce);
    await tx.insert(mealStops).values([
      {
        ...inForce,
        tenantId,
        createBy: operator,
        className: pupils[0]!.className,
        stopType: '1',
        reasonType: '4',
        reason: '肠胃不适，家长送饭',
        status: '1',
        auditBy: operator,
        auditTime: new Date(),
        cancelledOrders: stopped,
        estRefund: refund,
      },
      {
        id: newId(),
        tenantId,
        createBy: operator,
        billNo: await nextBillNo(tx, tenantId, 'TC'),
        memberId: pupils[1]!.memberId,
        className: pupils[1]!.className,
        stopType: '2',
        startDate: addDays(today, 3),
        endDate: addDays(today, 30),
        mealTypes: '2,3',
        reasonType: '3',
        reason: '改为走读',
        source: '3',
        status: '0',
      },
    ]);
  });
}
