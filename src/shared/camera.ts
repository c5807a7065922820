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

export const cameraMediaSigningText = (serial: string, timestamp: string, sha256Hex: string) => `${serial}|${timestamp}\n${sha256Hex}`;

export const cameraEventsSigningText = (serial: string, timestamp: string, events: readonly CameraEvent[]) =>
  [
    `${serial}|${timestamp}`,
    ...events.map((event) => `${event.eventNo}|${event.eventType}|${event.startTime}|${event.endTime ?? ''}|${event.snapshot ?? ''}|${event.recording ?? ''}|${event.memberNo ?? ''}`),
  ].join('\n');

/** A picture or a video by its first bytes (JPEG, PNG, MP4, WebM), whatever its sender says; null for anything else. */
export function mediaKindOf(bytes: Uint8Array): { type: string; extension: string } | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0xff, 0xd8, 0xff)) return { type: 'image/jpeg', extension: 'jpg' };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { type: 'image/png', extension: 'png' };
  if (starts(0x1a, 0x45, 0xdf, 0xa3)) return { type: 'video/webm', extension: 'webm' };
  if (bytes.length > 12 && bytes[4] === 0x66 && bytes[5] === 0x74 && bytes[6] === 0x79 && bytes[7] === 0x70) return { type: 'video/mp4', extension: 'mp4' };
  return null;
}
