import { asc, eq } from 'drizzle-orm';
import { buildTree } from '@shared/tree';
import type { Executor } from '../../db/client';
import { permissions } from '../../db/schema';

export type PermissionRow = typeof permissions.$inferSelect;

/** Every live permission row (menus and buttons) in menu order. */
export function allPermissionRows(db: Executor): Promise<PermissionRow[]> {
  return db.select().from(permissions).where(eq(permissions.delFlag, 0)).orderBy(asc(permissions.sortNo), asc(permissions.id));
}

/** The whole menu/permission tree in the node shape a screen wants, plus every id (`{treeList, ids}`). */
export async function permissionTree<N>(db: Executor, toNode: (row: PermissionRow, children: N[] | null) => N): Promise<{ treeList: N[]; ids: string[] }> {
  const rows = await allPermissionRows(db);
  return { treeList: buildTree(rows, toNode), ids: rows.map((row) => row.id) };
}
