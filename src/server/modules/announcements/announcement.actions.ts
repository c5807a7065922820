import type { FlowEffect } from '../../crud/flowActions';
import { newId } from '../../db/ids';
import { announcementReads } from '../../db/schema';
import { noticeChannel, recipientsOf, type NoticeEvent } from './routes';

/**
 * 系统通告's flow (declared in its spec): 发布 writes each named recipient's unread copy (an
 * everyone-announcement's are written when first read), and after the commit tells their sockets on
 * every instance; 撤销 tells them too, so their lists drop it at once.
 */
export const announcementActions: Readonly<Record<string, FlowEffect>> = {
  async release({ tx, context, caller, row }) {
    const id = String(row.id);
    const reached = await recipientsOf(tx, caller.tenantId, { msgType: String(row.msgType), userIds: (row.userIds as string | null) ?? null });
    if (reached?.length)
      await tx
        .insert(announcementReads)
        .values(reached.map((userId) => ({ id: newId(), anntId: id, userId, tenantId: caller.tenantId })))
        .onConflictDoUpdate({ target: [announcementReads.anntId, announcementReads.userId], set: { readFlag: '0', readTime: null } });
    const event: NoticeEvent = { userIds: reached, message: { cmd: reached ? 'user' : 'topic', msgId: id, msgTxt: String(row.titile) } };
    return { set: { cancelTime: null }, after: () => context.bus.publish(noticeChannel(caller.tenantId), event) };
  },
  async revoke({ tx, context, caller, row }) {
    const reached = await recipientsOf(tx, caller.tenantId, { msgType: String(row.msgType), userIds: (row.userIds as string | null) ?? null });
    const event: NoticeEvent = { userIds: reached, message: { cmd: row.msgType === 'ALL' ? 'topic' : 'user', msgId: String(row.id), msgTxt: String(row.titile) } };
    return { after: () => context.bus.publish(noticeChannel(caller.tenantId), event) };
  },
};
