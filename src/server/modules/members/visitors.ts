import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { EntityHooks } from '../../crud/registerEntity';
import { visitors } from '../../db/schema';
import { authOf } from '../../http/auth';
import { badRequest, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';

/** visitor_status: 0 待审核 · 1 已通过 · 2 已拒绝 · 3 已到访 · 4 已离开 · 5 已过期 · 6 已取消. */
const WAITING = '0';
const APPROVED = '1';
const REJECTED = '2';
const ARRIVED = '3';
const LEFT = '4';
const CANCELLED = '6';

/** A visit's registration is edited only before the visitor arrives. */
export const visitorHooks: EntityHooks = {
  async beforeSave({ before }) {
    if (before && before.visitStatus !== WAITING && before.visitStatus !== APPROVED)
      throw badRequest('该访客已到访或已结束，不能修改登记信息', 'This visit has begun or ended: its registration cannot be changed');
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
    change: (row: typeof visitors.$inferSelect) => Partial<typeof visitors.$inferInsert>,
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
        .set({ ...change(row), updatedAt: new Date(), updateBy: caller.username })
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
      () => ({
        visitStatus: body.decision === 'approve' ? APPROVED : REJECTED,
        checkBy: authOf(request).username,
        checkRemark: body.remark ?? null,
      }),
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
}
