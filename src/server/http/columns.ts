import { hiddenColumns } from '@shared/permissions';
import type { AuthContext } from './auth';

/**
 * The data columns (type '1' entries under `prefix`, e.g. `user:col:`) hidden from the caller, by
 * the same shared rule the grid applies: hiding is enforced in API answers, not only on screen.
 */
export function hiddenColumnsOf(caller: Pick<AuthContext, 'auth' | 'allAuth'>, prefix: string): Set<string> {
  return hiddenColumns(prefix, caller.auth, caller.allAuth);
}

/** Removes hidden columns (and their `_dictText` translations) from each record. */
export function stripColumns<T extends Record<string, unknown>>(records: readonly T[], hidden: ReadonlySet<string>): T[] {
  if (hidden.size === 0) return [...records];
  return records.map((record) => {
    const copy: Record<string, unknown> = { ...record };
    for (const column of hidden) {
      delete copy[column];
      delete copy[`${column}_dictText`];
    }
    return copy as T;
  });
}
