import { and, eq } from 'drizzle-orm';
import type { FlowEffect } from '../../crud/flowActions';
import { newId } from '../../db/ids';
import { members, parents, tenants } from '../../db/schema';
import { inSchool, type RowOf } from '../../db/work';
import { outboxHandler } from '../../outbox/deliver';
import { badRequest } from '../../http/envelope';
import { sendText, type TextToSend } from '../messages/texts';
import { workerOf } from './batchRuns';

type ParentRow = RowOf<typeof parents>;

/** One invitation a minute to a parent: a second click, or an impatient clerk, sends no second text. */
const INVITE_INTERVAL_MS = 60_000;

/**
 * The invitation, after the commit: sent once (its log row's id is fixed when it is queued, so a
 * second delivery sends nothing again and answers with what the first did); a text that could not
 * go frees the minute again — unless another invitation has claimed it since — and its failure is
 * the answer.
 */
outboxHandler('parent.invite', async (context, item) => {
  const { parentId, previous, claimed, textId } = item.payload as { parentId: string; previous: string | null; claimed: string; textId: string };
  const sent = await sendText(context, item.tenantId, item.payload.text as TextToSend, textId);
  if (sent.ok) return;
  // Not sent: the next try may go at once.
  await inSchool(context.db, workerOf(item), (work) =>
    work.tx
      .update(parents)
      .set({ invitedAt: previous === null ? null : new Date(previous) })
      .where(and(work.school(parents), eq(parents.id, parentId), eq(parents.invitedAt, new Date(claimed)))),
  );
  return { said: { 'zh-CN': sent.error, en: sent.error }, refused: true, status: 502 };
});

/**
 * 家长名单's flow (declared in its spec): 发邀请短信 claims the minute under the parent's row lock
 * (of two clicks at once only one sends) and sends through the SMS driver after the commit; a text
 * that could not go frees the minute again.
 */
export const parentActions: Readonly<Record<string, FlowEffect<ParentRow>>> = {
  async invite({ work, row: parent }) {
    const { invitedAt } = parent;
    if (invitedAt && Date.now() - invitedAt.getTime() < INVITE_INTERVAL_MS) throw badRequest('邀请短信发送过于频繁，请一分钟后再试', 'An invitation was just sent: try again in a minute');
    // The school itself (a platform table, read by its id).
    const [school] = await work.tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, work.tenantId));
    const [pupil] = await work.rows(members, eq(members.id, parent.studentId), { deleted: true, limit: 1 });
    const text = `【${school?.name ?? '校园一卡通'}】${parent.parentName}您好，学校邀请您使用家长端查看${pupil?.realName ?? '孩子'}的消费、充值和通知。请在微信中搜索“校园一卡通”，用本手机号登录并绑定。`;
    const claimed = new Date();
    const sms: TextToSend = { mobile: parent.mobile, text, scene: '1', by: work.username };
    return {
      set: { invitedAt: claimed },
      later: { kind: 'parent.invite', payload: { parentId: parent.id, previous: invitedAt?.toISOString() ?? null, claimed: claimed.toISOString(), textId: newId(), text: sms } },
    };
  },
};
