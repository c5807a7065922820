import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { feeStandards, memberDepartments, schoolTerms, tuitionBills } from '../../db/schema';
import { CHANNEL_OF_PAY_WAY, recordPayment } from '../payments/billPayments';
import { generateBills, paymentOf, saveBill } from './tuition';

/**
 * This term's textbook fee of 高一年级, billed: most of 高一（1）班 paid at the counter (each payment in
 * 缴费记录), the rest owing — card payments are the card office's step, through the ledger.
 */
export async function seedTuition(tx: Executor, tenantId: number, operator: string): Promise<void> {
  const [term] = await tx
    .select()
    .from(schoolTerms)
    .where(and(eq(schoolTerms.tenantId, tenantId), eq(schoolTerms.isCurrent, true)));
  const [grade] = await tx
    .select({ id: memberDepartments.id })
    .from(memberDepartments)
    .where(and(eq(memberDepartments.tenantId, tenantId), eq(memberDepartments.name, '高一年级')));
  if (!term || !grade) return;
  const id = newId();
  const caller = { tenantId, username: operator };
  await tx
    .insert(feeStandards)
    .values({ id, tenantId, createBy: operator, termId: term.id, name: `${term.name}教材费`, feeType: '3', amount: 36000, deptId: grade.id, dueDate: term.endDate, status: '1' });
  await generateBills(tx, caller, id);
  const bills = await tx.select().from(tuitionBills).where(eq(tuitionBills.feeItemId, id)).orderBy(asc(tuitionBills.billNo)).limit(20);
  for (const [index, bill] of bills.entries()) {
    const paid = index % 5 === 4 ? 18000 : 36000;
    const way = index % 2 ? '3' : '2';
    const receiptNo = `SJ-SEED-${String(index + 1).padStart(3, '0')}`;
    await saveBill(tx, caller, bill, { paid, lastPayWay: way, lastPayTime: new Date(), receiptNo });
    // 缴费记录 has each counter payment, as the counter's 线下收款登记 writes it.
    await recordPayment(tx, caller, { ...(await paymentOf(tx, bill)), amount: paid, channel: CHANNEL_OF_PAY_WAY[way]!, receiptNo });
  }
}
