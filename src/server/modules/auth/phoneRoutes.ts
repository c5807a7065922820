import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { passwordChangeSchema, phoneLoginSchema, phoneVerificationSchema, registerSchema, smsRequestSchema } from '@shared/schemas/auth';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { platformSettings, tenants, users } from '../../db/schema';
import { alive, inSchool, unscoped } from '../../db/work';
import { authOf } from '../../http/auth';
import { badRequest, fail, forbidden, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { consoleStartOf } from './consoleStart';
import { hashPassword } from './passwords';
import { clientMetaOf, LOGIN_MESSAGES, SignInRefused, type createAuthService } from './service';
import { SMS_MESSAGES, type CodePurpose } from './smsCodes';

const PURPOSE_OF_MODE: Record<'0' | '1' | '2' | '3', CodePurpose> = { '0': 'login', '1': 'register', '2': 'reset', '3': 'bind' };

/** The installation's self-registration switch, and the school new accounts join. */
const REGISTRATION_KEY = 'selfRegistration';
const REGISTRATION_TENANT_KEY = 'registrationTenant';

export const PHONE_MESSAGES = {
  notRegistered: '该手机号未注册',
  registered: '该手机号已注册',
  ambiguous: '该手机号绑定了多个账号，请使用账号密码登录',
  registrationClosed: '平台未开放自助注册，请联系管理员开通账号',
  usernameTaken: '用户账号已存在',
  registeredDone: '注册成功',
  phoneMismatch: '手机号与用户账号不匹配',
  passwordChanged: '密码重置成功!',
} as const;

/** Public routes: a few a minute from one address (the codes have their own limits besides). */
const PUBLIC_LIMITED = { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } } as const;

/** The live accounts bound to a phone. */
const accountsOf = (db: Executor, phone: string) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), alive(users)))
    .limit(2);

async function settingOf(db: Executor, key: string): Promise<string | null> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, key));
  return row?.value ?? null;
}

/** Closed until the platform opens it, naming the school new accounts join. */
const registrationOpen = async (db: Executor) => (await settingOf(db, REGISTRATION_KEY)) === '1' && (await settingOf(db, REGISTRATION_TENANT_KEY)) !== null;

async function saveSetting(db: Executor, key: string, value: string, by: string): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ key, value, updateBy: by, updatedAt: new Date() })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updateBy: by, updatedAt: new Date() } });
}

/**
 * Sign-in and account recovery by phone (JeecgBoot's routes): a code texted by `/sys/sms` (also
 * `/account/sms`), then `/sys/phoneLogin`, `/sys/user/register` (an account with no roles until
 * an administrator grants them, in the school the platform names) or the two steps of a reset,
 * `/sys/user/phoneVerification` and `/sys/user/passwordChange`. The platform may close
 * registration (`/sys/registration`).
 */
