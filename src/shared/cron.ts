import { Cron } from 'croner';
import { DEFAULT_TIME_ZONE } from './schoolTime';

/** The largest value of each field of a six-part expression: second, minute, hour, day, month, weekday. */
const FIELD_MAX = [59, 59, 23, 31, 12, 7];

/**
 * A schedule as Quartz writes it (JeecgBoot's examples: `0/5 * * * * ?`, `0 0 2 * * ?`) or as cron
 * does (five parts), read by croner. Quartz's `a/step` (from a, every step) becomes `a-max/step`,
 * and its `?` ("no particular day", in the day or the weekday field) becomes `*`: croner reads two
 * restricted day fields as either-or, so `0 40 3 ? * SUN` would otherwise run every day.
 */
export function cronOf(expression: string): Cron {
  // The installation's jobs run on the schools' clock (2 点 is 2 o'clock in the school), not the server's.
  const parts = expression.trim().split(/\s+/);
  const fields = parts.length >= 6 ? parts : ['0', ...parts];
  const normalised = fields.map((part, index) => (part === '?' ? '*' : part.replace(/^(\d+)\/(\d+)$/, (_, from: string, step: string) => `${from}-${FIELD_MAX[index] ?? 59}/${step}`)));
  return new Cron(normalised.join(' '), { paused: true, timezone: DEFAULT_TIME_ZONE });
}

/** Whether croner reads the expression, and the next `count` times it names after `from` (empty when it never runs). */
export function nextRuns(expression: string, count: number, from = new Date()): Date[] | null {
  try {
    return cronOf(expression).nextRuns(count, from);
  } catch {
    return null;
  }
}
