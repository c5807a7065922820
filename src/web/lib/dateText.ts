import dayjs from 'dayjs';

/** The spec's formats: YYYY-MM-DD, YYYY-MM-DD HH:mm:ss and HH:mm, whatever the browser's locale. */
export type DateKind = 'date' | 'datetime' | 'time';

export const DATE_FORMATS: Readonly<Record<DateKind, string>> = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm' };

/** Where the separators go, by count of digits typed before them. */
const SEPARATORS: Readonly<Record<DateKind, ReadonlyArray<readonly [after: number, separator: string]>>> = {
  date: [
    [4, '-'],
    [6, '-'],
  ],
  datetime: [
    [4, '-'],
    [6, '-'],
    [8, ' '],
    [10, ':'],
    [12, ':'],
  ],
  time: [[2, ':']],
};
const DIGITS: Readonly<Record<DateKind, number>> = { date: 8, datetime: 14, time: 4 };

/**
 * What a field shows while digits are typed: the separators put in as they are reached, so
 * 20261130 reads 2026-11-30 and 1130 reads 11:30. Text with separators of its own is left as
 * typed (2026-1-5 is read when the field is left).
 */
export function maskTyped(kind: DateKind, text: string): string {
  if (!/^\d*$/.test(text)) return text;
  const digits = text.slice(0, DIGITS[kind]);
  let out = '';
  for (let i = 0; i < digits.length; i += 1) {
    const separator = SEPARATORS[kind].find(([after]) => after === i);
    if (separator) out += separator[1];
    out += digits[i];
  }
  return out;
}

/**
 * The text after a keystroke: digits typed at the end get their separators (`maskTyped`);
 * deleting, or editing inside the text, is left as the user made it.
 */
export function typedText(kind: DateKind, previous: string, raw: string, caretAtEnd: boolean): string {
  const digits = raw.replace(/[-: ]/g, '');
  return raw.length >= previous.length && caretAtEnd && /^\d*$/.test(digits) ? maskTyped(kind, digits) : raw;
}

/** The value a field holds for its text: the spec's format once it reads as one, else the text as typed. */
export const valueOfTyped = (kind: DateKind, text: string): string => parseTyped(kind, text) ?? parseTyped(kind, text.replace(/[-: ]/g, '')) ?? text;

const pad = (value: number) => String(value).padStart(2, '0');

function validDate(year: number, month: number, day: number): boolean {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validTime(hour: number, minute: number, second: number): boolean {
  return hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59;
}

/**
 * A typed value in the spec's format, or null when it is not a real date or time (2026-02-31 and
 * 25:61 are refused, never rolled over). Takes what people type: 2026-11-30, 2026/11/30, 2026.11.30,
 * 20261130, 2026-1-5; 11:30, 1130, 930, 9:5; a datetime's time may be left out (00:00:00).
 */
export function parseTyped(kind: DateKind, text: string): string | null {
  const raw = text.trim();
  if (!raw) return null;
  if (kind === 'time') {
    const match = /^(\d{1,2})[:：](\d{1,2})$/.exec(raw) ?? /^(\d{1,2})(\d{2})$/.exec(raw);
    if (!match) return null;
    const [hour, minute] = [Number(match[1]), Number(match[2])];
    return validTime(hour, minute, 0) ? `${pad(hour)}:${pad(minute)}` : null;
  }
  const [datePart = '', timePart = ''] = raw.split(/\s+/, 2);
  const date = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(datePart) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(datePart);
  if (!date) return null;
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  if (!validDate(year, month, day)) return null;
  const day10 = `${year}-${pad(month)}-${pad(day)}`;
  if (kind === 'date') return timePart ? null : day10;
  if (!timePart) return `${day10} 00:00:00`;
  const time = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/.exec(timePart) ?? /^(\d{2})(\d{2})(\d{2})?$/.exec(timePart);
  if (!time) return null;
  const [hour, minute, second] = [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)];
  return validTime(hour, minute, second) ? `${day10} ${pad(hour)}:${pad(minute)}:${pad(second)}` : null;
}

/** A named span of days relative to today (the school's today, as the console shows it). */
export type QuickRange = 'today' | 'yesterday' | 'thisWeek' | 'thisMonth' | 'lastMonth';
export const QUICK_RANGES: readonly QuickRange[] = ['today', 'yesterday', 'thisWeek', 'thisMonth', 'lastMonth'];

/** The first and last day of a quick range, as YYYY-MM-DD; weeks start on Monday, as in China. */
export function quickRange(range: QuickRange, today: string): [string, string] {
  const day = dayjs(today);
  const format = (value: dayjs.Dayjs) => value.format('YYYY-MM-DD');
  switch (range) {
    case 'today':
      return [format(day), format(day)];
    case 'yesterday':
      return [format(day.subtract(1, 'day')), format(day.subtract(1, 'day'))];
    case 'thisWeek': {
      const monday = day.subtract((day.day() + 6) % 7, 'day');
      return [format(monday), format(monday.add(6, 'day'))];
    }
    case 'thisMonth':
      return [format(day.startOf('month')), format(day.endOf('month'))];
    case 'lastMonth': {
      const last = day.subtract(1, 'month');
      return [format(last.startOf('month')), format(last.endOf('month'))];
    }
  }
}

/** The days a month's calendar shows: whole weeks from Monday, with the days of the months beside it. */
export function calendarDays(month: string): string[] {
  const first = dayjs(`${month}-01`);
  const start = first.subtract((first.day() + 6) % 7, 'day');
  const weeks = Math.ceil((((first.day() + 6) % 7) + first.daysInMonth()) / 7);
  return Array.from({ length: weeks * 7 }, (_, index) => start.add(index, 'day').format('YYYY-MM-DD'));
}
