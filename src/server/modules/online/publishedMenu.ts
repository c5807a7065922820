import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { entityButtons } from '@shared/engine/derive';
import type { EntitySpec } from '@shared/engine/spec';
import { menuCodeForPath } from '@shared/permissions';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { permissionDataRules, permissions, rolePermissions, roles } from '../../db/schema';
import type { Work } from '../../db/work';
import { alive } from '../../db/work';
import { badRequest } from '../../http/envelope';

/** What a published form or report puts on the menu: its screen and the buttons under it. */
export interface PublishedScreen {
  path: string;
  title: { 'zh-CN': string; en: string };
  component: string;
  componentName: string;
  buttons: readonly { code: string; title: { 'zh-CN': string; en: string } }[];
  /** The two data rules a role may be given on it (a form's records have their creator and department). */
  dataRules: boolean;
}

/** A published form's screen: the engine's list of its declaration, a button per operation and restricted column. */
export const formScreen = (spec: EntitySpec): PublishedScreen => ({
  path: spec.screen.path,
  title: spec.screen.title,
  component: spec.screen.component,
  componentName: 'OnlineFormScreen',
  buttons: entityButtons(spec),
  dataRules: true,
});

/**
 * A published form's or report's place on the menu: a screen row of the school's own (tenant_id)
 * under the chosen area, with its buttons, granted to the school's 系统管理员 — who grant it on to
 * other roles like any screen (a form's with its two data rules, 本人创建的 and 本部门的, to choose
 * per role).
 */
export async function placeOnMenu(work: Work, screen: PublishedScreen, area: string, existingMenuId: string | null): Promise<string> {
  const { tx } = work;
  // The areas are the product's, shared by every school.
  const [parent] = await tx
    .select({ id: permissions.id })
    .from(permissions)
    .where(and(eq(permissions.url, area), eq(permissions.menuType, 0), alive(permissions), isNull(permissions.tenantId)));
  if (!parent) throw badRequest('所选菜单不存在', 'No such menu area');
  if (existingMenuId) await takeOffMenu(tx, existingMenuId);
  const menuId = newId();
  const { path } = screen;
  await work.insert(permissions, {
    id: menuId,
    parentId: parent.id,
    name: screen.title['zh-CN'],
    nameEn: screen.title.en,
    perms: menuCodeForPath(path),
    url: path,
    component: screen.component,
    componentName: screen.componentName,
    menuType: 1,
    sortNo: 100,
    isLeaf: false,
    keepAlive: true,
  });
  const buttons = screen.buttons.map((button, index) => ({
    id: newId(),
    parentId: menuId,
    name: button.title['zh-CN'],
    nameEn: button.title.en,
    perms: button.code,
    permsType: '1',
    menuType: 2,
    sortNo: index + 1,
    isRoute: false,
  }));
  await work.insert(permissions, buttons);
  // The rules a school's roles may be given on it (角色授权 → 数据规则), as on the product's screens.
  if (screen.dataRules)
    await tx.insert(permissionDataRules).values([
      { id: newId(), permissionId: menuId, ruleName: '本人创建的数据', ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}' },
      { id: newId(), permissionId: menuId, ruleName: '本部门的数据', ruleColumn: 'sysOrgCode', ruleConditions: '=', ruleValue: '#{sys_org_code}' },
    ]);
  await tx.update(permissions).set({ isLeaf: false }).where(eq(permissions.id, parent.id));
  const admins = await work.rows(roles, eq(roles.roleCode, 'admin'));
  const granted = [menuId, ...buttons.map((button) => button.id)];
  if (admins.length) await tx.insert(rolePermissions).values(admins.flatMap((admin) => granted.map((permissionId) => ({ roleId: admin.id, permissionId }))));
  return menuId;
}

/** Takes a form's or report's screen and its buttons off the menu, with every role's grant of them. */
export async function takeOffMenu(tx: Executor, menuId: string): Promise<void> {
  const rows = await tx
    .select({ id: permissions.id })
    .from(permissions)
    .where(or(eq(permissions.id, menuId), eq(permissions.parentId, menuId)));
  const ids = rows.map((row) => row.id);
  if (!ids.length) return;
  await tx.delete(rolePermissions).where(inArray(rolePermissions.permissionId, ids));
  await tx.delete(permissions).where(inArray(permissions.id, ids));
}

/**
 * A published form whose fields changed keeps its screen and its grants: buttons it no longer has
 * go (with their grants), new ones (a restricted column) come, granted to whoever holds the screen.
 */
export async function syncMenuButtons(work: Work, menuId: string, spec: EntitySpec): Promise<void> {
  const { tx } = work;
  // A master's screen carries its details' buttons too: only this form's are its business.
  const have = (await tx.select({ id: permissions.id, perms: permissions.perms }).from(permissions).where(eq(permissions.parentId, menuId))).filter((row) =>
    (row.perms ?? '').startsWith(`${spec.permissionPrefix}:`),
  );
  const wanted = entityButtons(spec);
  const gone = have.filter((row) => !wanted.some((button) => button.code === row.perms)).map((row) => row.id);
  if (gone.length) {
    await tx.delete(rolePermissions).where(inArray(rolePermissions.permissionId, gone));
    await tx.delete(permissions).where(inArray(permissions.id, gone));
  }
  const added = wanted
    .filter((button) => !have.some((row) => row.perms === button.code))
    .map((button) => ({ id: newId(), parentId: menuId, name: button.title['zh-CN'], nameEn: button.title.en, perms: button.code, permsType: '1', menuType: 2, sortNo: 50, isRoute: false }));
  if (!added.length) return;
  await work.insert(permissions, added);
  const holders = await tx.select({ roleId: rolePermissions.roleId }).from(rolePermissions).where(eq(rolePermissions.permissionId, menuId));
  if (holders.length) await tx.insert(rolePermissions).values(holders.flatMap((holder) => added.map((row) => ({ roleId: holder.roleId, permissionId: row.id }))));
}

/** A detail form taken off its master's screen: its buttons there go, with their grants. */
export async function takeButtonsOff(tx: Executor, menuId: string, spec: EntitySpec): Promise<void> {
  const rows = (await tx.select({ id: permissions.id, perms: permissions.perms }).from(permissions).where(eq(permissions.parentId, menuId))).filter((row) =>
    (row.perms ?? '').startsWith(`${spec.permissionPrefix}:`),
  );
  const ids = rows.map((row) => row.id);
  if (!ids.length) return;
  await tx.delete(rolePermissions).where(inArray(rolePermissions.permissionId, ids));
  await tx.delete(permissions).where(inArray(permissions.id, ids));
}
