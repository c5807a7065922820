/**
 * Greeting by hour, as the spec states: before 9 morning, until 11 forenoon, until 13 noon,
 * before 20 afternoon, otherwise evening.
 */
export type GreetingKey = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

export function greetingForHour(hour: number): GreetingKey {
  if (hour < 9) return 'morning';
  if (hour <= 11) return 'forenoon';
  if (hour <= 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
}
