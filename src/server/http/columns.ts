import { and, eq, like } from 'drizzle-orm';
import { hiddenColumns } from '@shared/permissions';
import type { Executor } from '../db/client';
import { permissions } from '../db/schema';
import { grantedPermissionRows } from '../modules/auth/codes';
import { buttonEntries } from '../modules/permissions/menu';

/**
 * The data columns (type '1' entries under `prefix`, e.g. `user:col:`) hidden from this user, by
 * the same shared rule the grid applies: hiding is enforced in API answers, not only on screen.
 */
export async function hiddenColumnsFor(db: Executor, userId: string, prefix: string): Promise<Set<string>> {
  const pattern = `${prefix.replace(/[%_\\]/g, '\\$&')}%`;
  const [granted, all] = await Promise.all([
    grantedPermissionRows(db, userId),
    db.select().from(permissions).where(and(eq(permissions.menuType, 2), eq(permissions.delFlag, 0), like(permissions.perms, pattern))),
  ]);
  const { auth, allAuth } = buttonEntries(granted, all);
  return hiddenColumns(prefix, auth, allAuth);
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
