import { translate } from '@web/i18n';
import { findChain } from '@web/menu/menuModel';
import { STATIC_PAGE_TITLES } from '@web/menu/pageTitles';
import { usePermissions } from '@web/stores/permissions';
import { useTabs } from './store';

/** Titles of a path in both languages: from the menu, else the static page titles. */
export function titlesOf(menu: ReturnType<typeof usePermissions.getState>['menu'], pathname: string): { title: string; titleEn: string; keepAlive: boolean } {
  const item = findChain(menu, pathname).at(-1);
  if (item) return { title: item.meta.title, titleEn: item.meta.titleEn ?? item.meta.title, keepAlive: item.meta.keepAlive };
  const key = STATIC_PAGE_TITLES[pathname];
  return key ? { title: translate(key, 'zh-CN'), titleEn: translate(key, 'en'), keepAlive: false } : { title: pathname, titleEn: pathname, keepAlive: false };
}

/**
 * The page in the address bar as a tab, now, when it is not one yet: a tab key pressed right
 * after a navigation (before React has rendered the new page) acts on the page just opened.
 * It reads the menu and the static pages only (no screen routes), so the command runtime can
 * call it without importing the screens.
 */
export function registerCurrentPage(fullPath: string): void {
  const { tabs, dispatch } = useTabs.getState();
  if (tabs.some((tab) => tab.fullPath === fullPath)) return;
  const pathname = fullPath.split('?')[0] ?? fullPath;
  const menu = usePermissions.getState().menu;
  // Only real pages: a menu screen or a static page (not /do/ links, not unknown paths).
  if (pathname.startsWith('/do/') || (!findChain(menu, pathname).length && !STATIC_PAGE_TITLES[pathname])) return;
  dispatch({ type: 'visit', entry: { fullPath, path: pathname, ...titlesOf(menu, pathname) }, confirmed: true });
}
