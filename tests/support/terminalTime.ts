import { SEED_MEALS } from '@server/db/seed/meals';
import { dateTimeIn } from '@shared/schoolTime';

/**
 * A terminal payment's time of no meal, whenever the tests run: the school's wall clock now, or —
 * inside one of the seeded meal windows — the minute before that window opened (the same day: the
 * earliest opens at 06:30). A terminal's payment takes its meal from the window at its time, and a
 * meal's discount would change what the tests expect to be charged.
 */
export function timeOutsideMeals(zone: string, at: Date = new Date()): string {
  const now = dateTimeIn(zone, at);
  const clock = now.slice(11, 16);
  const meal = SEED_MEALS.find(([, , start, end]) => start <= clock && clock <= end);
  if (!meal) return now;
  const [hours, minutes] = meal[2].split(':').map(Number) as [number, number];
  const before = hours * 60 + minutes - 1;
  return `${now.slice(0, 11)}${String(Math.floor(before / 60)).padStart(2, '0')}:${String(before % 60).padStart(2, '0')}:00`;
}
