import { describe, expect, it } from 'vitest';
import { clockIn, dateTimeIn, dayIn, parseSchoolTime } from '@shared/schoolTime';

/** The wall clock as Intl itself gives it, with no kept offsets: what the school's clock must agree with. */
const references = new Map<string, Intl.DateTimeFormat>();
function intlWallClock(zone: string, at: Date): string {
  const format =
    references.get(zone) ??
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  references.set(zone, format);
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

// A fixed zone, zones with summer time, one that moves by half an hour (Lord Howe) and one that moved at 00:01 (St John's).
const ZONES = ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'America/St_Johns', 'UTC'];

describe("the school's clock", () => {
  it('agrees with Intl at instants every five minutes or so around each summer-time change and at instants across decades', () => {
    for (const zone of ZONES) {
      const instants: number[] = [];
      // Every 307 seconds (an odd step: every minute's second in turn) of the days around 2026's changes (late March / early April, October / November).
      for (const day of ['2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01', '2010-03-14', '2011-11-06'])
        for (let second = -86_400; second < 2 * 86_400; second += 307) instants.push(Date.parse(`${day}T00:00:00Z`) + second * 1000 + (second % 1000));
      // And spread over 1970–2060.
      for (let at = 0; at < Date.parse('2060-01-01T00:00:00Z'); at += 7_777_777_777) instants.push(at);
      for (const at of instants) {
        const wall = intlWallClock(zone, new Date(at));
        expect(dateTimeIn(zone, new Date(at)), `${zone} ${new Date(at).toISOString()}`).toBe(wall);
        expect(dayIn(zone, new Date(at))).toBe(wall.slice(0, 10));
        expect(clockIn(zone, new Date(at))).toBe(wall.slice(11, 16));
      }
    }
  });

  it('reads a wall-clock time back as the instant that shows it', () => {
    for (const zone of ZONES)
      for (let at = Date.parse('2026-03-28T00:00:00Z'); at < Date.parse('2026-04-06T00:00:00Z'); at += 1_234_567) {
        const wall = dateTimeIn(zone, new Date(at));
        expect(dateTimeIn(zone, parseSchoolTime(zone, wall)!)).toBe(wall);
      }
    expect(parseSchoolTime('Asia/Shanghai', '2026-02-31 12:00:00')).toBeNull();
  });
});
