import { parseSchoolTime } from '@shared/schoolTime';

/** How far ahead of the server a device's clock may be. */
const DEVICE_TIME_AHEAD_MS = 5 * 60_000;

/**
 * A device's record time (the school's wall clock): a real time, not ahead of the server by more
 * than a few minutes, not older than the school's offline window — or the refusal to answer.
 */
export function deviceTimeRefusal(school: { timeZone: string; offlineDays: number }, deviceTime: string): { at: Date } | { refusal: string } {
  const occurredAt = parseSchoolTime(school.timeZone, deviceTime);
  if (!occurredAt) return { refusal: `交易时间无效（${deviceTime}）` };
  if (occurredAt.getTime() > Date.now() + DEVICE_TIME_AHEAD_MS) return { refusal: `交易时间晚于服务器时间超过${DEVICE_TIME_AHEAD_MS / 60_000}分钟（${deviceTime}），请校准终端时钟` };
  if (occurredAt.getTime() < Date.now() - school.offlineDays * 86_400_000) return { refusal: `离线交易已超过${school.offlineDays}天的上传期限（${deviceTime}）` };
  return { at: occurredAt };
}
