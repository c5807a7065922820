import { eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../client';
import { permissions, rolePermissions, roles } from '../schema';

type PermissionRow = typeof permissions.$inferInsert & { id: string };

/**
 * Brings an installed database's menu up to the product's: the screens and buttons a release
 * added since the database was seeded are inserted under their parents and granted to every
 * school's 系统管理员 (who grant them on from there), so an upgrade shows them. A row already
 * there, by its permission code, is left as the administrators made it: renamed, moved or deleted.
 * `rows` is the menu seed, parents before their children. Answers how many rows were added.
 */
export async function addMissingMenu(db: Database, rows: readonly PermissionRow[]): Promise<number> {
  return db.transaction(async (tx) => {
    const known = await tx.select({ id: permissions.id, perms: permissions.perms }).from(permissions).where(isNotNull(permissions.perms));
    const byCode = new Map(known.map((row) => [row.perms!, row.id]));
    // The seed's fresh ids → the ids rows have in this database.
    const placed = new Map<string, string>();
    const added: PermissionRow[] = [];
    for (const row of rows) {
      const existing = row.perms ? byCode.get(row.perms) : undefined;
      if (existing) {
        placed.set(row.id, existing);
        continue;
      }
      const parentId = row.parentId ? placed.get(row.parentId) : null;
      // A parent an administrator deleted takes its new children with it.
      if (row.parentId && !parentId) continue;
      placed.set(row.id, row.id);
      added.push({ ...row, parentId });
    }
    if (!added.length) return 0;
    await tx.insert(permissions).values(added);
    // A screen that gains buttons is no longer a leaf.
    for (const parentId of new Set(added.map((row) => row.parentId).filter((id): id is string => Boolean(id)))) await tx.update(permissions).set({ isLeaf: false }).where(eq(permissions.id, parentId));
    // A school never sees a platform-only screen it was granted: the menu answer leaves those out.
    const admins = await tx.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, 'admin'));
    if (admins.length) await tx.insert(rolePermissions).values(admins.flatMap((admin) => added.map((row) => ({ roleId: admin.id, permissionId: row.id }))));
    return added.length;
  });
}
