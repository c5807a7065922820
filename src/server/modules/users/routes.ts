import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { selectDepartSchema } from '@shared/schemas/auth';
import { updatePasswordSchema } from '@shared/schemas/system';
import type { CurrentDeparts } from '@shared/types';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { inSchool, schoolReads } from '../../db/work';
import { authOf } from '../../http/auth';
import { badRequest, forbidden, ok, unauthorized } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { departsOf, findUserById, userInfoOf } from './profile';

export function userRoutes(api: FastifyInstance, context: AppContext): void {
  const { sessions } = context;
  // The signed-in user changes their own password; every session of theirs ends, so they sign in again.
  api.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/updatePassword',
    config: { self: true },
    handler: async (request) => {
      const caller = authOf(request);
      const { userId, username } = caller;
      const body = parseInput(updatePasswordSchema, request.body);
      if (body.username !== username) throw forbidden('只允许修改自己的密码！');
      const user = await findUserById(schoolReads(context.db, caller).tx, userId);
      if (!user) throw badRequest('用户不存在！');
      if (!(await verifyPassword(body.oldpassword, user.passwordHash))) throw badRequest('旧密码输入错误!');
      const passwordHash = await hashPassword(body.password);
      await inSchool(context.db, caller, (work) => work.update(users, { passwordHash, passwordSetBy: username }, eq(users.id, userId)));
      await sessions.revokeAllOf(userId);
      return ok(null, '密码重置成功!');
    },
  });

  api.get('/sys/user/getCurrentUserDeparts', { config: { self: true } }, async (request) => {
    const caller = authOf(request);
    const { tx } = schoolReads(context.db, caller);
    const user = await findUserById(tx, caller.userId);
    if (!user) throw unauthorized();
    const result: CurrentDeparts = { list: await departsOf(tx, caller.userId), orgCode: user.orgCode };
    return ok(result, '查询成功');
  });

  // JeecgBoot clients send PUT; the spec also lists POST.
  api.route({
    method: ['PUT', 'POST'],
    url: '/sys/selectDepart',
    config: { self: true },
    handler: async (request) => {
      const caller = authOf(request);
      const { userId, username } = caller;
      const body = parseInput(selectDepartSchema, request.body);
      if (body.username && body.username !== username) throw forbidden('只允许切换自己的部门！');
      const { tx } = schoolReads(context.db, caller);
      const departs = await departsOf(tx, userId);
      if (departs.length === 0) throw badRequest('您尚未设置部门信息!');
      if (!departs.some((d) => d.orgCode === body.orgCode)) throw badRequest('所选部门不属于当前用户（orgCode）');
      const [updated] = await inSchool(context.db, caller, (work) => work.update(users, { orgCode: body.orgCode }, eq(users.id, userId)));
      if (!updated) throw unauthorized();
      return ok({ userInfo: await userInfoOf(tx, updated) }, '部门切换成功');
    },
  });
}
