import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { NoticeMessage } from '@shared/notices';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { forbidden } from '../http/envelope';
import { noticeChannel, type NoticeEvent } from '../modules/announcements/routes';
import { closeWhenSessionsEnd, CLOSE_POLICY, MESSAGES_PER_SECOND, SOCKETS_PER_SESSION } from './tableSocket';

const HEARTBEAT_ANSWER: NoticeMessage = { cmd: 'heartcheck', msgTxt: '心跳响应' };

/** What a socket without a session is told: "reload your list", nothing more. */
const RELOAD_SIGNAL = JSON.stringify({ cmd: 'topic' });

/**
 * Sockets without a session, bounded so that an honest JeecgBoot client with many tabs keeps its
 * sockets (16 per user: tabs and a reconnect loop's leftovers), a school behind one address keeps
 * its staff's, and sockets for ids nobody has — sent nothing, ever — fill a small pool of their own
 * and never crowd out a real user's.
 */
export const ANONYMOUS_LIMITS = {
  perUser: 16,
  perAddress: 256,
  inAll: 10_000,
  /** Sockets for user ids nobody has: a few per address, a small pool in all. */
  unknownPerAddress: 4,
  unknownInAll: 500,
};

interface Owner {
  userId: string;
  /** The school whose notices reach the socket; null for a user id nobody has (never told anything). */
  tenantId: number | null;
  /** The session of a signed-in socket; none for JeecgBoot's client, which opens it without a token. */
  sessionId?: string;
  address: string;
}

/**
 * /websocket/{userId}: the notice socket of the header's popover. A released or revoked
 * announcement reaches, on every instance through the bus, the sockets of its recipients in its
 * school. The console's socket is session-checked (the token as sub-protocol, the path's user the
 * session's own) and told `{cmd:"topic"|"user", msgId, msgTxt}`; inbound text is a heartbeat and is
 * answered, never echoed to others (JeecgBoot's quirk).
 *
 * JeecgBoot's own client opens it with no token at all, as its server allows. Such a socket is
 * accepted for any user id, known or not (so it tells nobody which ids exist), and is only ever sent
 * `{"cmd":"topic"}` — no id, no title — when something for the whole school was released or revoked:
 * its client then reloads the list through the API, with its token. A notice to some users tells
 * their tokenless sockets nothing (the family's newer clients send the token as the sub-protocol and
 * are told). Inbound text is ignored.
 */
export function noticeSocketRoutes(api: FastifyInstance, { bus, sessions, db }: Pick<AppContext, 'bus' | 'sessions' | 'db'>): void {
  const open = new Map<WebSocket, Owner>();
  const signedIn = new Map<WebSocket, Owner & { sessionId: string }>();
  const listening = new Map<number, () => void>();

  const reaches = (event: NoticeEvent, owner: Owner) => !event.userIds || event.userIds.includes(owner.userId);

  /** One bus subscription per school with sockets here, dropped when its last socket closes. */
  const listen = (tenantId: number) => {
    if (listening.has(tenantId)) return;
    listening.set(
      tenantId,
      bus.subscribe(noticeChannel(tenantId), (payload) => {
        const event = payload as NoticeEvent;
        const text = JSON.stringify(event.message);
        for (const [socket, owner] of open) {
          if (owner.tenantId !== tenantId || !reaches(event, owner) || socket.readyState !== socket.OPEN) continue;
          // Without a session: told only of what the whole school is told, so a tokenless socket
          // learns nothing about one user (that a private notice reached them, and when).
          if (!owner.sessionId) {
            // Nor of the console's list changes: JeecgBoot's client would reload its notices for nothing.
            if (!event.userIds && event.message.cmd !== 'changed') socket.send(RELOAD_SIGNAL);
          } else socket.send(event.userIds ? JSON.stringify({ ...event.message, userId: owner.userId }) : text);
        }
      }),
    );
  };
  const unlistenIfIdle = (tenantId: number | null) => {
    if (tenantId === null || [...open.values()].some((owner) => owner.tenantId === tenantId)) return;
    listening.get(tenantId)?.();
    listening.delete(tenantId);
  };

  closeWhenSessionsEnd(sessions, signedIn);

  /** Whether a socket without a session has no room: counted among its kind (a real user's, or an unknown id's). */
  const anonymousRefused = (owner: Owner): boolean => {
    const known = owner.tenantId !== null;
    let inAll = 0;
    let sameAddress = 0;
    let sameUser = 0;
    for (const other of open.values()) {
      if (other.sessionId || (other.tenantId !== null) !== known) continue;
      inAll += 1;
      if (other.address === owner.address) sameAddress += 1;
      if (other.userId === owner.userId) sameUser += 1;
    }
    if (!known) return inAll >= ANONYMOUS_LIMITS.unknownInAll || sameAddress >= ANONYMOUS_LIMITS.unknownPerAddress;
    return inAll >= ANONYMOUS_LIMITS.inAll || sameAddress >= ANONYMOUS_LIMITS.perAddress || sameUser >= ANONYMOUS_LIMITS.perUser;
  };
  const schoolOfAnonymous = new WeakMap<FastifyRequest, number | null>();

  api.get<{ Params: { userId: string } }>(
    '/websocket/:userId',
    {
      websocket: true,
      config: { self: true, tokenOptional: true },
      preValidation: async (request) => {
        if (request.auth && request.auth.userId !== request.params.userId) throw forbidden();
        // A socket without a session: its user's school, looked up before the handshake completes,
        // so it listens from the moment it is open.
        if (!request.auth) {
          const userId = request.params.userId;
          const [user] = userId.length <= 64 ? await db.select({ tenantId: users.tenantId }).from(users).where(eq(users.id, userId)) : [];
          schoolOfAnonymous.set(request, user?.tenantId ?? null);
        }
      },
    },
    (socket: WebSocket, request) => {
      const userId = request.params.userId;
      let owner: Owner;
      if (request.auth) {
        const { sessionId, tenantId } = request.auth;
        if ([...signedIn.values()].filter((other) => other.sessionId === sessionId).length >= SOCKETS_PER_SESSION) {
          socket.close(CLOSE_POLICY, 'too many sockets');
          return;
        }
        owner = { userId, tenantId, sessionId, address: request.ip };
        signedIn.set(socket, { ...owner, sessionId });
      } else {
        owner = { userId, tenantId: schoolOfAnonymous.get(request) ?? null, address: request.ip };
        if (anonymousRefused(owner)) {
          socket.close(CLOSE_POLICY, 'too many sockets');
          return;
        }
      }
      open.set(socket, owner);
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
        else if (owner.sessionId && socket.readyState === socket.OPEN) socket.send(JSON.stringify(HEARTBEAT_ANSWER));
      });
      socket.on('close', () => {
        open.delete(socket);
        signedIn.delete(socket);
        unlistenIfIdle(owner.tenantId);
      });
      if (owner.tenantId !== null) listen(owner.tenantId);
    },
  );
}