export function phoneRoutes(api: FastifyInstance, context: AppContext, auth: ReturnType<typeof createAuthService>): void {
  const { sessions } = context;
  // Before any school: a phone's accounts are of whichever schools, and the switch is the platform's.
  const db = unscoped(context.db, 'sign-in by phone: a phone’s accounts are found across schools; registration is the platform’s switch');
  const codes = context.smsCodes;

  const sendCode = async (request: { body: unknown; ip: string }) => {
    const { mobile, smsmode } = parseInput(smsRequestSchema, request.body);
    if (smsmode === '1' && !(await registrationOpen(db))) throw forbidden(PHONE_MESSAGES.registrationClosed);
    // The answer never says whether a phone has an account. A sign-in or reset code goes to a bound
    // phone only; a registration or binding code to any phone, and the operation says the phone is
    // taken only once its code is right.
    const deliver = smsmode === '1' || smsmode === '3' || (await accountsOf(db, mobile)).length > 0;
    await codes.send(mobile, PURPOSE_OF_MODE[smsmode], request.ip, deliver);
    return ok(null, SMS_MESSAGES.sent);
  };
  api.post('/sys/sms', { config: PUBLIC_LIMITED }, sendCode);
  api.post('/account/sms', { config: PUBLIC_LIMITED }, sendCode);

  api.post('/sys/phoneLogin', { config: PUBLIC_LIMITED }, async (request, reply) => {
    const { mobile, captcha, consoleStart } = parseInput(phoneLoginSchema, request.body);
    await codes.check(mobile, 'login', captcha, true);
    const bound = await accountsOf(db, mobile);
    if (bound.length !== 1) throw badRequest(bound.length ? PHONE_MESSAGES.ambiguous : PHONE_MESSAGES.notRegistered);
    try {
      const result = await auth.admit(bound[0]!, clientMetaOf(request));
      return ok(consoleStart ? { ...result, consoleStart: await consoleStartOf(api, request, reply, result.token) } : result, LOGIN_MESSAGES.success);
    } catch (error) {
      if (error instanceof SignInRefused) return fail(500, error.message);
      throw error;
    }
  });

  api.get('/sys/registration', { config: { public: true } }, async () => ok({ open: await registrationOpen(db) }));

  // The platform's view of the switch: also which school new accounts join.
  api.get('/sys/registration/settings', { config: { permission: 'tenant:edit', platform: true } }, async () => {
    const tenant = await settingOf(db, REGISTRATION_TENANT_KEY);
    return ok({ open: await registrationOpen(db), tenantId: tenant === null ? null : Number(tenant) });
  });

  api.put('/sys/registration', { config: { permission: 'tenant:edit', platform: true } }, async (request) => {
    const body = parseInput(
      z.object({
        open: z.boolean({ error: '请指定是否开放注册' }),
        tenantId: z.number({ error: '请选择注册账号加入的学校（tenantId）' }).int('请选择注册账号加入的学校（tenantId）').min(0, '请选择注册账号加入的学校（tenantId）').optional(),
      }),
      request.body,
    );
    const by = authOf(request).username;
    if (body.tenantId !== undefined) {
      const [school] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, body.tenantId));
      if (!school) throw badRequest('所选学校不存在（tenantId）', 'The chosen school does not exist (tenantId)');
      await saveSetting(db, REGISTRATION_TENANT_KEY, String(body.tenantId), by);
    }
    // New accounts land in a school the platform chose, never in one by default.
    if (body.open && (await settingOf(db, REGISTRATION_TENANT_KEY)) === null) throw badRequest('请选择注册账号加入的学校（tenantId）');
    await saveSetting(db, REGISTRATION_KEY, body.open ? '1' : '0', by);
    return ok({ open: body.open }, body.open ? '已开放自助注册' : '已关闭自助注册');
  });

  api.post('/sys/user/register', { config: PUBLIC_LIMITED }, async (request) => {
    const body = parseInput(registerSchema, request.body);
    if (!(await registrationOpen(db))) throw forbidden(PHONE_MESSAGES.registrationClosed);
    // The code first, outside the transaction (a wrong one counts a try whatever happens next):
    // only the phone's holder learns whether it is taken.
    await codes.check(body.phone, 'register', body.smscode, false);
    const passwordHash = await hashPassword(body.password);
    const tenantId = Number(await settingOf(db, REGISTRATION_TENANT_KEY));
    // Not the school's unit of work: a username and a phone are checked against every school.
    await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, body.username));
      if (taken) throw badRequest(PHONE_MESSAGES.usernameTaken);
      if ((await accountsOf(tx, body.phone)).length) throw badRequest(PHONE_MESSAGES.registered);
      // Spent after every other check: a refused registration keeps its code.
      await codes.check(body.phone, 'register', body.smscode, true, tx);
      // No roles and no department: the home page only, until an administrator grants more.
      await tx.insert(users).values({
        id: newId(),
        tenantId,
        username: body.username,
        realname: body.username,
        nickname: body.username,
        passwordHash,
        passwordSetBy: body.username,
        phone: body.phone,
        createBy: body.username,
      });
    });
    return ok({ username: body.username }, PHONE_MESSAGES.registeredDone);
  });

  api.post('/sys/user/phoneVerification', { config: PUBLIC_LIMITED }, async (request) => {
    const { phone, smscode } = parseInput(phoneVerificationSchema, request.body);
    // Checked, not spent: the second step spends it.
    await codes.check(phone, 'reset', smscode, false);
    const bound = await accountsOf(db, phone);
    if (bound.length !== 1) throw badRequest(bound.length ? PHONE_MESSAGES.ambiguous : PHONE_MESSAGES.notRegistered);
    return ok({ smscode, username: bound[0]!.username });
  });

  // POST with a body is the console's; the GET stays for JeecgBoot's own client (its 找回密码 page
  // sends the new password and the code as query parameters), and the log redacts that URL.
  api.route({
    method: ['GET', 'POST'],
    url: '/sys/user/passwordChange',
    config: PUBLIC_LIMITED,
    handler: async (request) => {
      const body = parseInput(passwordChangeSchema, request.method === 'GET' ? request.query : request.body);
      const bound = await accountsOf(db, body.phone);
      const user = bound.length === 1 ? bound[0]! : null;
      if (!user || user.username !== body.username) throw badRequest(PHONE_MESSAGES.phoneMismatch);
      await codes.check(body.phone, 'reset', body.smscode, true);
      const passwordHash = await hashPassword(body.password);
      // The account's own school, its holder working.
      await inSchool(context.db, { tenantId: user.tenantId, username: user.username }, (work) => work.update(users, { passwordHash, passwordSetBy: user.username }, eq(users.id, user.id)));
      // Whoever knew the old password is signed out.
      await sessions.revokeAllOf(user.id);
      return ok(null, PHONE_MESSAGES.passwordChanged);
    },
  });
}
