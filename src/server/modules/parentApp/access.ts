import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { parents, parentSessions } from '../../db/schema';
import { schoolReads, unscoped, type Worker } from '../../db/work';
import { ApiError, forbidden } from '../../http/envelope';

/**
 * Who a 家长端 request is: the signed-in parent (X-Parent-Token) and whether a child is theirs. The
 * parents' app's own routes and an area's parent routes (亲情号码) check the same way.
 */

/** Public to the console's guard: each parent route checks the parent's own token. */
export const PARENT_ROUTE = { public: true } as const;

export const PARENT_ACCESS_MESSAGES = {
  signIn: '请先登录家长端',
  notYours: '只能为自己的孩子办理',
} as const;

export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A signed-in parent, as who works in their school: the school's rows they submit say so. */
export const parentWorker = (parent: { tenantId: number; mobile: string }): Worker => ({ tenantId: parent.tenantId, username: `家长 ${parent.mobile}` });

export function parentAccess(context: AppContext) {
  /** The parent's live bindings in their school. */
  const bindingsOf = (parent: { tenantId: number; mobile: string }) => schoolReads(context.db, parentWorker(parent)).rows(parents, and(eq(parents.mobile, parent.mobile), eq(parents.status, '1')));

  return {
    bindingsOf,
    /** The signed-in parent: their school and phone, from a live token; or a 401. */
    async parentOf(request: FastifyRequest): Promise<{ tenantId: number; mobile: string }> {
      const token = request.headers['x-parent-token'];
      if (typeof token !== 'string' || !/^[0-9a-f]{64}$/.test(token)) throw new ApiError(401, PARENT_ACCESS_MESSAGES.signIn);
      const [session] = await unscoped(context.db, 'parent app: a parent’s token names their school')
        .select({ tenantId: parentSessions.tenantId, mobile: parentSessions.mobile })
        .from(parentSessions)
        .where(and(eq(parentSessions.tokenHash, hashOf(token)), gt(parentSessions.expiresAt, new Date())));
      if (!session) throw new ApiError(401, PARENT_ACCESS_MESSAGES.signIn);
      return session;
    },
    /** The parent's children in their school, or a 403 for a child not theirs. */
    async childOf(parent: { tenantId: number; mobile: string }, memberId: string): Promise<void> {
      const bound = await bindingsOf(parent);
      if (!bound.some((binding) => binding.studentId === memberId)) throw forbidden(PARENT_ACCESS_MESSAGES.notYours);
    },
  };
}
