/**
 * The meal a clock time belongs to (dict `meal_type`: 1 早餐 · 2 午餐 · 3 晚餐 · 4 夜宵), by the
 * usual ends of each (DOMAIN.md §0, S2 T_MEALTYPE: 早餐 ≤ 10:00, 午餐 ≤ 14:00, 晚餐 ≤ 20:00, 夜宵 after).
 */
export function mealOfClock(clock: string): string {
  if (clock <= '10:00') return '1';
  if (clock <= '14:00') return '2';
  if (clock <= '20:00') return '3';
  return '4';
}
