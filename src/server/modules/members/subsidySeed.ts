import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { accounts, billSequences, memberDepartments, members, subsidyBatches, subsidyItems } from '../../db/schema';
import { Work } from '../../db/work';
import { schoolNow } from '../../db/seed/schoolClock';

/**
 * This month's meal subsidy of the first grade, made and waiting to be submitted: ¥30.00 a pupil
 * with an open account, cleared at the month's end — nothing issued yet (issuing is the card
 * office's step, through the ledger).
 */
export async function seedSubsidies(tx: Executor, tenantId: number, operator: string): Promise<void> {
  const now = schoolNow();
  // The sample school's own rows, in the seed's transaction.
  const work = new Work(tx, tenantId, operator);
  const pupils = await tx
    .select({ memberId: members.id, accountId: accounts.id })
    .from(members)
    .innerJoin(accounts, and(eq(accounts.memberId, members.id), eq(accounts.accountStatus, '1')))
    .innerJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
    .where(and(work.school(members), eq(memberDepartments.level, 3)))
    .orderBy(asc(members.memberNo))
    .limit(40);
  if (!pupils.length) return;
  const day = now.format('YYYYMMDD');
  const batchId = newId();
  await tx.insert(subsidyBatches).values({
    id: batchId,
    tenantId,
    createBy: operator,
    billNo: `BZ${day}0001`,
    name: `${now.format('M')}月伙食补助`,
    subsidyType: '1',
    subsidyMonth: now.format('YYYY-MM'),
    fundSource: '1',
    startDate: now.startOf('month').format('YYYY-MM-DD'),
    expireDate: now.endOf('month').format('YYYY-MM-DD'),
    clearMode: '2',
    persons: pupils.length,
    total: pupils.length * 3000,
    remark: '财政拨款，按月发放',
  });
  await tx.insert(subsidyItems).values(pupils.map((pupil) => ({ id: newId(), tenantId, createBy: operator, batchId, ...pupil, amount: 3000 })));
  await tx.insert(billSequences).values({ tenantId, prefix: 'BZ', day, last: 1 });
}
