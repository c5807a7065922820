import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { billSequences, graduationBatches, memberDepartments } from '../../db/schema';
import { Work } from '../../db/work';
import { schoolNow } from '../../db/seed/schoolClock';
import { precheckGraduation } from './graduations';

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
}
