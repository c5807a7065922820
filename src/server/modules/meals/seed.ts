import { addDays } from '@shared/schoolTime';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { mealStops } from '../../db/schema';
import { inSchool } from '../../db/work';
import { nextBillNo } from '../bills/billNo';
import { cancelOrdersOfStop } from './orders';

/**
 * A class's stop-meals as the canteen's week leaves them (the sample school's weeks place, serve
 * and cancel its orders through the order service): one pupil's meals are stopped from tomorrow
 * (their orders cancelled into refund lines), another's stop waits for audit. Written as the
 * services do, in one transaction.
 */
export async function sampleStopMeals(db: Database, tenantId: number, operator: string, pupils: readonly { memberId: string; className: string | null }[], today: string): Promise<void> {
  if (pupils.length < 3) return;
  await inSchool(db, { tenantId, username: operator }, async (work) => {
    const tx = work.tx;
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
