import { and, eq, sql } from 'drizzle-orm';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@shared/constants';
import type { LoginBody } from '@shared/schemas/auth';
import type { LoginResult } from '@shared/types';
import type { Database } from '../../db/client';
import { loginLogs, tenants, users } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { allDictItems } from '../dictionaries/service';
import { departsOf, multiDepartOf, userInfoOf } from '../users/profile';
import { burnPasswordCheck, verifyPassword } from './passwords';
import type { SessionStore } from './sessions';

export const LOGIN_MESSAGES = {
  success: '登录成功',
  badCredentials: '用户名或密码错误',
  frozen: '该用户已冻结',
  tenantFrozen: '该用户所属的单位已被冻结，无法登录！',
  locked: (minutes: number) => `密码错误次数过多，账号已锁定，请 ${minutes} 分钟后再试`,
  justLocked: `密码连续错误 ${LOGIN_MAX_FAILURES} 次，账号已锁定 ${LOGIN_LOCK_MINUTES} 分钟`,
  remaining: (left: number) => `用户名或密码错误，还可尝试 ${left} 次`,
} as const;

export interface ClientMeta {
  ip: string;
  userAgent: string | undefined;
}

export function createAuthService(db: Database, sessions: SessionStore) {
  async function record(entry: { username: string; userId?: string; tenantId?: number; success: boolean; message: string }, meta: ClientMeta) {
    await db.insert(loginLogs).values({
      username: entry.username.slice(0, 64),
      userId: entry.userId ?? null,
      tenantId: entry.tenantId ?? null,
      success: entry.success,
      message: entry.message,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
  }

  /** Refuses with a logged reason; the caller sees `shown`, the log keeps `reason`. */
  async function refuse(status: number, shown: string, entry: { username: string; userId?: string; tenantId?: number; reason?: string }, meta: ClientMeta): Promise<never> {
    await record({ ...entry, success: false, message: entry.reason ?? shown }, meta);
    throw new ApiError(status, shown);
  }

  return {
    async login(body: LoginBody, meta: ClientMeta): Promise<LoginResult> {
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.username, body.username), eq(users.delFlag, 0)));
      if (!user) {
        // Same answer and time as a wrong password: usernames are not discoverable.
        await burnPasswordCheck(body.password);
        return refuse(401, LOGIN_MESSAGES.badCredentials, { username: body.username, reason: '用户不存在' }, meta);
      }
      const who = { username: user.username, userId: user.id, tenantId: user.tenantId };

      const now = Date.now();
      if (user.lockedUntil && user.lockedUntil.getTime() > now) {
        const minutes = Math.ceil((user.lockedUntil.getTime() - now) / 60_000);
        return refuse(423, LOGIN_MESSAGES.locked(minutes), who, meta);
      }

      if (!(await verifyPassword(body.password, user.passwordHash))) {
        const [counted] = await db
          .update(users)
          .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
          .where(eq(users.id, user.id))
          .returning({ failures: users.failedLoginCount });
        const failures = counted?.failures ?? LOGIN_MAX_FAILURES;
        if (failures >= LOGIN_MAX_FAILURES) {
          await db
            .update(users)
            .set({ failedLoginCount: 0, lockedUntil: new Date(now + LOGIN_LOCK_MINUTES * 60_000) })
            .where(eq(users.id, user.id));
          return refuse(423, LOGIN_MESSAGES.justLocked, who, meta);
        }
        return refuse(401, LOGIN_MESSAGES.remaining(LOGIN_MAX_FAILURES - failures), { ...who, reason: '密码错误' }, meta);
      }

      // Told only after a correct password, so a frozen account is not discoverable either.
      if (user.status !== 1) return refuse(403, LOGIN_MESSAGES.frozen, who, meta);
      const [tenant] = await db.select({ status: tenants.status }).from(tenants).where(eq(tenants.id, user.tenantId));
      if (!tenant || tenant.status !== 1) return refuse(403, LOGIN_MESSAGES.tenantFrozen, who, meta);

      const departs = await departsOf(db, user.id);
      const multiDepart = multiDepartOf(departs);
      // One department: it is the current one. Several: keep the choice, else take the first.
      let orgCode = user.orgCode;
      if (multiDepart === 1) orgCode = departs[0]!.orgCode;
      else if (multiDepart === 2 && !departs.some((d) => d.orgCode === orgCode)) orgCode = departs[0]!.orgCode;
      else if (multiDepart === 0) orgCode = null;

      const [updated] = await db
        .update(users)
        .set({ failedLoginCount: 0, lockedUntil: null, orgCode })
        .where(eq(users.id, user.id))
        .returning();
      const token = await sessions.create(user.id, user.tenantId, { ip: meta.ip, userAgent: meta.userAgent });
      await record({ ...who, success: true, message: LOGIN_MESSAGES.success }, meta);

      return {
        token,
        userInfo: await userInfoOf(db, updated ?? user),
        departs,
        multi_depart: multiDepart,
        sysAllDictItems: await allDictItems(db),
      };
    },
  };
}
