import { and, eq, inArray } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { collectCodes } from '@shared/permissions';
import type { Executor } from '../../db/client';
import { departmentRolePermissions, departmentRoleUsers, permissions, rolePermissions, userRoles } from '../../db/schema';

/** Ids of the permissions granted to a user through their roles and their department roles. */
function grantedIds(db: Executor, userId: string) {
  return union(
    db.select({ id: rolePermissions.permissionId }).from(rolePermissions).innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId)).where(eq(userRoles.userId, userId)),
    db
      .select({ id: departmentRolePermissions.permissionId })
      .from(departmentRolePermissions)
      .innerJoin(departmentRoleUsers, eq(departmentRoleUsers.roleId, departmentRolePermissions.roleId))
      .where(eq(departmentRoleUsers.userId, userId)),
  );
}

/**
 * The permission rows granted to a user through their roles and department roles: not deleted.
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
    .where(and(inArray(permissions.id, grantedIds(db, userId)), eq(permissions.delFlag, 0)));
}

export type GrantedPermission = Awaited<ReturnType<typeof grantedPermissionRows>>[number];

/** The codes a user holds right now (valid rows only). */
export async function permissionCodesOf(db: Executor, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ perms: permissions.perms })
    .from(permissions)
    .where(and(inArray(permissions.id, grantedIds(db, userId)), eq(permissions.delFlag, 0), eq(permissions.status, '1')));
  return collectCodes(rows.map((row) => row.perms));
}
