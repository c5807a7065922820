import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { members, memberTypes, parents } from '../../db/schema';
import type { Work } from '../../db/work';
import { departmentAndBelow } from '../members/subsidies';

/** One person a message or notice reaches: a member, or a pupil's parent. */
export interface Reader {
  memberId: string;
  parentId: string | null;
  name: string;
  mobile: string | null;
  wxBound: boolean;
}

/** Who, among the school's members in service: one person, a class or department and those below it, all, or one member type. */
export interface ReaderScope {
  memberId?: string | null;
  deptId?: string | null;
  memberTypeCode?: string | null;
}

/** The members in service a scope names. */
async function membersOf(work: Work, scope: ReaderScope) {
  const where: (SQL | undefined)[] = [work.school(members), eq(members.memberStatus, '1')];
  if (scope.memberId) where.push(eq(members.id, scope.memberId));
  if (scope.deptId) where.push(inArray(members.deptId, await departmentAndBelow(work.tx, work.tenantId, scope.deptId)));
  const query = work.tx.select({ id: members.id, name: members.realName, mobile: members.mobile }).from(members);
  if (!scope.memberTypeCode) return query.where(and(...where));
  return query.innerJoin(memberTypes, eq(memberTypes.id, members.memberTypeId)).where(and(...where, eq(memberTypes.code, scope.memberTypeCode)));
}

/** The members themselves. */
export async function membersReached(work: Work, scope: ReaderScope): Promise<Reader[]> {
  return (await membersOf(work, scope)).map((row) => ({ memberId: row.id, parentId: null, name: row.name, mobile: row.mobile, wxBound: false }));
}

/** Their parents who take notices (接收通知), named with their child: 张伟（张小明家长）. */
export async function parentsReached(work: Work, scope: ReaderScope): Promise<Reader[]> {
  const pupils = await membersOf(work, scope);
  if (!pupils.length) return [];
  const named = new Map(pupils.map((pupil) => [pupil.id, pupil.name]));
  const found: Reader[] = [];
  // In slices: a whole school's pupils are more than one statement's parameters.
  for (let at = 0; at < pupils.length; at += 5000) {
    const rows = await work.tx
      .select({ id: parents.id, name: parents.parentName, mobile: parents.mobile, studentId: parents.studentId, wxBound: parents.wxBound })
      .from(parents)
      .where(
        and(
          work.school(parents),
          eq(parents.status, '1'),
          eq(parents.receiveNotice, true),
          inArray(
            parents.studentId,
            pupils.slice(at, at + 5000).map((pupil) => pupil.id),
          ),
        ),
      );
    for (const row of rows) found.push({ memberId: row.studentId, parentId: row.id, name: `${row.name}（${named.get(row.studentId) ?? ''}家长）`, mobile: row.mobile, wxBound: row.wxBound });
  }
  return found;
}
