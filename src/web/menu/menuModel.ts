import type { MenuItem } from '@shared/types';

/** Menus that only group others render their children; they are not screens. */
const GROUP_COMPONENTS = new Set(['layouts/RouteView', 'layouts/PageView', 'layouts/TabLayout', 'layouts/BasicLayout']);

export const isGroup = (item: MenuItem) => Boolean(item.children?.length) || GROUP_COMPONENTS.has(item.component);

/** A menu that shows another site: opened in a new window, or in an iframe screen. */
export const isExternal = (item: MenuItem) => Boolean(item.meta.url);
export const opensInNewWindow = (item: MenuItem) => isExternal(item) && item.meta.internalOrExternal;

export const visibleChildren = (item: MenuItem): MenuItem[] => (item.children ?? []).filter((child) => isVisible(child));

/** Hidden items are left out, and so is a group whose children are all hidden. */
export function isVisible(item: MenuItem): boolean {
  if (item.hidden) return false;
  if (item.children?.length) return item.children.some((child) => isVisible(child));
  return true;
}

/** Every item that becomes a route: screens with the route flag not '0' (hidden ones too). */
export function routableItems(menu: readonly MenuItem[]): MenuItem[] {
  const out: MenuItem[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      if (!isGroup(item) && item.route !== '0' && !opensInNewWindow(item)) out.push(item);
      if (item.children) walk(item.children);
    }
  };
  walk(menu);
  return out;
}

/** The items from the top level down to the one whose path is `pathname`; empty if none. */
export function findChain(menu: readonly MenuItem[], pathname: string): MenuItem[] {
  for (const item of menu) {
    if (item.path === pathname && !isGroup(item)) return [item];
    if (item.children) {
      const rest = findChain(item.children, pathname);
      if (rest.length) return [item, ...rest];
    }
  }
  return [];
}

/** A visible leaf menu with its parents, for the menu search and the palette. */
export interface LeafEntry {
  item: MenuItem;
  parents: MenuItem[];
}

export function visibleLeaves(menu: readonly MenuItem[]): LeafEntry[] {
  const out: LeafEntry[] = [];
  const walk = (items: readonly MenuItem[], parents: MenuItem[]) => {
    for (const item of items) {
      if (!isVisible(item)) continue;
      if (item.children?.length) walk(item.children, [...parents, item]);
      else if (!GROUP_COMPONENTS.has(item.component)) out.push({ item, parents });
    }
  };
  walk(menu, []);
  return out;
}

/** The menu title in the current locale. */
export const menuTitle = (item: MenuItem, locale: string) => (locale === 'en' && item.meta.titleEn ? item.meta.titleEn : item.meta.title);
