/** The notice socket's messages and timings, shared by the server and the header's bell (no schema library: the first screen loads it). */

/**
 * A message of the notice socket (/websocket/{userId}): `topic` for everyone, `user` for some;
 * `changed` to the console only: lists that work after an answer changed (an outbox delivery, a job).
 */
export interface NoticeMessage {
  cmd: 'topic' | 'user' | 'heartcheck' | 'changed';
  msgId?: string;
  msgTxt: string;
  userId?: string;
  /** `changed`: the kinds of data whose lists reload, as X-Changed-Entities names them. */
  kinds?: string[];
}

/** The notice socket's and the notice feed's timings (the spec's: reconnect 5 s, heartbeat 20 s, poll 6 s). */
export const NOTICE_SOCKET = { reconnectMs: 5000, heartbeatMs: 20_000, pollMs: 6000 } as const;
