/**
 * How a gate controller signs what it sends (the consumption terminals' scheme): HMAC-SHA256 with
 * its key over `serial|timestamp`, then one line a record `serialNo|cardNo|direction|method|deviceTime`
 * (and `|snapshot` when it names one), as lower-case hex. A snapshot is uploaded first (`/gate/media`,
 * signed as every device's upload: deviceMedia.ts) and named by the path it answered. Shared by the server, the tests and the simulated gate.
 */
export interface GateRecord {
  /** The controller's own number for this pass: a record sent again carries the same one. */
  serialNo: string;
  /** The card's printed or chip number; blank for a face the device could not match. */
  cardNo: string;
  /** 1 进 · 2 出. */
  direction: '1' | '2';
  /** pass_method: 1 刷卡 · 2 人脸 · 3 二维码 · 4 密码 · 5 远程开门 · 6 按钮. */
  method: string;
  /** `YYYY-MM-DD HH:mm:ss` on the controller's clock (the school's wall clock). */
  deviceTime: string;
  /** The path its snapshot's upload answered (`/gate/media`): only its own. */
  snapshot?: string;
}

export function gateSigningText(serial: string, timestamp: string, records: readonly GateRecord[]): string {
  // A snapshot is signed with its record (a record without one signs as before snapshots were taken).
  return [
    `${serial}|${timestamp}`,
    ...records.map((record) => `${record.serialNo}|${record.cardNo}|${record.direction}|${record.method}|${record.deviceTime}${record.snapshot ? `|${record.snapshot}` : ''}`),
  ].join('\n');
}

/** A grant's answer (the controller took it into its list, or could not): `grantId|1` or `grantId|0|reason`. */
export interface GrantAnswer {
  grantId: string;
  success: boolean;
  message?: string;
}

export function grantAnswerSigningText(serial: string, timestamp: string, answers: readonly GrantAnswer[]): string {
  return [`${serial}|${timestamp}`, ...answers.map((answer) => (answer.success ? `${answer.grantId}|1` : `${answer.grantId}|0|${answer.message ?? ''}`))].join('\n');
}

/** Whether a time group lets through at a weekday (1 Monday … 7 Sunday) and a clock time `HH:mm`. */
export function timeGroupAllows(group: { weekdays: string; periods: readonly (readonly [string | null, string | null])[] }, weekday: number, clock: string): boolean {
  if (!group.weekdays.split(',').includes(String(weekday))) return false;
  return group.periods.some(([from, to]) => Boolean(from && to && from.slice(0, 5) <= clock && clock <= to.slice(0, 5)));
}
