import type { FastifyInstance } from 'fastify';
import { loginSchema } from '@shared/schemas/auth';
import { badRequest, fail, ok, unauthorized } from '../../http/envelope';
import { tokenOf } from '../../http/auth';
import { fileCookieOf } from '../files/routes';
import { parseInput } from '../../http/validate';
import type { AppContext } from '../../context';
import { unscoped } from '../../db/work';
import { CAPTCHA_MESSAGES, createCaptchas } from './captcha';
import { clientMetaOf, createAuthService, LOGIN_MESSAGES, SignInRefused } from './service';
import { consoleStartOf } from './consoleStart';
import { phoneRoutes } from './phoneRoutes';
import { ssoRoutes } from './ssoRoutes';

const CHECK_KEY = /^[A-Za-z0-9_-]{1,64}$/;

export function authRoutes(api: FastifyInstance, context: AppContext): void {
  const { sessions, dictionaries } = context;
  // Sign-in is before any school: the account is found by its name, of whichever school.
  const db = unscoped(context.db, 'sign-in: an account is found by its name, phone or ticket, of whichever school');
  const captchas = createCaptchas(db);
  const auth = createAuthService(db, sessions, captchas, dictionaries);
  phoneRoutes(api, context, auth);
  ssoRoutes(api, context, auth);

  api.post(
    '/sys/login',
    // Per address; past a few failures the captcha and the growing delay do the real work.
    { config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const body = parseInput(loginSchema, request.body);
      try {
        const result = await auth.login(body, clientMetaOf(request));
        return ok(body.consoleStart ? { ...result, consoleStart: await consoleStartOf(api, request, reply, result.token) } : result, LOGIN_MESSAGES.success);
      } catch (error) {
        // As the JeecgBoot family answers: HTTP 200, code 500 and the one message to show.
        if (error instanceof SignInRefused) return { ...fail(500, error.message), result: { needCaptcha: error.needCaptcha } };
        throw error;
      }
    },
  );

  api.get<{ Params: { key: string } }>('/sys/randomImage/:key', { config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request) => {
    const { key } = request.params;
    if (!CHECK_KEY.test(key)) throw badRequest(CAPTCHA_MESSAGES.badKey);
    return ok(await captchas.issue(key));
  });

  // Public like JeecgBoot's: an expired session must still be able to say goodbye.
  api.post('/sys/logout', { config: { public: true } }, async (request, reply) => {
    const token = tokenOf(request);
    if (!token) throw badRequest('退出登录失败！');
    reply.header('Set-Cookie', fileCookieOf(api.prefix, '', request.protocol === 'https'));
    if (!(await sessions.revoke(token))) throw unauthorized('Token无效!');
    return ok(null, '退出登录成功！');
  });
}
