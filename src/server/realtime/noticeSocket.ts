import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { NoticeMessage } from '@shared/notices';
import { authOf } from '../http/auth';
import { forbidden } from '../http/envelope';
import type { AppContext } from '../context';
import { noticeChannel, type NoticeEvent } from '../modules/announcements/routes';
import { closeWhenSessionsEnd, CLOSE_POLICY, MESSAGES_PER_SECOND, SOCKETS_PER_SESSION } from './tableSocket';

const HEARTBEAT_ANSWER: NoticeMessage = { cmd: 'heartcheck', msgTxt: '心跳响应' };

/**
 * /websocket/{userId}: the notice socket of the header's popover. Session-checked like the table
 * socket (the token as sub-protocol, the path's user the session's own). A released or revoked
 * announcement reaches, on every instance through the bus, the sockets of its recipients in its
 * school: `{cmd:"topic"}` for everyone, `{cmd:"user"}` for the named; the client then reloads its
 * list. Inbound text is a heartbeat and is answered, never echoed to others (JeecgBoot's quirk).
 */
export function noticeSocketRoutes(api: FastifyInstance, { bus, sessions }: Pick<AppContext, 'bus' | 'sessions'>): void {
  const open = new Map<WebSocket, { sessionId: string; userId: string; tenantId: number }>();
  const listening = new Map<number, () => void>();

  /** One bus subscription per school with sockets here, dropped when its last socket closes. */
  const listen = (tenantId: number) => {
    if (listening.has(tenantId)) return;
    listening.set(
      tenantId,
      bus.subscribe(noticeChannel(tenantId), (payload) => {
        const event = payload as NoticeEvent;
        const text = JSON.stringify(event.message);
        for (const [socket, owner] of open) {
          if (owner.tenantId !== tenantId || (event.userIds && !event.userIds.includes(owner.userId))) continue;
          if (socket.readyState === socket.OPEN) socket.send(event.userIds ? JSON.stringify({ ...event.message, userId: owner.userId }) : text);
        }
      }),
    );
  };
  const unlistenIfIdle = (tenantId: number) => {
    if ([...open.values()].some((owner) => owner.tenantId === tenantId)) return;
    listening.get(tenantId)?.();
    listening.delete(tenantId);
  };

  closeWhenSessionsEnd(sessions, open);

  api.get<{ Params: { userId: string } }>(
    '/websocket/:userId',
    {
      websocket: true,
      config: { self: true },
      preValidation: async (request) => {
        if (authOf(request).userId !== request.params.userId) throw forbidden();
      },
    },
    (socket: WebSocket, request) => {
      const { sessionId, userId, tenantId } = authOf(request);
      if ([...open.values()].filter((owner) => owner.sessionId === sessionId).length >= SOCKETS_PER_SESSION) {
        socket.close(CLOSE_POLICY, 'too many sockets');
        return;
      }
      open.set(socket, { sessionId, userId, tenantId });
      listen(tenantId);
      let windowStart = Date.now();
      let frames = 0;
      socket.on('message', () => {
        const now = Date.now();
        if (now - windowStart >= 1000) {
          windowStart = now;
          frames = 0;
        }
        frames += 1;
        if (frames > MESSAGES_PER_SECOND) socket.close(CLOSE_POLICY, 'too many messages');
        else if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(HEARTBEAT_ANSWER));
      });
      socket.on('close', () => {
        open.delete(socket);
        unlistenIfIdle(tenantId);
      });
    },
  );
}
