import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { feeStandards, memberDepartments, schoolTerms, tuitionBills } from '../../db/schema';
import { LEAVERS_NODE } from '../../db/seed/members';
import { Work } from '../../db/work';
import { addDays, dayIn } from '@shared/schoolTime';
import { schoolZone } from '../schools/settings';
import { CHANNEL_OF_PAY_WAY, recordPayment } from '../payments/billPayments';
import { generateBills, paymentOf, saveBill } from './tuition';

/**
 * This term's textbook fee of 高一年级, billed: most of 高一（1）班 paid at the counter (each payment in
 * 缴费记录), the rest owing — card payments are the card office's step, through the ledger. And the
 * new grade's school uniforms, due ten days ago: paid by all but the last three, whose bills are 逾期
 * once the day's job has run. Last made, a leaver's boarding fee of last spring, still owed.
 */
export async function seedTuition(tx: Executor, tenantId: number, operator: string): Promise<void> {
  // The sample school's own rows, in the seed's transaction.
  const work = new Work(tx, tenantId, operator);
  const [term] = await work.rows(schoolTerms, eq(schoolTerms.isCurrent, true));
  const [grade] = await tx
    .select({ id: memberDepartments.id })
    .from(memberDepartments)
    .where(and(work.school(memberDepartments), eq(memberDepartments.name, '高一年级')));
  if (!term || !grade) return;
  const caller = { tenantId, username: operator };
  const [standard] = await work.insert(feeStandards, {
    id: newId(),
    termId: term.id,
    name: `${term.name}教材费`,
    feeType: '3',
    amount: 36000,
    deptId: grade.id,
    dueDate: term.endDate,
    status: '1',
  });
  await generateBills(work, standard!);
  const bills = await tx.select().from(tuitionBills).where(eq(tuitionBills.feeItemId, standard!.id)).orderBy(asc(tuitionBills.billNo)).limit(20);
  for (const [index, bill] of bills.entries()) await paidAtCounter(tx, caller, bill, index % 5 === 4 ? 18000 : 36000, index % 2 ? '3' : '2', `SJ-SEED-${String(index + 1).padStart(3, '0')}`);
  const [uniforms] = await work.insert(feeStandards, {
    id: newId(),
    termId: term.id,
    name: `${term.name}校服费`,
    feeType: '4',
    amount: 28000,
    deptId: grade.id,
    dueDate: addDays(dayIn(await schoolZone(tx, tenantId)), -10),
    status: '1',
  });
  await generateBills(work, uniforms!);
  const owing = await tx.select().from(tuitionBills).where(eq(tuitionBills.feeItemId, uniforms!.id)).orderBy(asc(tuitionBills.billNo));
  for (const [index, bill] of owing.slice(0, -3).entries()) await paidAtCounter(tx, caller, bill, 28000, index % 3 ? '2' : '3', `SJ-SEED-XF${String(index + 1).padStart(3, '0')}`);
  await leaverOwesBoarding(work, dayIn(await schoolZone(tx, tenantId)));
}

/**
 * Last summer's leavers (settled in the sample weeks, class by class): their one boarder never paid
 * last spring's boarding fee — the bill 逾期 since March, which keeps that leaver's 离校结算 waiting.
 */
async function leaverOwesBoarding(work: Work, today: string): Promise<void> {
  const [node] = await work.rows(memberDepartments, eq(memberDepartments.name, LEAVERS_NODE), { limit: 1 });
  const [spring] = await work.rows(schoolTerms, and(eq(schoolTerms.term, '2'), lt(schoolTerms.endDate, today)), { orderBy: desc(schoolTerms.endDate), limit: 1 });
  if (!node || !spring) return;
  const [standard] = await work.insert(feeStandards, {
    id: newId(),
    termId: spring.id,
    name: `${spring.name}住宿费`,
    feeType: '2',
    amount: 80000,
    deptId: node.id,
    boardingType: '2',
    dueDate: addDays(spring.startDate, 24),
    status: '1',
  });
  await generateBills(work, standard!);
}

/** A bill paid at the counter, and its payment in 缴费记录 as the counter's 线下收款登记 writes it. */
async function paidAtCounter(tx: Executor, caller: { tenantId: number; username: string }, bill: typeof tuitionBills.$inferSelect, paid: number, way: string, receiptNo: string) {
  await saveBill(tx, caller, bill, { paid, lastPayWay: way, lastPayTime: new Date(), receiptNo });
  await recordPayment(tx, caller, { ...(await paymentOf(tx, bill)), amount: paid, channel: CHANNEL_OF_PAY_WAY[way]!, receiptNo });
}
