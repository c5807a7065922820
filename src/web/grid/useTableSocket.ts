import { useEffect, useRef } from 'react';
import { STORAGE_KEYS } from '@shared/constants';
import { parseTableMessage, VXE_SOCKET } from '@shared/grid/socket';
import { API_BASE } from '@web/api/client';
import { local } from '@web/lib/storage';
import { useSession } from '@web/stores/session';

/** Live-row socket state, for the screen to show. */
export type SocketState = 'connecting' | 'open' | 'closed';

/**
 * /vxeSocket/{userId}/{pageId}: heartbeat every 10 s, reconnect when no reply within 6 s, and 5 s
 * after an error or close, one attempt at a time. Updates for the socket key reach `onUpdate`.
 */
export function useTableSocket(options: {
  socketKey: string;
  onUpdate(row: Record<string, unknown>, caseId: string): void;
  onState?(state: SocketState): void;
  /** common_send_date: server messages by key, each handler called with the message's args. */
  commonHandlers?: Readonly<Record<string, (...args: unknown[]) => void>>;
}): void {
  const userId = useSession((state) => state.userInfo?.id);
  const handlers = useRef(options);
  handlers.current = options;

  useEffect(() => {
    if (!userId) return;
    const pageId = crypto.randomUUID();
    let socket: WebSocket | null = null;
    let heartbeat: number | undefined;
    let deadline: number | undefined;
    let reconnect: number | undefined;
    let stopped = false;

    const clearTimers = () => {
      window.clearTimeout(heartbeat);
      window.clearTimeout(deadline);
    };
    const scheduleReconnect = () => {
      clearTimers();
      handlers.current.onState?.('closed');
      if (stopped || reconnect !== undefined) return;
      reconnect = window.setTimeout(() => {
        reconnect = undefined;
        connect();
      }, VXE_SOCKET.reconnectMs);
    };
    const beat = () => {
      if (socket?.readyState !== WebSocket.OPEN) return;
      socket.send(JSON.stringify({ type: 'heart_beat', data: '' }));
      // No answer within 6 s: the connection is dead even if the browser has not noticed, so the
      // reconnect starts now rather than when a late close event arrives.
      deadline = window.setTimeout(() => {
        const dead = socket;
        socket = null;
        dead?.close();
        scheduleReconnect();
      }, VXE_SOCKET.heartbeatTimeoutMs);
    };
    const connect = () => {
      if (stopped) return;
      const token = local.get<string>(STORAGE_KEYS.token);
      // Signed out for a moment (another tab renewing the session): try again later.
      if (!token) {
        scheduleReconnect();
        return;
      }
      handlers.current.onState?.('connecting');
      const origin = window.location.origin.replace(/^http/, 'ws');
      const url = `${origin}${API_BASE}/vxeSocket/${encodeURIComponent(userId)}/${pageId}?socketKey=${encodeURIComponent(handlers.current.socketKey)}`;
      // Browsers cannot send headers on a WebSocket: the token travels as the sub-protocol.
      const current = new WebSocket(url, [token]);
      socket = current;
      current.onopen = () => {
        handlers.current.onState?.('open');
        beat();
      };
      current.onmessage = (event) => {
        const message = parseTableMessage(String(event.data));
        if (!message) return;
        if (message.type === 'heart_beat') {
          window.clearTimeout(deadline);
          heartbeat = window.setTimeout(beat, VXE_SOCKET.heartbeatMs);
        } else if (message.type === 'update_vxe_table' && message.data.socketKey === handlers.current.socketKey) {
          handlers.current.onUpdate(message.data.args[0], message.data.args[1]);
        } else if (message.type === 'common_send_date') {
          handlers.current.commonHandlers?.[message.data.key]?.(...message.data.args);
        }
      };
      current.onclose = () => {
        if (socket === current) scheduleReconnect();
      };
      current.onerror = () => current.close();
    };

    connect();
    return () => {
      stopped = true;
      clearTimers();
      window.clearTimeout(reconnect);
      socket?.close();
    };
  }, [userId]);
}
