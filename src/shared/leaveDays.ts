import { addDays, dayIn, parseSchoolTime } from './schoolTime';

/** A school day's two halves on the school's clock: the morning's lessons and the afternoon's. */
const HALVES = [
  ['06:00:00', '12:00:00'],
  ['12:00:00', '18:00:00'],
] as const;

/**
 * The days a leave covers, in halves of the school's days (DOMAIN 2.5 天数): each morning
 * (06:00–12:00) and afternoon (12:00–18:00) it overlaps counts 0.5, on the school's clock whatever
 * the server's zone; a leave within an evening counts half a day. Null when it ends before it starts.
 */
export function leaveDays(zone: string, start: Date, end: Date): number | null {
  if (end.getTime() <= start.getTime()) return null;
  let halves = 0;
  for (let day = dayIn(zone, start), last = dayIn(zone, end); day <= last; day = addDays(day, 1)) {
    for (const [from, to] of HALVES) {
      const opens = parseSchoolTime(zone, `${day} ${from}`)!.getTime();
      const closes = parseSchoolTime(zone, `${day} ${to}`)!.getTime();
      if (start.getTime() < closes && end.getTime() > opens) halves += 1;
    }
  }
  return Math.max(halves, 1) / 2;
}
