/**
 * The sample school's chance: a small seeded generator (mulberry32), so the same day of the same
 * person makes the same choices on every machine, and different days differ.
 */
export interface Chance {
  /** A number in [0, 1). */
  next(): number;
  /** True with probability p. */
  yes(p: number): boolean;
  /** An integer in [low, high]. */
  between(low: number, high: number): number;
  /** One of the items. */
  pick<T>(items: readonly T[]): T;
  /** Minutes after `from` (inclusive) up to `to` (exclusive), most of them near the middle. */
  peak(from: number, to: number): number;
}

/** A seed from any text (FNV-1a). */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function chanceOf(...parts: readonly (string | number)[]): Chance {
  let state = seedOf(parts.join('|'));
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    yes: (p) => next() < p,
    between: (low, high) => low + Math.floor(next() * (high - low + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    // The mean of two draws: a triangle, as a queue at a canteen's window.
    peak: (from, to) => from + Math.floor(((next() + next()) / 2) * (to - from)),
  };
}

/** A time of day, `HH:mm:ss`, from minutes after midnight and a second. */
export const clockOf = (minutes: number, second: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:${String(second).padStart(2, '0')}`;
