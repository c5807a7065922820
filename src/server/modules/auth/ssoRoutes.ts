import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { alive, unscoped } from '../../db/work';
import { ApiError, badRequest, fail, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { clientMetaOf, LOGIN_MESSAGES, SignInRefused, type createAuthService } from './service';

const CAS_TIMEOUT_MS = 5000;

export const SSO_MESSAGES = {
  casOff: '未配置CAS单点登录',
  casRefused: 'CAS票据无效或已过期，请重新登录',
  casAway: 'CAS服务器无法访问，请稍后重试',
  noSuchUser: '该用户不存在，请联系管理员开通账号',
  thirdOff: '未配置第三方登录',
} as const;

const ticketSchema = z.object({
  ticket: z.string({ error: '缺少CAS票据（ticket）' }).trim().min(1, '缺少CAS票据（ticket）').max(2000, '缺少CAS票据（ticket）'),
  // JeecgBoot's client sends it; it is never used (see validate).
  service: z.string().max(2000).optional(),
});

/** The account name of a CAS `serviceValidate` answer, or null when the ticket was refused. */
export function casUserOf(xml: string): string | null {
  if (!/<cas:authenticationSuccess>/.test(xml)) return null;
  const user = /<cas:user>\s*([^<]+?)\s*<\/cas:user>/.exec(xml)?.[1];
  if (!user) return null;
  // The XML's own escapes, the only ones a user name carries.
  return user
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Single sign-on: `validateLogin` asks the configured CAS server whether the ticket is good for
 * the service (CAS 2/3 `serviceValidate`) and signs in the account of that name, as a password
 * would. Third-party (OAuth) sign-in is not configured in this product: its route answers so.
 */
export function ssoRoutes(api: FastifyInstance, context: AppContext, auth: ReturnType<typeof createAuthService>): void {
  const db = unscoped(context.db, 'sign-in: an account is found by its name, phone or ticket, of whichever school');
  const casServer = context.config.casServerUrl?.replace(/\/+$/, '');
  const service = context.config.casServiceUrl;

  const validate = async (request: { method: string; query: unknown; body: unknown; ip: string; headers: Record<string, unknown> }) => {
    if (!casServer || !service) throw notFound(SSO_MESSAGES.casOff);
    // The ticket must have been issued for this console: a service named by the request would let
    // a ticket of any other application the CAS serves sign its holder in here.
    const { ticket } = parseInput(ticketSchema, request.method === 'GET' ? request.query : request.body);
    const url = `${casServer}/serviceValidate?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(service)}`;
    let xml: string;
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(CAS_TIMEOUT_MS) });
      if (!answer.ok) throw new Error(`CAS answered ${answer.status}`);
      xml = await answer.text();
    } catch (error) {
      api.log.warn({ err: error }, 'CAS server unreachable');
      throw new ApiError(502, SSO_MESSAGES.casAway);
    }
    const username = casUserOf(xml);
    if (!username) throw badRequest(SSO_MESSAGES.casRefused);
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.username, username), alive(users)));
    if (!user) throw badRequest(SSO_MESSAGES.noSuchUser);
    try {
      return ok(await auth.admit(user, clientMetaOf(request)), LOGIN_MESSAGES.success);
    } catch (error) {
      if (error instanceof SignInRefused) return fail(500, error.message);
      throw error;
    }
  };
  for (const url of ['/cas/client/validateLogin', '/sys/cas/client/validateLogin'])
    api.route({ method: ['GET', 'POST'], url, config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } }, handler: validate });

  const noThirdParty = async () => {
    throw notFound(SSO_MESSAGES.thirdOff);
  };
  api.get('/thirdLogin/getLoginUser/:token', { config: { public: true } }, noThirdParty);
  api.get('/sys/thirdLogin/getLoginUser/:token', { config: { public: true } }, noThirdParty);
}
