import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { EntityHooks } from '../../crud/registerEntity';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { isUniqueViolation } from '../../db/errors';
import { visitorBlocks, visitors } from '../../db/schema';
import { authOf } from '../../http/auth';
import { badRequest, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { schoolMidnightOf } from '../schools/settings';

/** visitor_status: 0 待审核 · 1 已通过 · 2 已拒绝 · 3 已到访 · 4 已离开 · 5 已过期 · 6 已取消. */
const WAITING = '0';
const APPROVED = '1';
const REJECTED = '2';
const ARRIVED = '3';
const LEFT = '4';
const EXPIRED = '5';
const CANCELLED = '6';

/** Whether the gate refuses this person: their mobile or ID number is on the school's blacklist. */
async function blocked(tx: Executor, tenantId: number, mobile: unknown, idNo: unknown): Promise<boolean> {
  const matches = [typeof mobile === 'string' && mobile ? eq(visitorBlocks.mobile, mobile) : undefined, typeof idNo === 'string' && idNo ? eq(visitorBlocks.idNo, idNo) : undefined].filter(
    (condition) => condition !== undefined,
  );
  if (!matches.length) return false;
  const [found] = await tx
    .select({ id: visitorBlocks.id })
    .from(visitorBlocks)
    .where(and(eq(visitorBlocks.tenantId, tenantId), eq(visitorBlocks.delFlag, 0), or(...matches)))
    .limit(1);
  return Boolean(found);
}

/**
 * 已过期: a booking neither checked in nor cancelled by the end of its day (the school's day, as the
 * ledger's accounting date). The scheduled job 访客预约过期 runs it (every ten minutes as seeded).
 */
export async function expireVisits(db: Executor): Promise<number> {
  const expired = await db
    .update(visitors)
    .set({ visitStatus: EXPIRED, updatedAt: new Date(), updateBy: 'system' })
    .where(and(inArray(visitors.visitStatus, [WAITING, APPROVED]), lt(visitors.visitTime, schoolMidnightOf(sql`${visitors.tenantId}`)), eq(visitors.delFlag, 0)))
    .returning({ id: visitors.id });
  return expired.length;
}

/** A visit's registration is edited only before the visitor arrives. */
export const visitorHooks: EntityHooks = {
  async beforeSave({ tx, tenantId, values, before }) {
    if (before && before.visitStatus !== WAITING && before.visitStatus !== APPROVED)
      throw badRequest('该访客已到访或已结束，不能修改登记信息', 'This visit has begun or ended: its registration cannot be changed');
    if (await blocked(tx, tenantId, values.mobile ?? before?.mobile, values.idNo ?? before?.idNo))
      throw badRequest('该访客已被列入黑名单，不能登记', 'This visitor is on the blacklist and cannot be registered');
  },
};

/**
 * 访客管理's operations: 审核 (通过 or 拒绝, with a note), 签到 (a temporary card handed out when the
 * pass is one), 签离 (the card handed back) and 取消. Each moves the status one step, from the one
 * state it may start from, under a row lock — two gate clerks cannot both let one visitor in.
 */
export function visitorRoutes(api: FastifyInstance, context: AppContext): void {
  const id = z.string().trim().min(1).max(64);

  async function move(
    request: Parameters<typeof authOf>[0],
    visitId: string,
    from: readonly string[],
    refusal: () => Error,
    change: (row: typeof visitors.$inferSelect, tx: Executor) => Partial<typeof visitors.$inferInsert> | Promise<Partial<typeof visitors.$inferInsert>>,
  ) {
    const caller = authOf(request);
    await context.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(visitors)
        .where(and(eq(visitors.id, visitId), eq(visitors.tenantId, caller.tenantId), eq(visitors.delFlag, 0)))
        .for('update');
      if (!row) throw notFound('访客记录不存在');
      if (!from.includes(row.visitStatus)) throw refusal();
      await tx
        .update(visitors)
        .set({ ...(await change(row, tx)), updatedAt: new Date(), updateBy: caller.username })
        .where(eq(visitors.id, row.id));
    });
  }

  api.post('/memb/visitor/review', { config: { permission: 'visitor:review' } }, async (request) => {
    const body = parseInput(z.object({ id, decision: z.enum(['approve', 'reject']), remark: z.string().trim().max(100).optional() }), request.body);
    if (body.decision === 'reject' && !body.remark) throw badRequest('拒绝时请填写审核意见', 'Give the reason for refusing');
    await move(
      request,
      body.id,
      [WAITING],
      () => badRequest('该访客已审核', 'This visit was already reviewed'),
      async (row, tx) => {
        if (body.decision === 'approve' && (await blocked(tx, row.tenantId, row.mobile, row.idNo)))
          throw badRequest('该访客已被列入黑名单，不能通过', 'This visitor is on the blacklist and cannot be let in');
        return {
          visitStatus: body.decision === 'approve' ? APPROVED : REJECTED,
          checkBy: authOf(request).username,
          checkRemark: body.remark ?? null,
        };
      },
    );
    return ok(null, body.decision === 'approve' ? '审核通过' : '已拒绝来访');
  });

  api.post('/memb/visitor/checkIn', { config: { permission: 'visitor:checkIn' } }, async (request) => {
    const body = parseInput(z.object({ id, tempCardNo: z.string().trim().max(20).optional() }), request.body);
    await move(
      request,
      body.id,
      [APPROVED],
      () => badRequest('只有审核通过的访客可以签到', 'Only an approved visit can check in'),
      (row) => {
        if (row.passType === '2' && !/^\d{4,20}$/.test(body.tempCardNo ?? ''))
          throw badRequest('请刷临时卡或输入临时卡号（4到20位数字）', 'Read the temporary card or type its number (4 to 20 digits)');
        return { visitStatus: ARRIVED, arrivedAt: new Date(), tempCardNo: row.passType === '2' ? body.tempCardNo! : null };
      },
    );
    return ok(null, '签到成功！');
  });

  api.post('/memb/visitor/checkOut', { config: { permission: 'visitor:checkOut' } }, async (request) => {
    const body = parseInput(z.object({ id }), request.body);
    await move(
      request,
      body.id,
      [ARRIVED],
      () => badRequest('该访客未在校内', 'This visitor is not on the premises'),
      () => ({ visitStatus: LEFT, leftAt: new Date() }),
    );
    return ok(null, '签离成功！');
  });

  api.post('/memb/visitor/cancel', { config: { permission: 'visitor:cancel' } }, async (request) => {
    const body = parseInput(z.object({ id, remark: z.string().trim().max(100).optional() }), request.body);
    await move(
      request,
      body.id,
      [WAITING, APPROVED],
      () => badRequest('只能取消尚未到访的预约', 'Only a visit that has not begun can be cancelled'),
      () => ({
        visitStatus: CANCELLED,
        checkRemark: body.remark ?? null,
      }),
    );
    return ok(null, '已取消来访');
  });

  // 拉黑: the person goes on the blacklist (by mobile and ID number); a visit not yet begun is refused.
  api.post('/memb/visitor/block', { config: { permission: 'visitor:block' } }, async (request) => {
    const body = parseInput(z.object({ id, reason: z.string().trim().min(1).max(100) }), request.body);
    const caller = authOf(request);
    try {
      await context.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(visitors)
          .where(and(eq(visitors.id, body.id), eq(visitors.tenantId, caller.tenantId), eq(visitors.delFlag, 0)))
          .for('update');
        if (!row) throw notFound('访客记录不存在');
        if (await blocked(tx, caller.tenantId, row.mobile, null)) throw badRequest('该访客已在黑名单中', 'This visitor is already on the blacklist');
        await tx.insert(visitorBlocks).values({
          id: newId(),
          tenantId: caller.tenantId,
          createBy: caller.username,
          visitorName: row.visitorName,
          mobile: row.mobile,
          idNo: row.idNo,
          reason: body.reason,
          visitorId: row.id,
        });
        if (row.visitStatus === WAITING || row.visitStatus === APPROVED)
          await tx
            .update(visitors)
            .set({ visitStatus: REJECTED, checkBy: caller.username, checkRemark: `已拉黑：${body.reason}`, updatedAt: new Date(), updateBy: caller.username })
            .where(eq(visitors.id, row.id));
      });
    } catch (error) {
      // Two clerks blocking the same person at once: the first one did it.
      if (isUniqueViolation(error)) throw badRequest('该访客已在黑名单中', 'This visitor is already on the blacklist');
      throw error;
    }
    return ok(null, '已拉黑');
  });

  api.post('/memb/visitor/unblock', { config: { permission: 'visitor:unblock' } }, async (request) => {
    const body = parseInput(z.object({ id }), request.body);
    const caller = authOf(request);
    const lifted = await context.db
      .update(visitorBlocks)
      .set({ delFlag: 1, updatedAt: new Date(), updateBy: caller.username })
      .where(and(eq(visitorBlocks.id, body.id), eq(visitorBlocks.tenantId, caller.tenantId), eq(visitorBlocks.delFlag, 0)))
      .returning({ id: visitorBlocks.id });
    if (!lifted.length) throw notFound('黑名单记录不存在');
    return ok(null, '已解除拉黑');
  });
}
