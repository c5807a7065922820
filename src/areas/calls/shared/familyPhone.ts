/**
 * How a family phone (亲情话机) signs what it sends, as the terminals and gates do: HMAC-SHA256 with
 * its key over `serial|timestamp`, then the request's own lines, as lower-case hex. Shared by the
 * server and the tests.
 */
export interface CallRecordInput {
  /** The phone's own number for this call: sent again, it carries the same one. */
  serialNo: string;
  /** The card the pupil swiped. */
  cardNo: string;
  /** The number rung. */
  dialled: string;
  /** `YYYY-MM-DD HH:mm:ss` on the phone's clock (the school's wall clock). */
  startTime: string;
  seconds: number;
  video?: boolean;
}

/** A phone takes its numbers (同步) with a take request: `takeSigningText` in deviceTakes.ts. */

/** The text a phone signs to ask whether a card may ring a number. */
export const phoneAskSigningText = (serial: string, timestamp: string, ask: { cardNo: string; dialled: string; video?: boolean }) =>
  `${serial}|${timestamp}\n${ask.cardNo}|${ask.dialled}|${ask.video ? 1 : 0}`;

/** The text a phone signs to post its calls: one line a call. */
export const phoneCallsSigningText = (serial: string, timestamp: string, records: readonly CallRecordInput[]) =>
  [`${serial}|${timestamp}`, ...records.map((record) => `${record.serialNo}|${record.cardNo}|${record.dialled}|${record.startTime}|${record.seconds}|${record.video ? 1 : 0}`)].join('\n');

/** Whole minutes begun: a call of 61 seconds takes two. */
export const minutesOfCall = (seconds: number) => Math.ceil(Math.max(0, seconds) / 60);
