import type { FlowEffect } from '../../crud/flowActions';
import { outboxHandler } from '../../outbox/deliver';
import { newId } from '../../db/ids';
import { announcementReads, announcements } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { noticeChannel, recipientsOf, type NoticeEvent } from './routes';

/**
 * 系统通告's flow (declared in its spec): 发布 writes each named recipient's unread copy (an
 * everyone-announcement's are written when first read), and after the commit tells their sockets on
 * every instance (through the outbox: a crash after the commit still tells them); 撤销 tells them
 * too, so their lists drop it at once. Telling twice is harmless: a socket shows a notice by its id.
 */
outboxHandler('notice.tell', async (context, { tenantId, payload }) => {
  await context.bus.publish(noticeChannel(tenantId), payload.event as NoticeEvent);
});

export const announcementActions: Readonly<Record<string, FlowEffect<RowOf<typeof announcements>>>> = {
  async release({ work, row }) {
    const { id } = row;
    const reached = await recipientsOf(work, row);
    if (reached?.length)
      await work.tx
        .insert(announcementReads)
        .values(reached.map((userId) => ({ id: newId(), anntId: id, userId, tenantId: work.tenantId })))
        .onConflictDoUpdate({ target: [announcementReads.anntId, announcementReads.userId], set: { readFlag: '0', readTime: null } });
    const event: NoticeEvent = { userIds: reached, message: { cmd: reached ? 'user' : 'topic', msgId: id, msgTxt: row.titile } };
    return { set: { cancelTime: null }, later: { kind: 'notice.tell', payload: { event } } };
  },
  async revoke({ work, row }) {
    const reached = await recipientsOf(work, row);
    const event: NoticeEvent = { userIds: reached, message: { cmd: row.msgType === 'ALL' ? 'topic' : 'user', msgId: row.id, msgTxt: row.titile } };
    return { later: { kind: 'notice.tell', payload: { event } } };
  },
};
