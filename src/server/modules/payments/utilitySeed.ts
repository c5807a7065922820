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
 * The staff houses' meters (教工宿舍 1栋): last month read, billed and mostly paid at the counter (each
 * payment in 缴费记录); this month read and waiting to be billed.
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
  const caller = { tenantId, username: operator };
  for (const [index, person] of staff.entries()) {
    const room = `${101 + index}`;
    for (const [type, tiers, unit, base, step] of [
      ['1', WATER, '吨', 120_000 + index * 7_000, 9_500 + index * 1_250],
      ['2', POWER, '度', 2_400_000 + index * 150_000, 180_000 + index * 95_000],
    ] as const) {
      const prefix = type === '1' ? 'SF' : 'DF';
      // Last month: billed, due on the 25th of this month; the first three paid at the counter.
      const lastUsage = step;
      const amount = utilityAmount(lastUsage, tiers);
      const paid = index < 3 ? amount : 0;
      const last = {
        id: newId(),
        tenantId,
        createBy: operator,
        billNo: await nextBillNo(tx, tenantId, prefix),
        utilityType: type,
        building: '教工宿舍1栋',
        room,
        meterNo: `${type === '1' ? 'W' : 'E'}-1-${room}`,
        memberId: person.id,
        period: lastMonth,
        prevReading: base,
        currReading: base + lastUsage,
        usage: lastUsage,
        amount,
        due: amount,
        paid,
        owed: amount - paid,
        dueDate: addDays(`${thisMonth}-01`, 24),
        billStatus: '1',
        payStatus: paid ? '2' : '0',
        priceNote: tiersText(tiers, unit),
        readBy: operator,
        readTime: new Date(),
        billBy: operator,
        billTime: new Date(),
        ...(paid ? { lastPayWay: '2', lastPayTime: new Date(), receiptNo: `SJ-SEED-U${type}${room}` } : {}),
      };
      await tx.insert(utilityBills).values(last);
      if (paid)
        await recordPayment(tx, caller, {
          itemType: type === '1' ? '2' : '3',
          billType: 'utility',
          billId: last.id,
          billNo: last.billNo,
          target: `教工宿舍1栋 ${room}（${lastMonth}）`,
          memberId: person.id,
          amount: paid,
          channel: CHANNEL_OF_PAY_WAY['2']!,
          receiptNo: `SJ-SEED-U${type}${room}`,
        });
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
        prevReading: base + lastUsage,
        currReading: base + lastUsage + usage,
        usage,
        readBy: operator,
        readTime: new Date(),
      });
    }
  }
}
