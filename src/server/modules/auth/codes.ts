import { and, eq } from 'drizzle-orm';
import { collectCodes } from '@shared/permissions';
import type { Executor } from '../../db/client';
import { permissions, rolePermissions, userRoles } from '../../db/schema';

/**
 * The permission rows granted to a user through their roles: valid, not deleted.
 * Read on every request, so a grant removed from a role takes effect at once.
 */
export async function grantedPermissionRows(db: Executor, userId: string) {
  return db
    .selectDistinct({
      id: permissions.id,
      parentId: permissions.parentId,
      name: permissions.name,
      nameEn: permissions.nameEn,
      perms: permissions.perms,
      permsType: permissions.permsType,
      icon: permissions.icon,
      component: permissions.component,
      componentName: permissions.componentName,
      url: permissions.url,
      redirect: permissions.redirect,
      sortNo: permissions.sortNo,
      menuType: permissions.menuType,
      isRoute: permissions.isRoute,
      keepAlive: permissions.keepAlive,
      hidden: permissions.hidden,
      alwaysShow: permissions.alwaysShow,
      internalOrExternal: permissions.internalOrExternal,
      status: permissions.status,
    })
    .from(permissions)
    .innerJoin(rolePermissions, eq(rolePermissions.permissionId, permissions.id))
    .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
    .where(and(eq(userRoles.userId, userId), eq(permissions.delFlag, 0)));
}

export type GrantedPermission = Awaited<ReturnType<typeof grantedPermissionRows>>[number];

/** The codes a user holds right now (valid rows only). */
export async function permissionCodesOf(db: Executor, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ perms: permissions.perms })
    .from(permissions)
    .innerJoin(rolePermissions, eq(rolePermissions.permissionId, permissions.id))
    .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
    .where(and(eq(userRoles.userId, userId), eq(permissions.delFlag, 0), eq(permissions.status, '1')));
  return collectCodes(rows.map((row) => row.perms));
}
