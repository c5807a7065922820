import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { HOME_PATH } from '@shared/constants';
import { isScreenPath, useScreenRoutes } from '@web/app/screenRoutes';
import { useSettings } from '@web/settings/store';
import { usePermissions } from '@web/stores/permissions';
import { titlesOf } from '../tabs/registerCurrentPage';
import { useTabs } from '../tabs/store';

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
