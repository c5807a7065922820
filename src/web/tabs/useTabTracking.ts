import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { HOME_PATH } from '@shared/constants';
import { translate } from '@web/i18n';
import { isScreenPath, useScreenRoutes } from '@web/app/screenRoutes';
import { useSettings } from '@web/settings/store';
import { findChain } from '@web/shell/menuModel';
import { STATIC_PAGE_TITLES } from '@web/shell/pageTitles';
import { usePermissions } from '@web/stores/permissions';
import { useTabs } from './store';

/** Titles of a path in both languages: from the menu, else the static page titles. */
function titlesOf(menu: ReturnType<typeof usePermissions.getState>['menu'], pathname: string): { title: string; titleEn: string; keepAlive: boolean } {
  const item = findChain(menu, pathname).at(-1);
  if (item) return { title: item.meta.title, titleEn: item.meta.titleEn ?? item.meta.title, keepAlive: item.meta.keepAlive };
  const key = STATIC_PAGE_TITLES[pathname];
  return key ? { title: translate(key, 'zh-CN'), titleEn: translate(key, 'en'), keepAlive: false } : { title: pathname, titleEn: pathname, keepAlive: false };
}

/**
 * The page in the address bar as a tab, now, when it is not one yet: a tab key pressed right
 * after a navigation (before React has rendered the new page) acts on the page just opened.
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

/**
 * Every visited page becomes a tab (home always first); turning multi-page mode off leaves only
 * the current page.
 */
export function useTabTracking(): void {
  const { pathname, search } = useLocation();
  const menu = usePermissions((state) => state.menu);
  const multipage = useSettings((state) => state.settings.multipage);
  const routes = useScreenRoutes();
  const visited = useRef<string | null>(null);

  useEffect(() => {
    // Deep links run and leave, unknown paths go to /404: neither is a page to keep.
    if (pathname.startsWith('/do/') || !isScreenPath(routes, pathname)) return;
    const { dispatch, tabs } = useTabs.getState();
    const fullPath = `${pathname}${search}`;
    const sameVisit = visited.current === fullPath;
    visited.current = fullPath;
    // The menu reloads (permissions are refetched) while a page stays: that refreshes an open
    // tab's titles but must not reopen the tab the user has just closed on the way out.
    if (sameVisit && !tabs.some((tab) => tab.fullPath === fullPath)) return;
    // The first tab of a session is home; later the user may close down to any single page.
    if (multipage && tabs.length === 0 && pathname !== HOME_PATH) {
      dispatch({ type: 'visit', entry: { fullPath: HOME_PATH, path: HOME_PATH, ...titlesOf(menu, HOME_PATH) } });
    }
    dispatch({ type: 'visit', entry: { fullPath, path: pathname, ...titlesOf(menu, pathname) } });
    if (!multipage) dispatch({ type: 'singlePage' });
  }, [pathname, search, menu, multipage, routes]);
}
