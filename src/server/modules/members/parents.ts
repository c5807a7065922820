import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { members, parents, tenants } from '../../db/schema';
import { authOf } from '../../http/auth';
import { badRequest, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';

/** One invitation a minute to a parent: a second click, or an impatient clerk, sends no second text. */
const INVITE_INTERVAL_MS = 60_000;

/**
 * 家长名单's operations: 解绑微信 (the parent binds again from the parent app) and 发邀请短信 (the
 * parent app's invitation to the parent's mobile, through the SMS driver).
 */
export function parentRoutes(api: FastifyInstance, context: AppContext): void {
  const id = z.string().trim().min(1).max(64);

  async function parentOf(tenantId: number, parentId: string) {
    const [row] = await context.db
      .select()
      .from(parents)
      .where(and(eq(parents.id, parentId), eq(parents.tenantId, tenantId), eq(parents.delFlag, 0)));
    if (!row) throw notFound('家长记录不存在');
    return row;
  }

  api.post('/memb/parent/unbindWechat', { config: { permission: 'parent:unbindWechat' } }, async (request) => {
    const body = parseInput(z.object({ id }), request.body);
    const caller = authOf(request);
    const unbound = await context.db
      .update(parents)
      .set({ wxBound: false, updatedAt: new Date(), updateBy: caller.username })
      .where(and(eq(parents.id, (await parentOf(caller.tenantId, body.id)).id), eq(parents.wxBound, true)))
      .returning({ id: parents.id });
    if (!unbound.length) throw badRequest('该家长未绑定微信', 'This parent has not bound WeChat');
    return ok(null, '已解绑微信');
  });

  api.post('/memb/parent/invite', { config: { permission: 'parent:invite' } }, async (request) => {
    const body = parseInput(z.object({ id }), request.body);
    const caller = authOf(request);
    const parent = await parentOf(caller.tenantId, body.id);
    if (parent.status !== '1') throw badRequest('该家长记录已停用', 'This parent record is disabled');
    if (parent.wxBound) throw badRequest('该家长已绑定微信，无需邀请', 'This parent has bound WeChat already');
    if (parent.invitedAt && Date.now() - parent.invitedAt.getTime() < INVITE_INTERVAL_MS)
      throw badRequest('邀请短信发送过于频繁，请一分钟后再试', 'An invitation was just sent: try again in a minute');
    // Claimed before sending: of two clicks at once only one sends.
    const now = new Date();
    const claimed = await context.db
      .update(parents)
      .set({ invitedAt: now, updatedAt: now, updateBy: caller.username })
      .where(and(eq(parents.id, parent.id), parent.invitedAt ? eq(parents.invitedAt, parent.invitedAt) : sql`${parents.invitedAt} is null`))
      .returning({ id: parents.id });
    if (!claimed.length) throw badRequest('邀请短信发送过于频繁，请一分钟后再试', 'An invitation was just sent: try again in a minute');
    const [school] = await context.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, caller.tenantId));
    const [pupil] = await context.db.select({ name: members.realName }).from(members).where(eq(members.id, parent.studentId));
    const text = `【${school?.name ?? '校园一卡通'}】${parent.parentName}您好，学校邀请您使用家长端查看${pupil?.name ?? '孩子'}的消费、充值和通知。请在微信中搜索“校园一卡通”，用本手机号登录并绑定。`;
    try {
      await context.sms.send(parent.mobile, text);
    } catch (error) {
      // Not sent: the next try may go at once.
      await context.db.update(parents).set({ invitedAt: parent.invitedAt }).where(eq(parents.id, parent.id));
      throw error;
    }
    return ok(null, '邀请短信已发送');
  });
}
