import { and, asc, eq } from 'drizzle-orm';
import { addDays } from '@shared/schoolTime';
import type { Database, Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { accounts, billSequences, mealCanteens, mealOrders, mealStops, memberDepartments, members } from '../../db/schema';
import { Work } from '../../db/work';
import { schoolNow } from '../../db/seed/schoolClock';
import { ledgerCore, type Line } from '../ledger/core';
import { cancelOrdersOfStop, mealRuleOf, owedBack, spendLines } from './orders';

/**
 * A class's lunches as the canteen sees them on a new installation: yesterday's served (two never
 * collected), today's and the next two days' ordered and paid through the ledger; one pupil's
 * meals stopped from tomorrow (their orders cancelled into refund lines), another's stop waiting
 * for audit, and an order a parent cancelled. Part of the meals module: it writes orders as the
 * service does (the postings balanced, the refund lines owed).
 */
export async function seedMealDay(tx: Executor, tenantId: number, operator: string): Promise<void> {
  // The sample school's own rows, in the seed's transaction.
  const work = new Work(tx, tenantId, operator);
  const [canteen] = await work.rows(mealCanteens, undefined, { orderBy: asc(mealCanteens.sortNo), limit: 1 });
  if (!canteen) return;
  const lunch = await mealRuleOf(work, canteen.id, '2');
  if (!lunch?.standardPrice) return;
  // The first class with accounts: its pupils order lunch.
  const people = await tx
    .select({ account: accounts, memberId: members.id, className: memberDepartments.name, deptId: members.deptId })
    .from(accounts)
    .innerJoin(members, eq(members.id, accounts.memberId))
    .innerJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
    .where(and(work.school(accounts), eq(accounts.accountStatus, '1'), eq(memberDepartments.level, 3)))
    .orderBy(asc(members.memberNo));
  const firstClass = people[0]?.deptId;
  const pupils = people.filter((person) => person.deptId === firstClass && person.account.cash >= lunch.standardPrice! * 5).slice(0, 30);
  if (pupils.length < 3) return;
  const core = ledgerCore(tx as unknown as Database);
  const caller = { tenantId, username: operator };
  const today = schoolNow().format('YYYY-MM-DD');
  const dayNo = today.replaceAll('-', '');
  let orderSeq = 0;
  const orders: (typeof mealOrders.$inferSelect)[] = [];

  const order = async (person: (typeof pupils)[number], day: string, status: string) => {
    orderSeq += 1;
    const id = newId();
    const orderNo = `DC${dayNo}${String(orderSeq).padStart(4, '0')}`;
    const spent = spendLines(person.account, lunch.standardPrice!, 0)!;
    const lines: Line[] = [...spent, { accountRef: '2004', wallet: null, dc: 'C', amount: lunch.standardPrice! }];
    const posted = await core.post(tx, caller, {
      key: `MO${id}`,
      hash: 'seed',
      type: 'CONSUME',
      account: person.account,
      amount: lunch.standardPrice!,
      lines,
      // Paid when placed, before the deadline: the evening before the day (today's and later ones: last evening).
      meta: {
        canteenId: canteen.id,
        mealType: '2',
        summary: `订餐 ${orderNo}（${day}）`,
        occurredAt: (day < today ? schoolNow().subtract(2, 'day') : schoolNow().subtract(1, 'day')).hour(18).minute(5).toDate(),
      },
    });
    person.account = { ...person.account, cash: posted.balances.CASH, subsidy: posted.balances.SUBSIDY, gift: posted.balances.GIFT };
    const row = {
      id,
      tenantId,
      createBy: operator,
      orderNo,
      memberId: person.memberId,
      accountId: person.account.id,
      className: person.className,
      canteenId: canteen.id,
      mealType: '2',
      diningDate: day,
      amount: lunch.standardPrice!,
      chargeMode: '1',
      status,
      payTxnId: posted.id,
      servedAt: status === '2' ? schoolNow().subtract(1, 'day').hour(11).minute(40).toDate() : null,
      remark: status === '3' ? '未就餐' : null,
    };
    await tx.insert(mealOrders).values(row);
    orders.push(row as typeof mealOrders.$inferSelect);
  };

  for (const [index, person] of pupils.entries()) await order(person, addDays(today, -1), index < 2 ? '3' : '2');
  for (const day of [today, addDays(today, 1), addDays(today, 2)]) for (const person of pupils) await order(person, day, '1');

  // A parent cancelled the day after tomorrow's lunch: its payment waits as a refund line.
  const cancelled = orders.find((row) => row.memberId === pupils[2]!.memberId && row.diningDate === addDays(today, 2))!;
  await tx.update(mealOrders).set({ status: '4', cancelTime: new Date(), cancelReason: '家长取消' }).where(eq(mealOrders.id, cancelled.id));
  await owedBack(work, cancelled, '1');

  // 停餐: one pupil's lunches stopped from tomorrow (in force), another's waiting for audit.
  const stopNo = (n: number) => `TC${dayNo}${String(n).padStart(4, '0')}`;
  const inForce = { id: newId(), billNo: stopNo(1), memberId: pupils[0]!.memberId, startDate: addDays(today, 1), endDate: addDays(today, 3), mealTypes: '2', source: '1' };
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
      billNo: stopNo(2),
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
  await tx.insert(billSequences).values([
    { tenantId, prefix: 'DC', day: dayNo, last: orderSeq },
    { tenantId, prefix: 'TC', day: dayNo, last: 2 },
  ]);
}
