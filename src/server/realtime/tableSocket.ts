import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { parseTableMessage, VXE_SOCKET, type TableSocketMessage } from '@shared/grid/socket';
import { actionState } from '@shared/permissions';
import { authOf } from '../http/auth';
import { forbidden } from '../http/envelope';
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

/** A table that takes live rows: its socket key and the permission code that reads its rows. */
export interface TableSocketKey {
  key: string;
  permission: string;
}

/**
 * /vxeSocket/{userId}/{pageId}: live rows for editable grids. The session guard has already run
 * (token in `token`, `X-Access-Token` or the Sec-WebSocket-Protocol header); updates reach only
 * sockets of the same tenant bound to the same socket key (`?socketKey=a,b`, or a key the socket
 * sends an update for). A socket binds only to keys the server knows and whose permission the
 * user holds: rows of a screen the user may not open never reach them, and they cannot push
 * changes into other people's tables of it.
 */
export function tableSocketRoutes(api: FastifyInstance, bus: EventBus, keys: readonly TableSocketKey[]): void {
  const permissionOf = new Map(keys.map((entry) => [entry.key, entry.permission]));
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
      const { tenantId } = caller;
      const unsubscribes = new Map<string, () => void>();
      /** Binds the socket to a key it may read; true when bound. */
      const bind = (socketKey: string): boolean => {
        if (unsubscribes.has(socketKey)) return true;
        const permission = permissionOf.get(socketKey);
        if (permission === undefined || actionState(permission, caller) !== 'shown') return false;
        unsubscribes.set(
          socketKey,
          bus.subscribe(tableChannel(tenantId, socketKey), (message) => {
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
          }),
        );
        return true;
      };
      for (const key of (request.query.socketKey ?? VXE_SOCKET.defaultSocketKey).split(',')) bind(key.trim());

      socket.on('message', (raw) => {
        const message = parseTableMessage(raw.toString());
        if (!message) return;
        if (message.type === 'heart_beat') {
          socket.send(JSON.stringify({ type: 'heart_beat', data: true }));
        } else if (message.type === 'update_vxe_table' && bind(message.data.socketKey)) {
          void publishTableUpdate(bus, tenantId, message.data.socketKey, message.data.args[0], message.data.args[1]);
        }
      });
      socket.on('close', () => {
        for (const unsubscribe of unsubscribes.values()) unsubscribe();
        unsubscribes.clear();
      });
    },
  );
}
