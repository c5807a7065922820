import type { FastifyInstance } from 'fastify';
import { and, desc, eq, ne } from 'drizzle-orm';
import { bindPhoneSchema, noticePrefsBodySchema, profileSchema } from '@shared/schemas/account';
import type { AppContext } from '../../context';
import { loginLogs, roles, userRoles, users } from '../../db/schema';
import { alive, inSchool, schoolReads, unscoped } from '../../db/work';
import { authOf } from '../../http/auth';
import { badRequest, ok, unauthorized } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { noticePrefsOf } from './noticePrefs';
import { departsOf, findUserById, userInfoOf } from './profile';
import { schoolDateTime } from '../../http/schoolClock';

/** How many of the user's own sign-ins 个人中心 lists. */
const RECENT_SIGN_INS = 10;

/** 139****5678: enough to recognise one's own number, not to read it over a shoulder. */
const masked = (phone: string | null) => (phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : null);

/**
 * 个人中心 and 个人设置: the signed-in user's own account — profile, departments, roles and recent
 * sign-ins; their name, e-mail, sex and avatar; the phone they sign in with (proven by a texted
 * code); and what the header's notices do for them. Only ever the caller's own record.
 */
export function accountRoutes(api: FastifyInstance, context: AppContext): void {
  const { smsCodes } = context;
  const self = { config: { self: true } } as const;

  // JeecgBoot's 个人中心 lists the user's 团队 from its demo module's `/mock/api/workplace/teams`:
  // here the departments the user belongs to, each a team (no pictures: none are kept for them).
  api.get('/mock/api/workplace/teams', self, async (request) => {
    const caller = authOf(request);
    const departs = await departsOf(schoolReads(context.db, caller).tx, caller.userId);
    return ok(departs.map((depart) => ({ id: depart.id, name: depart.departName, avatar: null })));
  });

  api.get('/sys/user/account', self, async (request) => {
    const caller = authOf(request);
    const { userId } = caller;
    const { tx } = schoolReads(context.db, caller);
    const user = await findUserById(tx, userId);
    if (!user) throw unauthorized();
    const [departs, held, signIns] = await Promise.all([
      departsOf(tx, userId),
      tx.select({ roleName: roles.roleName }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId)),
      tx
        .select({ createdAt: loginLogs.createdAt, ip: loginLogs.ip, success: loginLogs.success, message: loginLogs.message })
        .from(loginLogs)
        .where(eq(loginLogs.userId, userId))
        .orderBy(desc(loginLogs.id))
        .limit(RECENT_SIGN_INS),
    ]);
    return ok({
      userInfo: await userInfoOf(tx, user),
      sex: user.sex,
      phoneMasked: masked(user.phone),
      departs: departs.map((depart) => depart.departName),
      roles: held.map((role) => role.roleName),
      noticePrefs: noticePrefsOf(user.noticePrefs),
      signIns: signIns.map((entry) => ({ time: schoolDateTime(entry.createdAt), ip: entry.ip, success: entry.success, message: entry.message })),
      createTime: schoolDateTime(user.createdAt),
    });
  });

  api.put('/sys/user/account', self, async (request) => {
    const caller = authOf(request);
    const body = parseInput(profileSchema, request.body);
    const info = await inSchool(context.db, caller, async (work) => {
      const [updated] = await work.update(
        users,
        {
          realname: body.realname,
          nickname: body.nickname ?? body.realname,
          ...(body.email !== undefined ? { email: body.email } : {}),
          sex: body.sex,
          ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
        },
        eq(users.id, caller.userId),
      );
      if (!updated) throw unauthorized();
      return userInfoOf(work.tx, updated);
    });
    return ok(info, '修改成功!');
  });

  api.put('/sys/user/account/phone', self, async (request) => {
    const { userId, username } = authOf(request);
    const { phone, smscode } = parseInput(bindPhoneSchema, request.body);
    // The code first, outside the transaction (a wrong one counts a try): only the phone's holder
    // learns whether it is taken.
    await smsCodes.check(phone, 'bind', smscode, false);
    // A phone signs in to one account of any school: it must be free in every school.
    await unscoped(context.db, 'account: a phone signs in to one account of any school').transaction(async (tx) => {
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phone, phone), alive(users), ne(users.id, userId)))
        .limit(1);
      if (other) throw badRequest('该手机号已注册');
      await smsCodes.check(phone, 'bind', smscode, true, tx);
      await tx.update(users).set({ phone, updatedAt: new Date(), updateBy: username }).where(eq(users.id, userId));
    });
    return ok({ phoneMasked: masked(phone) }, '手机号绑定成功');
  });

  api.put('/sys/user/account/noticePrefs', self, async (request) => {
    const caller = authOf(request);
    const prefs = parseInput(noticePrefsBodySchema, request.body);
    // A preference of the user's own, not an edit of their record: no update stamps.
    await inSchool(context.db, caller, (work) =>
      work.tx
        .update(users)
        .set({ noticePrefs: JSON.stringify(prefs) })
        .where(and(work.school(users), eq(users.id, caller.userId))),
    );
    return ok(prefs, '保存成功！');
  });
}
