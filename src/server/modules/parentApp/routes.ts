import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { mobile, smsCode } from '@shared/schemas/auth';
import type { AppContext } from '../../context';
import { memberDepartments, members, parents, parentSessions, tenants } from '../../db/schema';
import { alive, inSchool, schoolReads, unscoped } from '../../db/work';
import { badRequest, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { SMS_MESSAGES } from '../auth/smsCodes';
import { hashOf, PARENT_ACCESS_MESSAGES, PARENT_ROUTE, parentAccess, parentWorker } from './access';

/** A parent's sign-in lasts a week. */
const SESSION_MS = 7 * 86_400_000;
/** Public routes: a few a minute from one address (the codes have their own limits besides). */
const PUBLIC_LIMITED = { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } } as const;

export const PARENT_MESSAGES = {
  ...PARENT_ACCESS_MESSAGES,
  chooseSchool: '该手机号在多所学校登记，请选择学校',
  notBound: '该手机号未登记为家长，请联系学校',
} as const;

/** A phone's live bindings in every school (a parent of two pupils has two): which schools it signs in to. */
const bindingsAnywhere = (context: AppContext, phone: string) =>
  unscoped(context.db, 'parent app: a phone signs in to whichever schools bound it')
    .select({ tenantId: parents.tenantId, studentId: parents.studentId })
    .from(parents)
    // Across schools no unit of work applies: the live bindings by hand.
    .where(and(eq(parents.mobile, phone), alive(parents), eq(parents.status, '1')));

/**
 * 家长端 (the parents' app): a parent signs in with the phone the school bound to their child and a
 * texted code, and sees their children; areas add their own parent routes (亲情通话's numbers) with
 * the same checks (access.ts). Public to the console's guard; each route checks the parent's own
 * token (X-Parent-Token) and that the child is theirs.
 */
export function parentAppRoutes(api: FastifyInstance, context: AppContext): void {
  const { parentOf, bindingsOf } = parentAccess(context);

  api.post('/parent/sms', { config: PUBLIC_LIMITED }, async (request) => {
    const body = parseInput(z.object({ mobile }), request.body);
    // Texted only to a phone bound as a parent; the answer is the same either way.
    await context.smsCodes.send(body.mobile, 'parent', request.ip, (await bindingsAnywhere(context, body.mobile)).length > 0);
    return ok(null, SMS_MESSAGES.sent);
  });

  api.post('/parent/login', { config: PUBLIC_LIMITED }, async (request) => {
    const body = parseInput(z.object({ mobile, captcha: smsCode, tenantId: z.coerce.number().int().min(0).optional() }), request.body);
    await context.smsCodes.check(body.mobile, 'parent', body.captcha, false);
    const bound = await bindingsAnywhere(context, body.mobile);
    const schools = [...new Set(bound.map((binding) => binding.tenantId))];
    if (!schools.length) throw badRequest(PARENT_MESSAGES.notBound);
    const tenantId = body.tenantId ?? (schools.length === 1 ? schools[0] : undefined);
    if (tenantId === undefined || !schools.includes(tenantId)) {
      // Several schools: the app asks which (the code is not spent until one is chosen).
      const named = await unscoped(context.db, 'parent app: a phone signs in to whichever schools bound it')
        .select({ tenantId: tenants.id, name: tenants.name })
        .from(tenants)
        .where(inArray(tenants.id, schools));
      return ok({ schools: named }, PARENT_MESSAGES.chooseSchool);
    }
    await context.smsCodes.check(body.mobile, 'parent', body.captcha, true);
    const token = randomBytes(32).toString('hex');
    const expiresAt = new Date(Date.now() + SESSION_MS);
    await inSchool(context.db, parentWorker({ tenantId, mobile: body.mobile }), (work) =>
      work.tx.insert(parentSessions).values({ tokenHash: hashOf(token), tenantId: work.tenantId, mobile: body.mobile, expiresAt }),
    );
    return ok({ token, expiresAt: expiresAt.toISOString() });
  });

  api.post('/parent/logout', { config: PARENT_ROUTE }, async (request) => {
    const token = String(request.headers['x-parent-token'] ?? '');
    await unscoped(context.db, 'parent app: a parent’s token names their school')
      .delete(parentSessions)
      .where(eq(parentSessions.tokenHash, hashOf(token)));
    return ok(null);
  });

  api.get('/parent/children', { config: PARENT_ROUTE }, async (request) => {
    const parent = await parentOf(request);
    const bound = await bindingsOf(parent);
    if (!bound.length) return ok([]);
    const reads = schoolReads(context.db, parentWorker(parent));
    const children = await reads.tx
      .select({ memberId: members.id, name: members.realName, memberNo: members.memberNo, className: memberDepartments.name })
      .from(members)
      .leftJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
      .where(
        and(
          reads.school(members),
          inArray(
            members.id,
            bound.map((binding) => binding.studentId),
          ),
        ),
      )
      .orderBy(asc(members.memberNo));
    return ok(children);
  });
}
