import { get, post } from '@web/api/client';

const HALF_LIFE_MS = 3 * 24 * 60 * 60 * 1000;

interface Use {
  count: number;
  last: number;
}

/**
 * The signed-in user's palette uses, as the server keeps them (so they follow the user to another
 * computer): read at sign-in, each new use told to it and counted here at once.
 */
let uses = new Map<string, Use>();

/** Reads the user's uses from the server (at sign-in); the palette ranks without them until they are here. */
export async function loadPaletteUses(): Promise<void> {
  try {
    const rows = await get<{ entryId: string; count: number; last: number }[]>('/sys/palette/uses', undefined, { silent: true });
    uses = new Map(rows.map((row) => [row.entryId, { count: row.count, last: row.last }]));
  } catch {
    uses = new Map();
  }
}

/** Frecency: uses weighted by how recent they are (halving every 3 days). */
export function frecency(use: Use | undefined, now = Date.now()): number {
  if (!use) return 0;
  return use.count * Math.pow(0.5, (now - use.last) / HALF_LIFE_MS);
}

/** Remembers that the user picked an entry: here at once, on the server behind it. */
export function recordUse(entryId: string): void {
  const previous = uses.get(entryId);
  uses.set(entryId, { count: (previous?.count ?? 0) + 1, last: Date.now() });
  void post('/sys/palette/use', { entryId }, { silent: true }).catch(() => undefined);
}

/** The remembered entries, the last used first (the palette's 最近使用 group). */
export function recentlyUsed(): string[] {
  return [...uses].sort(([, a], [, b]) => b.last - a.last).map(([id]) => id);
}

/** Frecency of every remembered entry (how the palette ranks what a query matches). */
export function recentScores(): Map<string, number> {
  const now = Date.now();
  return new Map([...uses].map(([id, use]) => [id, frecency(use, now)]));
}
