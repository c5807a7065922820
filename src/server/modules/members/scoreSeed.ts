import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { memberDepartments, members, schoolTerms, scoreRecords } from '../../db/schema';
import { Work } from '../../db/work';
import { schoolNow } from '../../db/seed/schoolClock';

const NOTES: readonly [dimension: string, sign: string, points: number, reason: string][] = [
  ['1', '1', 5, '拾金不昧，主动上交失物'],
  ['2', '1', 8, '期中考试年级前十'],
  ['6', '2', 3, '午餐浪费粮食'],
  ['3', '1', 4, '校运会800米第一名'],
  ['5', '1', 6, '社区志愿服务满20小时'],
  ['6', '1', 2, '主动收拾餐盘，维护就餐秩序'],
  ['1', '2', 5, '课堂上顶撞老师'],
  ['4', '1', 6, '合唱比赛一等奖'],
];

/** A head teacher's first weeks in the current term: scores given to the first class's pupils. */
export async function seedScores(tx: Executor, tenantId: number, operator: string): Promise<void> {
  // The sample school's own rows, in the seed's transaction.
  const work = new Work(tx, tenantId, operator);
  const [term] = await work.rows(schoolTerms, eq(schoolTerms.isCurrent, true));
  const pupils = await tx
    .select({ id: members.id, deptId: members.deptId })
    .from(members)
    .innerJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
    .where(and(work.school(members), eq(memberDepartments.name, '高一（1）班'), eq(members.memberStatus, '1')))
    .orderBy(asc(members.memberNo))
    .limit(12);
  if (!term || !pupils.length) return;
  const now = schoolNow();
  await tx.insert(scoreRecords).values(
    pupils.flatMap((pupil, index) =>
      [NOTES[index % NOTES.length]!, NOTES[(index * 3 + 1) % NOTES.length]!].map(([dimension, sign, points, reason], at) => ({
        id: newId(),
        tenantId,
        createBy: operator,
        termId: term.id,
        memberId: pupil.id,
        deptId: pupil.deptId,
        dimension,
        sign,
        points,
        reason,
        recordBy: operator,
        recordTime: now.subtract(index + at * 5, 'day').toDate(),
      })),
    ),
  );
}
