import { createHash } from 'node:crypto';
import type { AuthEntry, MenuItem } from '@shared/types';

/** The columns of a permission row the menu is built from. */
export interface MenuSourceRow {
  id: string;
  parentId: string | null;
  name: string;
  nameEn: string | null;
  perms: string | null;
  permsType: string;
  icon: string | null;
  component: string | null;
  componentName: string | null;
  url: string | null;
  redirect: string | null;
  sortNo: number;
  menuType: number;
  isRoute: boolean;
  keepAlive: boolean;
  hidden: boolean;
  alwaysShow: boolean;
  internalOrExternal: boolean;
  status: string;
}

const isExternalUrl = (url: string) => /^(https?:\/\/|\{\{)/.test(url);

/** The route name of a url: `/system/users` → `system-users` (`:` becomes `@`, as in JeecgBoot). */
export function routeNameOf(url: string): string {
  return url.replace(/^\/+/, '').replaceAll('/', '-').replaceAll(':', '@');
}

/**
 * Builds the menu tree of the permission answer from the rows granted to a user. Menus whose
 * parent is not granted are left out; buttons become each menu's `meta.permissionList`.
 */
export function buildMenuTree(rows: readonly MenuSourceRow[]): MenuItem[] {
  const sorted = [...rows].sort((a, b) => a.sortNo - b.sortNo);
  const menus = sorted.filter((row) => row.menuType === 0 || row.menuType === 1);
  const menuIds = new Set(menus.map((row) => row.id));
  const buttonsByParent = new Map<string, AuthEntry[]>();
  for (const row of sorted) {
    if (row.menuType !== 2 || !row.parentId || !row.perms) continue;
    const list = buttonsByParent.get(row.parentId) ?? [];
    list.push({ action: row.perms, type: row.permsType, describe: row.name, status: row.status });
    buttonsByParent.set(row.parentId, list);
  }

  const childrenOf = new Map<string | null, MenuSourceRow[]>();
  for (const row of menus) {
    // A parent that is not granted hides its children too.
    const parent = row.parentId && menuIds.has(row.parentId) ? row.parentId : row.parentId ? undefined : null;
    if (parent === undefined) continue;
    const list = childrenOf.get(parent) ?? [];
    list.push(row);
    childrenOf.set(parent, list);
  }
  // An area (a directory with no page of its own) left with no screen is not shown: a school does
  // not get an empty 系统监控 when all its screens are the platform's.
  const isEmptyArea = (row: MenuSourceRow): boolean =>
    row.menuType === 0 && !isExternalUrl(row.url ?? '') && (!row.component || row.component.endsWith('RouteView')) && !(childrenOf.get(row.id) ?? []).some((child) => !isEmptyArea(child));
  for (const [parent, list] of childrenOf)
    childrenOf.set(
      parent,
      list.filter((row) => !isEmptyArea(row)),
    );

  const toItem = (row: MenuSourceRow, topLevel: boolean): MenuItem => {
    const url = row.url ?? '';
    const external = isExternalUrl(url);
    const path = external ? createHash('md5').update(url).digest('hex') : url;
    const component = row.component || (external ? 'layouts/IframePageView' : 'layouts/RouteView');
    const permissionList = buttonsByParent.get(row.id);
    const item: MenuItem = {
      id: row.id,
      route: row.isRoute ? '1' : '0',
      path,
      name: external ? path : routeNameOf(url),
      component,
      meta: {
        title: row.name,
        ...(row.nameEn ? { titleEn: row.nameEn } : {}),
        ...(row.icon ? { icon: row.icon } : {}),
        ...(external ? { url } : {}),
        keepAlive: row.keepAlive,
        internalOrExternal: row.internalOrExternal,
        componentName: row.componentName || component.split('/').pop() || component,
        ...(permissionList ? { permissionList } : {}),
      },
    };
    if (topLevel) item.redirect = row.redirect;
    if (row.hidden) item.hidden = true;
    if (row.alwaysShow) item.alwaysShow = true;
    const children = childrenOf.get(row.id);
    if (children?.length) item.children = children.map((child) => toItem(child, false));
    return item;
  };

  return withFamilyAliases((childrenOf.get(null) ?? []).map((row) => toItem(row, true)));
}

/**
 * Route names JeecgBoot's client links to by name rather than by menu: its avatar menu's 账户设置 goes
 * to `account-settings-base` (its own menu's hidden child of 个人设置). Wherever 个人设置 is granted, a
 * hidden alias with that name opens the same page; our console ignores hidden items.
 */
function withFamilyAliases(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => {
    const children = item.children ? { children: withFamilyAliases(item.children) } : {};
    if (item.path !== '/account/settings') return [{ ...item, ...children }];
    const alias: MenuItem = {
      ...item,
      id: `${item.id}-base`,
      path: '/account/settings/base',
      name: 'account-settings-base',
      hidden: true,
      meta: { ...item.meta, componentName: 'account-settings-base' },
    };
    return [{ ...item, ...children }, alias];
  });
}

/** auth: the user's valid buttons; allAuth: every button of the system with its status. */
type ButtonSourceRow = Pick<MenuSourceRow, 'name' | 'perms' | 'permsType' | 'menuType' | 'status'>;

export function buttonEntries(granted: readonly ButtonSourceRow[], all: readonly ButtonSourceRow[]): { auth: AuthEntry[]; allAuth: AuthEntry[] } {
  const auth = granted.filter((row) => row.menuType === 2 && row.status === '1' && row.perms).map((row) => ({ action: row.perms!, type: row.permsType, describe: row.name }));
  const allAuth = all.filter((row) => row.menuType === 2 && row.perms).map((row) => ({ action: row.perms!, status: row.status, type: row.permsType, describe: row.name }));
  return { auth, allAuth };
}
