import { describe, expect, it } from 'vitest';
import { leaveDays } from '@shared/leaveDays';

const BEIJING = 'Asia/Shanghai';
/** A Beijing wall-clock time as an instant. */
const at = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);

describe('leaveDays (请假天数 in the school’s half days)', () => {
  it.each([
    ['2026-11-26 08:00', '2026-11-26 12:00', 0.5],
    ['2026-11-26 13:30', '2026-11-26 17:00', 0.5],
    ['2026-11-26 08:00', '2026-11-26 17:30', 1],
    ['2026-11-26 14:00', '2026-11-27 11:00', 1],
    ['2026-11-26 08:00', '2026-11-28 18:00', 3],
    // An evening (a boarder out after supper) is half a day, not nothing.
    ['2026-11-26 19:00', '2026-11-26 21:00', 0.5],
  ])('%s → %s is %s days', (from, to, days) => {
    expect(leaveDays(BEIJING, at(from), at(to))).toBe(days);
  });

  it('counts the school’s day, not the server’s: a Beijing morning is one half wherever the server runs', () => {
    expect(leaveDays(BEIJING, new Date('2026-11-26T00:30:00Z'), new Date('2026-11-26T03:30:00Z'))).toBe(0.5);
  });

  it('refuses a leave that ends before it starts', () => {
    expect(leaveDays(BEIJING, at('2026-11-26 12:00'), at('2026-11-26 08:00'))).toBeNull();
  });
});
