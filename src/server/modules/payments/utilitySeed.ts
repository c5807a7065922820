import { and, asc, eq } from 'drizzle-orm';
import { utilityAmount, tiersText } from '@shared/utilityPrices';
import { addDays, addMonths } from '@shared/schoolTime';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { members, memberTypes, utilityBills } from '../../db/schema';
import { Work } from '../../db/work';
import { schoolNow } from '../../db/seed/schoolClock';
import { nextBillNo } from '../bills/billNo';
import { CHANNEL_OF_PAY_WAY, recordPayment } from './billPayments';

const WATER = [{ from: 0, price: 350 }];
const POWER = [
  { from: 0, price: 56 },
  { from: 200, price: 61 },
  { from: 400, price: 86 },
];

/**
 * The staff houses' meters (教工宿舍 1栋): the last two months read, billed and mostly paid at the
 * counter (each payment in 缴费记录); this month read and waiting to be billed.
 */
export async function seedUtilities(tx: Executor, tenantId: number, operator: string): Promise<void> {
  const staff = await tx
    .select({ id: members.id })
    .from(members)
    .innerJoin(memberTypes, eq(memberTypes.id, members.memberTypeId))
    .where(and(new Work(tx, tenantId, operator).school(members), eq(memberTypes.code, 'STAFF'), eq(members.memberStatus, '1')))
    .orderBy(asc(members.memberNo))
    .limit(4);
  const thisMonth = schoolNow().format('YYYY-MM');
  const lastMonth = addMonths(`${thisMonth}-01`, -1).slice(0, 7);
  const monthBeforeLast = addMonths(`${thisMonth}-01`, -2).slice(0, 7);
  const caller = { tenantId, username: operator };
  for (const [index, person] of staff.entries()) {
    const room = `${101 + index}`;
    for (const [type, tiers, unit, base, step] of [
      ['1', WATER, '吨', 120_000 + index * 7_000, 9_500 + index * 1_250],
      ['2', POWER, '度', 2_400_000 + index * 150_000, 180_000 + index * 95_000],
    ] as const) {
      const prefix = type === '1' ? 'SF' : 'DF';
      // The month before last and last month: billed, each due on the 25th of the month after; the first
      // three paid at the counter, the fourth owes both (the older one 逾期 once the day's job runs).
      let reading = base;
      for (const [period, dueDate, usage] of [
        [monthBeforeLast, addDays(`${lastMonth}-01`, 24), step - 600],
        [lastMonth, addDays(`${thisMonth}-01`, 24), step],
      ] as const) {
        const amount = utilityAmount(usage, tiers);
        const paid = index < 3 ? amount : 0;
        const bill = {
          id: newId(),
          tenantId,
          createBy: operator,
          billNo: await nextBillNo(tx, tenantId, prefix),
          utilityType: type,
          building: '教工宿舍1栋',
          room,
          meterNo: `${type === '1' ? 'W' : 'E'}-1-${room}`,
          memberId: person.id,
          period,
          prevReading: reading,
          currReading: reading + usage,
          usage,
          amount,
          due: amount,
          paid,
          owed: amount - paid,
          dueDate,
          billStatus: '1',
          payStatus: paid ? '2' : '0',
          priceNote: tiersText(tiers, unit),
          readBy: operator,
          readTime: new Date(),
          billBy: operator,
          billTime: new Date(),
          ...(paid ? { lastPayWay: '2', lastPayTime: new Date(), receiptNo: `SJ-SEED-U${type}${room}-${period.slice(5)}` } : {}),
        };
        await tx.insert(utilityBills).values(bill);
        reading += usage;
        if (paid)
          await recordPayment(tx, caller, {
            itemType: type === '1' ? '2' : '3',
            billType: 'utility',
            billId: bill.id,
            billNo: bill.billNo,
            target: `教工宿舍1栋 ${room}（${period}）`,
            memberId: person.id,
            amount: paid,
            channel: CHANNEL_OF_PAY_WAY['2']!,
            receiptNo: bill.receiptNo,
          });
      }
      // This month: read, not billed yet.
      const usage = step + 1_500;
      await tx.insert(utilityBills).values({
        id: newId(),
        tenantId,
        createBy: operator,
        billNo: await nextBillNo(tx, tenantId, prefix),
        utilityType: type,
        building: '教工宿舍1栋',
        room,
        meterNo: `${type === '1' ? 'W' : 'E'}-1-${room}`,
        memberId: person.id,
        period: thisMonth,
        prevReading: reading,
        currReading: reading + usage,
        usage,
        readBy: operator,
        readTime: new Date(),
      });
    }
  }
}
