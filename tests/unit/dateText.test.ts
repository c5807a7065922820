import { describe, expect, it } from 'vitest';
import { calendarDays, maskTyped, parseTyped, quickRange } from '@web/lib/dateText';

describe('typed dates and times in the spec’s formats', () => {
  it('puts the separators in as digits are typed', () => {
    expect(maskTyped('date', '2026')).toBe('2026');
    expect(maskTyped('date', '20261')).toBe('2026-1');
    expect(maskTyped('date', '20261130')).toBe('2026-11-30');
    expect(maskTyped('date', '202611301')).toBe('2026-11-30');
    expect(maskTyped('time', '1130')).toBe('11:30');
    expect(maskTyped('datetime', '20261130081505')).toBe('2026-11-30 08:15:05');
    // Text with separators of its own is left as typed, to be read when the field is left.
    expect(maskTyped('date', '2026-1-5')).toBe('2026-1-5');
  });

  it('reads what people type, and refuses impossible dates instead of rolling them over', () => {
    expect(parseTyped('date', '2026-11-30')).toBe('2026-11-30');
    expect(parseTyped('date', '2026/1/5')).toBe('2026-01-05');
    expect(parseTyped('date', '2026.01.05')).toBe('2026-01-05');
    expect(parseTyped('date', '2026年1月5日')).toBe('2026-01-05');
    expect(parseTyped('date', '20260105')).toBe('2026-01-05');
    expect(parseTyped('date', '2026-02-29')).toBeNull();
    expect(parseTyped('date', '2028-02-29')).toBe('2028-02-29');
    expect(parseTyped('date', '2026-02-31')).toBeNull();
    expect(parseTyped('date', '61201-02-02')).toBeNull();
    expect(parseTyped('time', '1130')).toBe('11:30');
    expect(parseTyped('time', '930')).toBe('09:30');
    expect(parseTyped('time', '9:5')).toBe('09:05');
    expect(parseTyped('time', '25:61')).toBeNull();
    expect(parseTyped('datetime', '2026-11-30')).toBe('2026-11-30 00:00:00');
    expect(parseTyped('datetime', '2026-11-30 8:15')).toBe('2026-11-30 08:15:00');
    expect(parseTyped('datetime', '2026-11-30 25:61:61')).toBeNull();
    expect(parseTyped('date', '')).toBeNull();
  });

  it('spans the quick ranges from Monday weeks and whole months', () => {
    // 2026-11-26 is a Thursday.
    expect(quickRange('today', '2026-11-26')).toEqual(['2026-11-26', '2026-11-26']);
    expect(quickRange('yesterday', '2026-11-26')).toEqual(['2026-11-25', '2026-11-25']);
    expect(quickRange('thisWeek', '2026-11-26')).toEqual(['2026-11-23', '2026-11-29']);
    expect(quickRange('thisWeek', '2026-11-29')).toEqual(['2026-11-23', '2026-11-29']);
    expect(quickRange('thisMonth', '2026-11-26')).toEqual(['2026-11-01', '2026-11-30']);
    expect(quickRange('lastMonth', '2026-03-31')).toEqual(['2026-02-01', '2026-02-28']);
  });

  it('lays a month out in whole weeks from Monday', () => {
    const days = calendarDays('2026-11');
    expect(days[0]).toBe('2026-10-26');
    expect(days).toContain('2026-11-30');
    expect(days.length % 7).toBe(0);
    expect(days.at(-1)).toBe('2026-12-06');
  });
});
