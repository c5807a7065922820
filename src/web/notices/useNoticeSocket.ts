import { useEffect } from 'react';
import { STORAGE_KEYS } from '@shared/constants';
import { NOTICE_SOCKET, type NoticeMessage } from '@shared/notices';
import { announceChanges, API_BASE } from '@web/api/client';
import { local } from '@web/lib/storage';
import { useDataVersion } from '@web/stores/dataVersion';
import { useSession } from '@web/stores/session';
import { translate } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { useNotices } from './store';

function parse(text: string): NoticeMessage | null {
  try {
    const value = JSON.parse(text) as Partial<NoticeMessage>;
    return typeof value?.cmd === 'string' ? (value as NoticeMessage) : null;
  } catch {
    return null;
  }
}

/**
 * The notice feed kept current: loaded once, then reloaded whenever /websocket/{userId} says an
 * announcement was released or revoked (`topic`, `user`). The socket reconnects 5 s after an
 * error or close and sends a heartbeat every 20 s; while it is down the feed is polled every 6 s,
 * and the polling stops at the first load that fails (signed out, server away) — the spec's rules.
 */
export function useNoticeSocket(): void {
  const userId = useSession((state) => state.userInfo?.id);
  useEffect(() => {
    if (!userId) return;
    const { load } = useNotices.getState();
    let socket: WebSocket | null = null;
    let heartbeat: number | undefined;
    let reconnect: number | undefined;
    let poll: number | undefined;
    let stopped = false;
    let opened = false;

    const reload = () => {
      useDataVersion.getState().bump('notices');
      return load();
    };
    const stopPolling = () => {
      window.clearInterval(poll);
      poll = undefined;
    };
    const startPolling = () => {
      if (poll !== undefined || stopped) return;
      poll = window.setInterval(() => {
        void load().then((loaded) => {
          if (!loaded) stopPolling();
        });
      }, NOTICE_SOCKET.pollMs);
    };
    const scheduleReconnect = () => {
      window.clearInterval(heartbeat);
      startPolling();
      if (stopped || reconnect !== undefined) return;
      reconnect = window.setTimeout(() => {
        reconnect = undefined;
        connect();
      }, NOTICE_SOCKET.reconnectMs);
    };
    const connect = () => {
      if (stopped) return;
      const token = local.get<string>(STORAGE_KEYS.token);
      if (!token) {
        scheduleReconnect();
        return;
      }
      const origin = window.location.origin.replace(/^http/, 'ws');
      // Browsers cannot send headers on a WebSocket: the token travels as the sub-protocol.
      const current = new WebSocket(`${origin}${API_BASE}/websocket/${encodeURIComponent(userId)}`, [token]);
      socket = current;
      current.onopen = () => {
        stopPolling();
        // What was released while the socket was down (the first time, the feed was just loaded).
        if (opened) void reload();
        opened = true;
        heartbeat = window.setInterval(() => current.readyState === WebSocket.OPEN && current.send('HeartBeat'), NOTICE_SOCKET.heartbeatMs);
      };
      current.onmessage = (event) => {
        const message = parse(String(event.data));
        // Lists that work after an answer changed (an outbox delivery, a job) reload as after a request.
        if (message?.cmd === 'changed') return announceChanges(message.kinds?.join(',') ?? null);
        if (message?.cmd !== 'topic' && message?.cmd !== 'user') return;
        // A new one (not a revocation) is told at once, unless the user turned that off.
        void reload().then(() => {
          const arrived = [...useNotices.getState().feed.anntMsgList, ...useNotices.getState().feed.sysMsgList].find((notice) => notice.id === message.msgId);
          if (arrived && (useSession.getState().userInfo?.noticePrefs?.toast ?? true))
            toast.info(translate('notices.arrived'), { description: arrived.titile, action: { label: translate('notices.view'), onClick: () => useNotices.getState().open(arrived) } });
        });
      };
      current.onclose = () => {
        if (socket === current) scheduleReconnect();
      };
      current.onerror = () => current.close();
    };

    void load();
    connect();
    return () => {
      stopped = true;
      stopPolling();
      window.clearInterval(heartbeat);
      window.clearTimeout(reconnect);
      socket?.close();
      useNotices.getState().reset();
    };
  }, [userId]);
}
