import { useSession } from '@web/stores/session';

/** How many uses are remembered per user. */
const KEEP = 30;
const HALF_LIFE_MS = 3 * 24 * 60 * 60 * 1000;

interface Use {
  count: number;
  last: number;
}

const keyOf = () => `ccu-palette-recent:${useSession.getState().username ?? ''}`;

function read(): Record<string, Use> {
  try {
    return JSON.parse(localStorage.getItem(keyOf()) ?? '{}') as Record<string, Use>;
  } catch {
    return {};
  }
}

/** Frecency: uses weighted by how recent they are (halving every 3 days). */
export function frecency(use: Use | undefined, now = Date.now()): number {
  if (!use) return 0;
  return use.count * Math.pow(0.5, (now - use.last) / HALF_LIFE_MS);
}

/** Remembers that the user picked an entry (per user, in this browser). */
export function recordUse(entryId: string): void {
  const uses = read();
  const previous = uses[entryId];
  uses[entryId] = { count: (previous?.count ?? 0) + 1, last: Date.now() };
  const kept = Object.entries(uses)
    .sort(([, a], [, b]) => frecency(b) - frecency(a))
    .slice(0, KEEP);
  localStorage.setItem(keyOf(), JSON.stringify(Object.fromEntries(kept)));
}

/** Frecency of every remembered entry. */
export function recentScores(): Map<string, number> {
  const now = Date.now();
  return new Map(Object.entries(read()).map(([id, use]) => [id, frecency(use, now)]));
}
