import { and, eq } from 'drizzle-orm';
import type { Database } from '../client';
import { newId } from '../ids';
import { permissions, rolePermissions, roles } from '../schema';
import { menu } from './menu';

/** Component names of earlier versions, and the JeecgBoot names the menu seed now uses. */
const RENAMED_COMPONENTS: Readonly<Record<string, string>> = {
  'system/DepartmentList': 'system/DepartList',
  'system/DictionaryList': 'system/DictList',
  'system/JobList': 'system/QuartzJobList',
  'system/AnnouncementList': 'system/SysAnnouncementList',
  'system/SchoolList': 'system/TenantList',
  'system/FileList': 'modules/oss/OSSFileList',
  'account/Center': 'account/center/Index',
  'account/Settings': 'account/settings/Index',
  'monitor/DiskMonitor': 'modules/monitor/DiskMonitoring',
  'monitor/HttpTrace': 'modules/monitor/HttpTrace',
  'monitor/RuntimeInfo': 'modules/monitor/JvmInfo',
  'monitor/DatabaseMonitor': 'modules/monitor/RedisInfo',
  'monitor/SystemInfo': 'modules/monitor/SystemInfo',
  'monitor/ServerInfo': 'modules/monitor/TomcatInfo',
};

/**
 * Buttons the menu seed declares that a database seeded by an older version lacks (a new entity's
 * add/edit/delete, a restricted column): added under their screen at start, and given to the
 * administrators' roles only — everyone else gets them through 授权. A button the platform deleted
 * on purpose stays deleted; a screen that is gone is left alone. Answers how many were added.
 */
export async function syncDeclaredButtons(db: Database): Promise<number> {
  let added = 0;
  await db.transaction(async (tx) => {
    // Screens renamed to JeecgBoot's component names (so its own client opens the same menus).
    for (const [old, now] of Object.entries(RENAMED_COMPONENTS)) {
      await tx
        .update(permissions)
        .set({ component: now })
        .where(and(eq(permissions.component, old), eq(permissions.menuType, 1)));
    }
    const rows = await tx.select({ id: permissions.id, url: permissions.url, perms: permissions.perms, menuType: permissions.menuType, delFlag: permissions.delFlag }).from(permissions);
    const known = new Set(rows.map((row) => row.perms).filter(Boolean));
    const adminRoles = await tx.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, 'admin'));
    // Screens, and top-level leaves (终端设备) with buttons of their own.
    const holders = [
      ...menu()
        .flatMap((area) => area.screens ?? [])
        .map((screen) => ({ ...screen, menuType: 1 })),
      ...menu()
        .filter((area) => area.component)
        .map((area) => ({ ...area, menuType: 0 })),
    ];
    for (const screen of holders) {
      const parent = rows.find((row) => row.menuType === screen.menuType && row.url === screen.path && row.delFlag === 0);
      if (!parent) continue;
      for (const [index, [code, title, titleEn]] of (screen.buttons ?? []).entries()) {
        if (known.has(code)) continue;
        const id = newId();
        await tx.insert(permissions).values({ id, parentId: parent.id, name: title, nameEn: titleEn, perms: code, permsType: '1', menuType: 2, sortNo: index + 1, isRoute: false, status: '1' });
        if (adminRoles.length) await tx.insert(rolePermissions).values(adminRoles.map((role) => ({ roleId: role.id, permissionId: id })));
        await tx.update(permissions).set({ isLeaf: false }).where(eq(permissions.id, parent.id));
        known.add(code);
        added += 1;
      }
    }
  });
  return added;
}
