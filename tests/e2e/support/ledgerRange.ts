import { addDays, dayIn } from '../../../src/shared/schoolTime';

/**
 * The query of the ledger lists' range over the school's last seven days: a list of the ledger
 * without a range is today's, empty before the day's first recharge and breakfast.
 */
export function lastWeek(): string {
  const today = dayIn('Asia/Shanghai');
  return `postedAt_begin=${addDays(today, -6)}&postedAt_end=${today}`;
}
