import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { mobile } from '@shared/schemas/auth';
import type { AppContext } from '@server/context';
import { newId } from '@server/db/ids';
import { inSchool, schoolReads } from '@server/db/work';
import { ok } from '@server/http/envelope';
import { parseInput } from '@server/http/validate';
import { PARENT_ROUTE, parentAccess, parentWorker } from '@server/modules/parentApp/access';
import { placeNumber } from './numbers';
import { callNumbers } from './tables';

/**
 * 家长端's 亲情号码: a signed-in parent lists a child's family numbers and submits one — kept as the
 * school's, from 家长端, 待审核 until the school's staff audit it (通话成员).
 */
export function parentNumberRoutes(api: FastifyInstance, context: AppContext): void {
  const { parentOf, childOf } = parentAccess(context);
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
