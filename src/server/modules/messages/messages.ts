import { and, eq } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import { messageRecipients, messages } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { badRequest } from '../../http/envelope';
import { billHooks } from '../bills/billHooks';
import { outboxHandler } from '../../outbox/deliver';
import { deliverPending, withdrawRecipients, writeRecipients } from './delivery';

/**
 * A message's recipients, delivered after the commit through the outbox: each pending recipient
 * is sent once and marked (a delivery after a crash sends only those still pending).
 */
outboxHandler('message.deliver', async (context, { tenantId, payload }) => {
  const { sent, failed } = await deliverPending(context, tenantId, String(payload.messageId));
  if (payload.retry) return { said: { 'zh-CN': `重发 ${sent + failed} 人次，成功 ${sent}`, en: `Retried ${sent + failed}, ${sent} sent` } };
  if (payload.event) return undefined;
  return failed ? { said: { 'zh-CN': `已发送 ${sent} 人次，失败 ${failed} 人次`, en: `Sent ${sent}, failed ${failed}` } } : undefined;
});

/** A planned time this close is now: sent at once rather than by the next minute's job. */
const NOW_MS = 30_000;

/**
 * 消息管理 (declared in message.ts): numbered XX…; one person needs the person, a class or
 * department needs it. 发送 writes the recipients in the action's transaction and delivers them
 * after its commit (a planned time: the 消息发送 job does both then).
 */
export const MESSAGE_HOOKS: EntityHooks<RowOf<typeof messages>> = {
  ...billHooks('XX', {
    async beforeSave({ values, before }) {
      const scope = String(values.scope ?? before?.scope ?? '1');
      const memberId = values.memberId !== undefined ? values.memberId : before?.memberId;
      const deptId = values.deptId !== undefined ? values.deptId : before?.deptId;
      if (scope === '1' && !memberId) throw badRequest('接收范围为指定人员时，请选择人员', 'Choose the person the message is for');
      if (scope === '2' && !deptId) throw badRequest('接收范围为班级/部门时，请选择班级或部门', 'Choose the class or department the message is for');
    },
  }),
  actions: {
    async send({ work, row: message }) {
      const { id, planAt } = message;
      if (planAt && planAt.getTime() > Date.now() + NOW_MS)
        return { set: { status: '1', sentBy: work.username }, note: '定时发送', done: { 'zh-CN': '已定时，到时自动发送', en: 'Scheduled: it goes at its time' } };
      const total = await writeRecipients(work, id, message, work.username);
      if (!total) throw badRequest('接收范围内没有可以发送的人（家长需开启接收通知）', 'No one in its scope can receive it (parents must take notices)');
      return {
        set: { status: '2', total, sentAt: new Date(), sentBy: work.username },
        note: `${total} 人次`,
        later: { kind: 'message.deliver', payload: { messageId: id } },
      };
    },
    async withdraw({ work, row }) {
      const taken = await withdrawRecipients(work, row.id);
      return { note: `收回 ${taken} 条` };
    },
    async resend({ work, row }) {
      const { id } = row;
      const again = await work.tx
        .update(messageRecipients)
        .set({ status: '0', errMsg: null })
        .where(and(work.school(messageRecipients), eq(messageRecipients.messageId, id), eq(messageRecipients.status, '2')))
        .returning({ id: messageRecipients.id });
      if (!again.length) throw badRequest('没有发送失败的接收人', 'No recipient failed');
      return {
        note: `${again.length} 人次`,
        later: { kind: 'message.deliver', payload: { messageId: id, retry: true } },
      };
    },
  },
};
