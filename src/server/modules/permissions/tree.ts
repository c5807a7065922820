import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { buildTree } from '@shared/tree';
import type { Executor } from '../../db/client';
import { permissions } from '../../db/schema';
import { alive } from '../../db/work';

export type PermissionRow = typeof permissions.$inferSelect;

/** Every live permission row (menus and buttons) in menu order; with a school, the product's and that school's own (its online forms). */
export function allPermissionRows(db: Executor, tenantId?: number): Promise<PermissionRow[]> {
  const school = tenantId === undefined ? undefined : or(isNull(permissions.tenantId), eq(permissions.tenantId, tenantId));
  return db
    .select()
    .from(permissions)
    .where(and(alive(permissions), school))
    .orderBy(asc(permissions.sortNo), asc(permissions.id));
}

/** The whole menu/permission tree in the node shape a screen wants, plus every id (`{treeList, ids}`). */
export async function permissionTree<N>(db: Executor, toNode: (row: PermissionRow, children: N[] | null) => N, tenantId?: number): Promise<{ treeList: N[]; ids: string[] }> {
  const rows = await allPermissionRows(db, tenantId);
  return { treeList: buildTree(rows, toNode), ids: rows.map((row) => row.id) };
}
