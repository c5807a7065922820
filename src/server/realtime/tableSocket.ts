import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { parseTableMessage, VXE_SOCKET, type TableSocketMessage } from '@shared/grid/socket';
import { actionState } from '@shared/permissions';
import { authOf } from '../http/auth';
import { forbidden } from '../http/envelope';
import type { AppContext } from '../context';
import type { EventBus } from './bus';

/** The bus channel of one table in one tenant. */
export const tableChannel = (tenantId: number, socketKey: string) => `table:${tenantId}:${socketKey}`;

/** Sends a row change to every table bound to the socket key in the tenant, on every instance. */
export function publishTableUpdate(bus: EventBus, tenantId: number, socketKey: string, row: Record<string, unknown>, caseId = ''): Promise<void> {
  const message: TableSocketMessage = { type: 'update_vxe_table', data: { socketKey, args: [row, caseId] } };
  return bus.publish(tableChannel(tenantId, socketKey), message);
}

/** Calls the client handlers registered for `key` on the tables bound to the socket key. */
export function publishTableCommon(bus: EventBus, tenantId: number, socketKey: string, key: string, args: unknown[]): Promise<void> {
  const message: TableSocketMessage = { type: 'common_send_date', data: { key, args } };
  return bus.publish(tableChannel(tenantId, socketKey), message);
}

/** A table that takes live rows: its socket key, the permission code that reads its rows. */
export interface TableSocketKey {
  key: string;
  permission: string;
  /**
   * The row as the database holds it now, for the school; null when there is none. A client's
   * update is only a hint to send this to the others (never the client's own copy).
   */
  load?: (tenantId: number, id: string) => Promise<Record<string, unknown> | null>;
}

/** Sockets one session may hold (tabs of one browser), and frames a socket may send a second. */
export const SOCKETS_PER_SESSION = 8;
export const MESSAGES_PER_SECOND = 20;
/** Close codes: the session ended; too many sockets or frames. */
export const CLOSE_SESSION_ENDED = 4401;
export const CLOSE_POLICY = 1008;

/** Closes the sockets whose session ends (sign-out, password change, freeze, delete), on any instance. */
export function closeWhenSessionsEnd(sessions: AppContext['sessions'], open: ReadonlyMap<WebSocket, { sessionId: string; userId: string }>): void {
  sessions.onRevoked((revoked) => {
    for (const [socket, owner] of open) {
      if (revoked.sessionIds?.includes(owner.sessionId) || revoked.userId === owner.userId) socket.close(CLOSE_SESSION_ENDED, 'session ended');
    }
    // Sessions may have ended while the bus was away: ask the database about each open socket's.
    if (revoked.missed && open.size) {
      const owners = [...open];
      sessions
        .stillLive([...new Set(owners.map(([, owner]) => owner.sessionId))])
        .then((live) => {
          for (const [socket, owner] of owners) if (!live.has(owner.sessionId)) socket.close(CLOSE_SESSION_ENDED, 'session ended');
        })
        .catch(() => {
          // The database is away too; the next delivery reads it again.
        });
    }
  });
}

/**
 * /vxeSocket/{userId}/{pageId}: live rows for editable grids. The session guard has already run
 * (token in `token`, `X-Access-Token` or the Sec-WebSocket-Protocol header); updates reach only
 * sockets of the same tenant bound to the same socket key (`?socketKey=a,b`, or a key the socket
 * sends an update for). A socket binds only to keys the server knows and whose permission the
 * user holds, and each delivery checks that the user still does. Only the server announces rows:
 * a client's update is re-read from the database. Ending the session (sign-out, password change,
 * freeze, delete) closes its sockets at once.
 */
export function tableSocketRoutes(api: FastifyInstance, { bus, sessions, grants }: Pick<AppContext, 'bus' | 'sessions' | 'grants'>, keys: readonly TableSocketKey[]): void {
  const byKey = new Map(keys.map((entry) => [entry.key, entry]));
  const open = new Map<WebSocket, { sessionId: string; userId: string }>();
  closeWhenSessionsEnd(sessions, open);

  api.get<{ Params: { userId: string; pageId: string }; Querystring: { socketKey?: string } }>(
    '/vxeSocket/:userId/:pageId',
    {
      websocket: true,
      config: { self: true },
      preValidation: async (request) => {
        if (authOf(request).userId !== request.params.userId) throw forbidden();
      },
    },
    (socket: WebSocket, request) => {
      const caller = authOf(request);
      const { tenantId, sessionId, userId } = caller;
      if ([...open.values()].filter((owner) => owner.sessionId === sessionId).length >= SOCKETS_PER_SESSION) {
        socket.close(CLOSE_POLICY, 'too many sockets');
        return;
      }
      open.set(socket, { sessionId, userId });
      /** Whether the user may read the key's rows now (grants may have changed since binding). */
      const mayRead = async (entry: TableSocketKey) => actionState(entry.permission, await grants.holderOf(userId)) === 'shown';
      const unsubscribes = new Map<string, () => void>();
      /** Binds the socket to a key it may read; true when bound. */
      const bind = (socketKey: string): boolean => {
        if (unsubscribes.has(socketKey)) return true;
        const entry = byKey.get(socketKey);
        if (!entry || actionState(entry.permission, caller) !== 'shown') return false;
        unsubscribes.set(
          socketKey,
          bus.subscribe(tableChannel(tenantId, socketKey), (message) => {
            void mayRead(entry).then((allowed) => {
              if (allowed && socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
            });
          }),
        );
        return true;
      };
      for (const key of (request.query.socketKey ?? VXE_SOCKET.defaultSocketKey).split(',')) bind(key.trim());

      let windowStart = Date.now();
      let frames = 0;
      socket.on('message', (raw) => {
        const now = Date.now();
        if (now - windowStart >= 1000) {
          windowStart = now;
          frames = 0;
        }
        frames += 1;
        if (frames > MESSAGES_PER_SECOND) {
          socket.close(CLOSE_POLICY, 'too many messages');
          return;
        }
        const message = parseTableMessage(raw.toString());
        if (!message) return;
        if (message.type === 'heart_beat') {
          socket.send(JSON.stringify({ type: 'heart_beat', data: true }));
        } else if (message.type === 'update_vxe_table' && bind(message.data.socketKey)) {
          // A hint that a row changed: the others get the row as committed, if it exists.
          const entry = byKey.get(message.data.socketKey)!;
          const id = message.data.args[0].id;
          if (!entry.load || typeof id !== 'string' || id.length > 64) return;
          void mayRead(entry)
            .then(async (allowed) => (allowed ? entry.load!(tenantId, id) : null))
            .then((row) => (row ? publishTableUpdate(bus, tenantId, entry.key, row, message.data.args[1]) : undefined))
            .catch(() => {});
        }
      });
      socket.on('close', () => {
        open.delete(socket);
        for (const unsubscribe of unsubscribes.values()) unsubscribe();
        unsubscribes.clear();
      });
    },
  );
}
