import type { FastifyInstance } from 'fastify';
import { loginSchema } from '@shared/schemas/auth';
import { ok } from '../../http/envelope';
import { badRequest, unauthorized } from '../../http/envelope';
import { tokenOf } from '../../http/auth';
import { parseInput } from '../../http/validate';
import type { AppContext } from '../../context';
import { createAuthService, LOGIN_MESSAGES } from './service';

export function authRoutes(api: FastifyInstance, { db, sessions }: AppContext): void {
  const auth = createAuthService(db, sessions);

  api.post(
    '/sys/login',
    // Sign-in is the one route worth guessing at; the per-account lock is the real defence.
    { config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request) => {
      const body = parseInput(loginSchema, request.body);
      const result = await auth.login(body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      return ok(result, LOGIN_MESSAGES.success);
    },
  );

  // Public like JeecgBoot's: an expired session must still be able to say goodbye.
  api.post('/sys/logout', { config: { public: true } }, async (request) => {
    const token = tokenOf(request);
    if (!token) throw badRequest('退出登录失败！');
    if (!(await sessions.revoke(token))) throw unauthorized('Token无效!');
    return ok(null, '退出登录成功！');
  });
}
