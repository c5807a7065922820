import type { MessageLocale } from '@shared/validation';
import { localeOf } from '../../http/language';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { LoginBody } from '@shared/schemas/auth';
import type { LoginResult } from '@shared/types';
import type { Database } from '../../db/client';
import { loginLogs, tenants, users } from '../../db/schema';
import type { DictionaryTexts } from '../dictionaries/texts';
import { departsOf, multiDepartOf, userInfoWith } from '../users/profile';
import { CAPTCHA_MESSAGES, type Captchas } from './captcha';
import { burnPasswordCheck, verifyPassword } from './passwords';
import type { SessionStore } from './sessions';
import { CAPTCHA_AFTER, createSignInThrottle, delayAfter } from './throttle';
import { alive } from '../../db/work';

export const LOGIN_MESSAGES = {
  success: '登录成功',
  badCredentials: '用户名或密码错误',
  frozen: '该用户已冻结',
  tenantFrozen: '该用户所属的单位已被冻结，无法登录！',
} as const;

export interface ClientMeta {
  ip: string;
  userAgent: string | undefined;
  /** The console's language: the dictionaries handed over at sign-in are in it. */
  locale: MessageLocale;
}

/** Who is signing in from where, as the request says. */
export const clientMetaOf = (request: { ip: string; headers: Record<string, unknown> }): ClientMeta => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  locale: localeOf(request),
});

/**
 * A refused sign-in. `needCaptcha` tells the page to show the captcha for the next try.
 */
export class SignInRefused extends Error {
  constructor(
    message: string,
    readonly needCaptcha: boolean,
  ) {
    super(message);
    this.name = 'SignInRefused';
  }
}

export function createAuthService(db: Database, sessions: SessionStore, captchas: Captchas, dictionaries: DictionaryTexts) {
  const throttle = createSignInThrottle(db);

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
  async function refuse(shown: string, needCaptcha: boolean, entry: { username: string; userId?: string; tenantId?: number; reason?: string }, meta: ClientMeta): Promise<never> {
    await record({ ...entry, success: false, message: entry.reason ?? shown }, meta);
    throw new SignInRefused(shown, needCaptcha);
  }

  /** What letting a user in reads (nothing it writes): asked while their password is still being checked. */
  async function admissionReads(user: typeof users.$inferSelect, locale: MessageLocale) {
    const [tenant] = await db.select().from(tenants).where(eq(tenants.id, user.tenantId));
    return { tenant, departs: await departsOf(db, user.id), dictionaries: await dictionaries.allOf(user.tenantId, locale) };
  }
  type AdmissionReads = Awaited<ReturnType<typeof admissionReads>>;

  /**
   * Lets in a user whose identity is proven (password, phone code, CAS ticket): unless the account
   * or its school is frozen — told only now, so neither is discoverable — a session, a login log
   * entry and what the console needs to start.
   */
  async function admit(user: typeof users.$inferSelect, meta: ClientMeta, readAhead?: Promise<AdmissionReads>): Promise<LoginResult> {
    const who = { username: user.username, userId: user.id, tenantId: user.tenantId };
    if (user.status !== 1) return refuse(LOGIN_MESSAGES.frozen, false, who, meta);
    const { tenant, departs, dictionaries: sysAllDictItems } = await (readAhead ?? admissionReads(user, meta.locale));
    if (!tenant || tenant.status !== 1) return refuse(LOGIN_MESSAGES.tenantFrozen, false, who, meta);

    const multiDepart = multiDepartOf(departs);
    // One department: it is the current one. Several: keep the choice, else take the first.
    let orgCode = user.orgCode;
    if (multiDepart === 1) orgCode = departs[0]!.orgCode;
    else if (multiDepart === 2 && !departs.some((d) => d.orgCode === orgCode)) orgCode = departs[0]!.orgCode;
    else if (multiDepart === 0) orgCode = null;

    const [updated] = await db.update(users).set({ orgCode }).where(eq(users.id, user.id)).returning();
    const token = await sessions.create(user.id, user.tenantId, { ip: meta.ip, userAgent: meta.userAgent });
    await record({ ...who, success: true, message: LOGIN_MESSAGES.success }, meta);

    return { token, userInfo: userInfoWith(updated ?? user, tenant), departs, multi_depart: multiDepart, sysAllDictItems };
  }

  return {
    async login(body: LoginBody, meta: ClientMeta): Promise<LoginResult> {
      const keys = throttle.keysOf(body.username, meta.ip);
      // Counted before anything is checked: attempts sent at once cannot all pass as the first.
      const failures = await throttle.reserve(keys);
      // After a few failures of this name or from this address, a person must be typing.
      if (failures >= CAPTCHA_AFTER) {
        const answer = body.captcha?.trim();
        const checkKey = body.checkKey === undefined ? '' : String(body.checkKey);
        if (!answer || !checkKey) return refuse(CAPTCHA_MESSAGES.required, true, { username: body.username }, meta);
        if (!(await captchas.check(checkKey, answer))) return refuse(CAPTCHA_MESSAGES.wrong, true, { username: body.username }, meta);
      }
      const wait = delayAfter(failures);
      if (wait) await sleep(wait);

      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.username, body.username), alive(users)));
      // The check runs off the event loop: what admitting the user reads is asked meanwhile, and
      // answered only if the password matches.
      const readAhead = user ? admissionReads(user, meta.locale) : undefined;
      readAhead?.catch(() => undefined);
      // An unknown name costs the same time, is counted the same way and gets the same answer.
      const matches = user ? await verifyPassword(body.password, user.passwordHash) : (await burnPasswordCheck(body.password), false);
      if (!user || !matches) {
        const who = user ? { username: user.username, userId: user.id, tenantId: user.tenantId, reason: '密码错误' } : { username: body.username, reason: '用户不存在' };
        return refuse(LOGIN_MESSAGES.badCredentials, failures + 1 >= CAPTCHA_AFTER, who, meta);
      }
      await throttle.succeed(keys);
      return admit(user, meta, readAhead);
    },

    admit,
  };
}
