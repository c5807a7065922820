import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { collectCodes, type AuthEntry } from '@shared/permissions';
import type { Executor } from '../../db/client';
import { buttonEntries } from '../permissions/menu';
import { departmentPermissions, departmentRolePermissions, departmentRoles, departmentRoleUsers, permissions, rolePermissions, userDepartments, userRoles } from '../../db/schema';
import { alive } from '../../db/work';

/**
 * Ids of the permissions granted to a user through their roles and their department roles. A
 * department role grants only while the user is in its department and only what the department
 * itself still holds: taking a grant from a department, or a user out of it, ends it at once.
 */
function grantedIds(db: Executor, userId: string) {
  return union(
    db.select({ id: rolePermissions.permissionId }).from(rolePermissions).innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId)).where(eq(userRoles.userId, userId)),
    db
      .select({ id: departmentRolePermissions.permissionId })
      .from(departmentRolePermissions)
      .innerJoin(departmentRoleUsers, eq(departmentRoleUsers.roleId, departmentRolePermissions.roleId))
      .innerJoin(departmentRoles, eq(departmentRoles.id, departmentRolePermissions.roleId))
      .innerJoin(userDepartments, and(eq(userDepartments.userId, departmentRoleUsers.userId), eq(userDepartments.departId, departmentRoles.departId)))
      .innerJoin(departmentPermissions, and(eq(departmentPermissions.departId, departmentRoles.departId), eq(departmentPermissions.permissionId, departmentRolePermissions.permissionId)))
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
    .where(and(inArray(permissions.id, grantedIds(db, userId)), alive(permissions)));
}

export type GrantedPermission = Awaited<ReturnType<typeof grantedPermissionRows>>[number];

/** What a user holds: codes, button lists, and the ids of every permission row granted (menus too). */
export interface HeldPermissions {
  codes: Set<string>;
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  /** Ids of the permission rows granted (menus and buttons): the measure of "holds more than". */
  ids: Set<string>;
}

/** Every button of the system with its status: the same for all users. */
export async function systemButtonRows(db: Executor) {
  const columns = { name: permissions.name, perms: permissions.perms, permsType: permissions.permsType, menuType: permissions.menuType, status: permissions.status };
  return db
    .select(columns)
    .from(permissions)
    .where(and(eq(permissions.menuType, 2), alive(permissions), isNotNull(permissions.perms)));
}

/**
 * What a user holds right now, for the shared action rule: their codes and the button lists
 * (their own and the system's with statuses). The guard reads it through the grant cache.
 */
export async function heldPermissionsOf(db: Executor, userId: string, buttons?: Awaited<ReturnType<typeof systemButtonRows>>): Promise<HeldPermissions> {
  // Only the columns the rule reads.
  const columns = { id: permissions.id, name: permissions.name, perms: permissions.perms, permsType: permissions.permsType, menuType: permissions.menuType, status: permissions.status };
  const [granted, all] = await Promise.all([
    db
      .selectDistinct(columns)
      .from(permissions)
      .where(and(inArray(permissions.id, grantedIds(db, userId)), alive(permissions))),
    buttons ?? systemButtonRows(db),
  ]);
  const codes = collectCodes(granted.filter((row) => row.status === '1').map((row) => row.perms));
  return { codes, ids: new Set(granted.map((row) => row.id)), ...buttonEntries(granted, all) };
}
