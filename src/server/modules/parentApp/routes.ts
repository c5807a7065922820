import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { mobile, smsCode } from '@shared/schemas/auth';
import type { AppContext } from '../../context';
import { newId } from '../../db/ids';
import { callNumbers, memberDepartments, members, parents, parentSessions, tenants } from '../../db/schema';
import { alive, inSchool, schoolReads, unscoped, type Worker } from '../../db/work';
import { ApiError, badRequest, forbidden, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { SMS_MESSAGES } from '../auth/smsCodes';
import { placeNumber } from '../calls/numbers';

/** A parent's sign-in lasts a week. */
const SESSION_MS = 7 * 86_400_000;
/** Public routes: a few a minute from one address (the codes have their own limits besides). */
const PUBLIC_LIMITED = { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } } as const;
const PARENT_ROUTE = { public: true } as const;

export const PARENT_MESSAGES = {
  signIn: '请先登录家长端',
  notYours: '只能为自己的孩子办理',
  chooseSchool: '该手机号在多所学校登记，请选择学校',
  notBound: '该手机号未登记为家长，请联系学校',
} as const;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A phone's live bindings in every school (a parent of two pupils has two): which schools it signs in to. */
const bindingsAnywhere = (context: AppContext, phone: string) =>
  unscoped(context.db, 'parent app: a phone signs in to whichever schools bound it')
    .select({ tenantId: parents.tenantId, studentId: parents.studentId })
    .from(parents)
    // Across schools no unit of work applies: the live bindings by hand.
    .where(and(eq(parents.mobile, phone), alive(parents), eq(parents.status, '1')));

/** A signed-in parent, as who works in their school: the school's rows they submit say so. */
const parentWorker = (parent: { tenantId: number; mobile: string }): Worker => ({ tenantId: parent.tenantId, username: `家长 ${parent.mobile}` });

/** The parent's live bindings in their school. */
const bindingsOf = (context: AppContext, parent: { tenantId: number; mobile: string }) =>
  schoolReads(context.db, parentWorker(parent)).rows(parents, and(eq(parents.mobile, parent.mobile), eq(parents.status, '1')));

/**
 * 家长端 (the parents' app): a parent signs in with the phone the school bound to their child and a
 * texted code, sees their children, and submits a child's 亲情号码 — kept as the school's, from 家长端,
 * 待审核 until the school's staff audit it (通话成员). Public to the console's guard; each route
 * checks the parent's own token (X-Parent-Token) and that the child is theirs.
 */
export function parentAppRoutes(api: FastifyInstance, context: AppContext): void {
  /** The signed-in parent: their school and phone, from a live token; or a 401. */
  async function parentOf(request: FastifyRequest): Promise<{ tenantId: number; mobile: string }> {
    const token = request.headers['x-parent-token'];
    if (typeof token !== 'string' || !/^[0-9a-f]{64}$/.test(token)) throw new ApiError(401, PARENT_MESSAGES.signIn);
    const [session] = await unscoped(context.db, 'parent app: a parent’s token names their school')
      .select({ tenantId: parentSessions.tenantId, mobile: parentSessions.mobile })
      .from(parentSessions)
      .where(and(eq(parentSessions.tokenHash, hashOf(token)), gt(parentSessions.expiresAt, new Date())));
    if (!session) throw new ApiError(401, PARENT_MESSAGES.signIn);
    return session;
  }

  /** The parent's children in their school, or a 403 for a child not theirs. */
  async function childOf(parent: { tenantId: number; mobile: string }, memberId: string): Promise<void> {
    const bound = await bindingsOf(context, parent);
    if (!bound.some((binding) => binding.studentId === memberId)) throw forbidden(PARENT_MESSAGES.notYours);
  }

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
    const bound = await bindingsOf(context, parent);
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

  api.get('/parent/callNumbers', { config: PARENT_ROUTE }, async (request) => {
    const parent = await parentOf(request);
    const { memberId } = parseInput(z.object({ memberId: z.string().trim().min(1).max(64) }), request.query);
    await childOf(parent, memberId);
    const reads = schoolReads(context.db, parentWorker(parent));
    const numbers = await reads.tx
      .select({
        id: callNumbers.id,
        seq: callNumbers.seq,
        phone: callNumbers.phone,
        relation: callNumbers.relation,
        status: callNumbers.status,
        auditStatus: callNumbers.auditStatus,
        rejectReason: callNumbers.rejectReason,
        source: callNumbers.source,
      })
      .from(callNumbers)
      .where(and(reads.school(callNumbers), eq(callNumbers.memberId, memberId)))
      .orderBy(asc(callNumbers.seq));
    return ok(numbers);
  });

  api.post('/parent/callNumbers', { config: PARENT_ROUTE }, async (request) => {
    const parent = await parentOf(request);
    const body = parseInput(
      z.object({
        memberId: z.string().trim().min(1).max(64),
        phone: mobile,
        relation: z.enum(['1', '2', '3', '4', '5', '6', '9'], { error: '请选择称谓' }),
      }),
      request.body,
    );
    await childOf(parent, body.memberId);
    const id = newId();
    await inSchool(context.db, parentWorker(parent), async (work) => {
      // One pupil's numbers are placed one at a time (two submissions at once take two keys).
      await work.tx.execute(sql`select id from memb_member where id = ${body.memberId} for update`);
      const values: Record<string, unknown> = { memberId: body.memberId, phone: body.phone, relation: body.relation };
      await placeNumber(work.tx, null, values, null);
      await work.insert(callNumbers, {
        id,
        memberId: body.memberId,
        phone: body.phone,
        relation: body.relation,
        seq: Number(values.seq),
        source: '2',
        auditStatus: '0',
        pushStatus: '0',
      });
    });
    return ok({ id }, '已提交，等待学校审核');
  });
}
