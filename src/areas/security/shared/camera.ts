/**
 * How a camera signs what it sends, as the terminals, gates and phones do: HMAC-SHA256 with its key
 * over `serial|timestamp` and the request's own lines, as lower-case hex. An upload signs the
 * SHA-256 of its bytes. Shared by the server and the tests.
 */
export interface CameraEvent {
  /** The camera's own number for the event: sent again, it carries the same one. */
  eventNo: string;
  /** video_event: 1 人脸抓拍 · 2 陌生人 · 3 越界/区域入侵 · 4 人员聚集 · 5 烟火 · 6 门禁联动 · 7 手动录像. */
  eventType: string;
  /** `YYYY-MM-DD HH:mm:ss` on the camera's clock (the school's wall clock). */
  startTime: string;
  endTime?: string;
  /** Paths the camera's uploads answered. */
  snapshot?: string;
  recording?: string;
  /** The person a face was matched to (学号/工号). */
  memberNo?: string;
}

/** A camera's upload is signed as every device's (deviceMedia.ts). */
export { mediaSigningText as cameraMediaSigningText } from '@shared/deviceMedia';

export const cameraEventsSigningText = (serial: string, timestamp: string, events: readonly CameraEvent[]) =>
  [
    `${serial}|${timestamp}`,
    ...events.map((event) => `${event.eventNo}|${event.eventType}|${event.startTime}|${event.endTime ?? ''}|${event.snapshot ?? ''}|${event.recording ?? ''}|${event.memberNo ?? ''}`),
  ].join('\n');
