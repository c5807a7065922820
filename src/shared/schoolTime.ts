/**
 * A school's own clock: every "day" of the product (accounting dates, daily limits, meal
 * allowances, reports, expiries) is the school's day in the school's time zone, whatever zone the
 * server or the browser runs in. Pure functions over Intl, shared by both halves.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const formats = new Map<string, Intl.DateTimeFormat>();
/** Intl formatters are costly to build: one per zone, kept. */
function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formats.set(zone, format);
  }
  return format;
}

/** True for a zone name the runtime knows (`Asia/Shanghai`, `UTC`, `Europe/Berlin`…). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_+\-/0-9]{1,64}$/.test(zone)) return false;
  try {
    formatOf(zone);
    return true;
  } catch {
    return false;
  }
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Each zone's offset from UTC by the minute it was asked for: a zone changes its offset only on a
 * whole minute (every transition since 1970), so the parts of any instant of that minute are the
 * UTC parts of the instant moved by it. Formatting is what a payment's hot path paid most for.
 */
const offsets = new Map<string, number>();
const MINUTE = 60_000;

function partsIn(zone: string, at: Date): Parts {
  const time = at.getTime();
  const minute = Math.floor(time / MINUTE);
  const key = `${zone}@${minute}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const parts: Record<string, number> = {};
    for (const part of formatOf(zone).formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
    offset = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(time / 1000) * 1000;
    // Before 1970 a zone's offset could have seconds and change within a minute: not kept.
    if (time >= 0) {
      if (offsets.size >= 4096) offsets.clear();
      offsets.set(key, offset);
    }
  }
  const wall = new Date(Math.floor(time / 1000) * 1000 + offset);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes(), second: wall.getUTCSeconds() };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The school's date of an instant: `YYYY-MM-DD`. */
export function dayIn(zone: string, at: Date = new Date()): string {
  const p = partsIn(zone, at);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The school's wall-clock time of an instant: `YYYY-MM-DD HH:mm:ss`. */
export function dateTimeIn(zone: string, at: Date = new Date()): string {
  const p = partsIn(zone, at);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** The school's clock time (`HH:mm`) of an instant: what picks a meal. */
export function clockIn(zone: string, at: Date = new Date()): string {
  const p = partsIn(zone, at);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(zone: string, at: number): number {
  const p = partsIn(zone, new Date(at));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A wall-clock time in the school's zone (`YYYY-MM-DD HH:mm:ss`, as a terminal sends it) as an
 * instant; null when it is not a real time (`2026-02-31 25:61:61`): never normalised to another day.
 */
export function parseSchoolTime(zone: string, text: string): Date | null {
  const match = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)$/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // Twice: the offset at the guess may differ from the offset at the answer across a DST change.
  let at = wall - offsetAt(zone, wall);
  at = wall - offsetAt(zone, at);
  return new Date(at);
}

/** The first instant of the school's day that holds `at`. */
export function startOfSchoolDay(zone: string, at: Date = new Date()): Date {
  return parseSchoolTime(zone, `${dayIn(zone, at)} 00:00:00`)!;
}

/** A date (`YYYY-MM-DD`) plus whole days, as a date. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** A date (`YYYY-MM-DD`) plus whole months (the 31st becomes the month's last day). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) + months;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(date, daysIn(y, m)))}`;
}

/** The weekday of a date: 1 Monday … 7 Sunday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
}
