/**
 * How a consumption terminal signs what it sends: HMAC-SHA256 with its key over one line of the
 * header fields and one line per record, each field separated by `|`, as lower-case hex. Shared
 * by the server and by tests (and by terminal vendors, from the README).
 */
export interface TerminalRecord {
  /** The terminal's own number for this payment: retried records carry the same one. */
  serialNo: string;
  /** The card's printed or chip number. */
  cardNo: string;
  /** Integer cents (a served order has none: its order's price is charged, and the field is signed empty). */
  amount?: number;
  /** When the card was tapped, `YYYY-MM-DD HH:mm:ss` on the terminal's clock. */
  deviceTime: string;
  /** The meal (dict meal_type: 1 早餐 · 2 午餐 · 3 晚餐 · 4 夜宵) when the terminal knows it; else the canteen's meal window at `deviceTime`. */
  mealType?: string;
}

/** The text that is signed: `serial|timestamp`, then `serialNo|cardNo|amount|deviceTime` per record (amount
 * empty for a served order), and `|mealType` after it when the record names its meal. */
export function terminalSigningText(serial: string, timestamp: string, records: readonly TerminalRecord[]): string {
  return [`${serial}|${timestamp}`, ...records.map((record) => `${record.serialNo}|${record.cardNo}|${record.amount ?? ''}|${record.deviceTime}${record.mealType ? `|${record.mealType}` : ''}`)].join(
    '\n',
  );
}

/** A device task item's answer (设备下发): taken, or refused with the device's reason. */
export interface PushAnswer {
  itemId: string;
  success: boolean;
  message?: string;
}

/** The text a terminal signs for its task items: `serial|timestamp`, then `itemId|1` (taken) or `itemId|0|reason` per answer. */
export function pushSigningText(serial: string, timestamp: string, answers: readonly PushAnswer[]): string {
  return [`${serial}|${timestamp}`, ...answers.map((answer) => (answer.success ? `${answer.itemId}|1` : `${answer.itemId}|0|${answer.message ?? ''}`))].join('\n');
}

/** A signature older or newer than this (ms) is refused: a captured request cannot be replayed later. */
export const TERMINAL_CLOCK_SKEW_MS = 5 * 60 * 1000;
