import { addDays } from '@shared/schoolTime';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { billSequences, feeStandards, graduationBatches, memberDepartments, schoolTerms } from '../../db/schema';
import { LEAVERS_NODE } from '../../db/seed/members';
import { Work } from '../../db/work';
import { schoolNow } from '../../db/seed/schoolClock';
import { precheckGraduation } from './graduations';
import { generateBills } from './tuition';

/**
 * The coming summer's graduation of 高三（3）班, checked (预检) and waiting to be run: each pupil with
 * what they hold and what will happen — nothing settled (running it is the card office's step).
 */
export async function seedGraduation(tx: Executor, tenantId: number, operator: string): Promise<void> {
  const now = schoolNow();
  // The sample school's own rows, in the seed's transaction.
  const work = new Work(tx, tenantId, operator);
  const [grade] = await tx
    .select({ id: memberDepartments.id })
    .from(memberDepartments)
    .where(and(work.school(memberDepartments), eq(memberDepartments.name, '高三（3）班')));
  if (!grade) return;
  const year = now.month() >= 6 ? now.year() + 1 : now.year();
  const day = now.format('YYYYMMDD');
  const [batch] = await work.insert(graduationBatches, {
    id: newId(),
    billNo: `BY${day}0001`,
    name: `${year}届高三（3）班毕业离校`,
    gradYear: year,
    deptId: grade.id,
    leaveDate: `${year}-06-30`,
    cashRule: '1',
    depositRule: '1',
    status: '1',
    checkBy: operator,
    checkTime: now.toDate(),
  });
  await precheckGraduation(work, batch!);
  await tx.insert(billSequences).values({ tenantId, prefix: 'BY', day, last: 1 });
  await leaverOwesBoarding(work, now.format('YYYY-MM-DD'));
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
