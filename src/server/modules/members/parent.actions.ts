import { eq } from 'drizzle-orm';
import type { FlowEffect } from '../../crud/flowActions';
import { members, parents, tenants } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { badRequest } from '../../http/envelope';
import { sendTextOrFail } from '../messages/texts';

/** One invitation a minute to a parent: a second click, or an impatient clerk, sends no second text. */
const INVITE_INTERVAL_MS = 60_000;

/**
 * 家长名单's flow (declared in its spec): 发邀请短信 claims the minute under the parent's row lock
 * (of two clicks at once only one sends) and sends through the SMS driver after the commit; a text
 * that could not go frees the minute again.
 */
export const parentActions: Readonly<Record<string, FlowEffect>> = {
  async invite({ tx, context, caller, row }) {
    const parent = row as RowOf<typeof parents>;
    const { invitedAt } = parent;
    if (invitedAt && Date.now() - invitedAt.getTime() < INVITE_INTERVAL_MS) throw badRequest('邀请短信发送过于频繁，请一分钟后再试', 'An invitation was just sent: try again in a minute');
    const [school] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, caller.tenantId));
    const [pupil] = await tx.select({ name: members.realName }).from(members).where(eq(members.id, parent.studentId));
    const text = `【${school?.name ?? '校园一卡通'}】${parent.parentName}您好，学校邀请您使用家长端查看${pupil?.name ?? '孩子'}的消费、充值和通知。请在微信中搜索“校园一卡通”，用本手机号登录并绑定。`;
    return {
      set: { invitedAt: new Date() },
      after: async () => {
        try {
          await sendTextOrFail(context, caller.tenantId, { mobile: parent.mobile, text, scene: '1', by: caller.username });
        } catch (error) {
          // Not sent: the next try may go at once.
          await context.db.update(parents).set({ invitedAt }).where(eq(parents.id, parent.id));
          throw error;
        }
      },
    };
  },
};
