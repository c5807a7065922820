import { addDays } from './schoolTime';

/** What of a meal's configuration (餐次配置, DOMAIN.md 6.8) decides when it may be ordered and cancelled. */
export interface MealOrderRule {
  /** order_mode: 1 提前n天 · 2 按周. */
  orderMode: string;
  /** 提前天数; for 按周 the weekday (1 Monday … 7 Sunday) of the week before. */
  advanceDays: number | null;
  /** `HH:mm`. */
  orderDeadline: string;
  cancelDeadline: string | null;
}

/** ISO weekday of a `YYYY-MM-DD` day: 1 Monday … 7 Sunday. */
function weekdayOf(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/**
 * The school's wall-clock moment (`YYYY-MM-DD HH:mm`) after which a meal on `diningDate` can no
 * longer be ordered (or cancelled): n days ahead at the deadline, or — ordered by the week — on the
 * set weekday of the week before at the deadline.
 */
export function orderCutoff(rule: MealOrderRule, diningDate: string, kind: 'order' | 'cancel'): string {
  const time = kind === 'cancel' ? (rule.cancelDeadline ?? rule.orderDeadline) : rule.orderDeadline;
  let day: string;
  if (rule.orderMode === '2') {
    const monday = addDays(diningDate, 1 - weekdayOf(diningDate));
    const weekday = Math.min(7, Math.max(1, rule.advanceDays ?? 5));
    day = addDays(monday, weekday - 1 - 7);
  } else day = addDays(diningDate, -Math.max(0, rule.advanceDays ?? 0));
  return `${day} ${time}`;
}

/** A meal's window on the school's clock (`HH:mm`). */
export interface MealWindow {
  mealType: string;
  startTime: string;
  endTime: string;
}

/** The meal whose window holds a clock time (DOMAIN.md 6.8), or null between meals (非餐时). */
export function mealAtClock<M extends MealWindow>(meals: readonly M[], clock: string): M | null {
  return meals.find((meal) => meal.startTime <= clock && clock <= meal.endTime) ?? null;
}

/** The days from one to another, both included (at most `limit`). */
export function daysBetween(from: string, to: string, limit = 62): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < limit; day = addDays(day, 1)) days.push(day);
  return days;
}
