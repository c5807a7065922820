import { noticePrefsOf } from './noticePrefs';
import { asc, eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import type { Depart, MultiDepart, UserInfo } from '@shared/types';
import type { Executor } from '../../db/client';
import { departments, tenants, userDepartments, users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/** The user as the console sees them: no password hash, lock counters or audit columns. */
export async function userInfoOf(db: Executor, user: UserRow): Promise<UserInfo> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, user.tenantId));
  return userInfoWith(user, tenant);
}

/** The user as the console sees them, their school's row already read. */
export function userInfoWith(user: UserRow, tenant: typeof tenants.$inferSelect | undefined): UserInfo {
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    nickname: user.nickname ?? user.realname,
    companyName: tenant?.name ?? '',
    avatar: user.avatar,
    companyType: tenant?.companyType ?? null,
    payChannelType: tenant?.payChannelType ?? null,
    orgCode: user.orgCode,
    tenantId: user.tenantId,
    phone: user.phone,
    email: user.email,
    workNo: user.workNo,
    status: user.status,
    copyright: tenant?.copyright ?? null,
    icp: tenant?.icp ?? null,
    timeZone: tenant?.timeZone ?? DEFAULT_TIME_ZONE,
    noticePrefs: noticePrefsOf(user.noticePrefs),
  };
}

/** The departments a user belongs to, in tree order. */
export async function departsOf(db: Executor, userId: string): Promise<Depart[]> {
  const rows = await db
    .select({
      id: departments.id,
      parentId: departments.parentId,
      departName: departments.departName,
      orgCode: departments.orgCode,
      orgCategory: departments.orgCategory,
      orgType: departments.orgType,
      departOrder: departments.departOrder,
    })
    .from(departments)
    .innerJoin(userDepartments, eq(userDepartments.departId, departments.id))
    .where(eq(userDepartments.userId, userId))
    .orderBy(asc(departments.orgCode));
  return rows.map((row) => ({ ...row, parentId: row.parentId ?? '' }));
}

export function multiDepartOf(departs: readonly Depart[]): MultiDepart {
  if (departs.length === 0) return 0;
  return departs.length === 1 ? 1 : 2;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}
