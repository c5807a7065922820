import { lazy, useMemo } from 'react';
import { matchPath, Navigate, type RouteObject } from 'react-router-dom';
import { HOME_PATH } from '@shared/constants';
import type { MenuItem } from '@shared/types';
import { preloadScreen, ScreenHost } from '@web/screens/ScreenHost';
import { routableItems } from '@web/menu/menuModel';
import { usePermissions } from '@web/stores/permissions';
import { CommandPortProvider } from './CommandPortProvider';
import { CurrentMenuItem } from '../menu/currentMenuItem';

const DeepLink = lazy(() => import('@web/screens/deepLink/DeepLink'));
const ForbiddenOrNotFound = lazy(() => import('@web/screens/exception/Forbidden'));

/**
 * The screens inside the signed-in layout: static routes, one route per menu screen with a route
 * flag other than '0', and /404 for the rest. The tab views render them (kept alive).
 */
/** True when a path is a screen (not the home redirect, not an unknown path). */
export function isScreenPath(routes: RouteObject[], pathname: string): boolean {
  return routes.some((route) => route.path && route.path !== '*' && route.path !== '/' && matchPath(route.path, pathname));
}

/** Fetches the chunk of the menu screen at `fullPath` (its query ignored), if it is one. */
export function preloadPage(menu: readonly MenuItem[], fullPath: string): Promise<void> {
  const pathname = fullPath.split('?')[0] ?? '';
  const item = routableItems(menu).find((candidate) => candidate.path && matchPath(candidate.path, pathname));
  return item?.component ? preloadScreen(item.component) : Promise.resolve();
}

/**
 * A screen's own commands: the tab view renders the route at the tab's location, so the port
 * provided here sees that tab's route and selection (not the page in front).
 */
const withCommands = (route: RouteObject): RouteObject => ({ ...route, element: <CommandPortProvider>{route.element}</CommandPortProvider> });

export function useScreenRoutes(): RouteObject[] {
  const menu = usePermissions((state) => state.menu);
  return useMemo(
    () => [
      { path: '/', element: <Navigate to={HOME_PATH} replace /> },
      ...[
        { path: '/test/home', element: <ScreenHost component="test/Home" /> },
        { path: '/isps/userAnnouncement', element: <ScreenHost component="isps/UserAnnouncement" /> },
        // Every user's own pages, granted or not (the examples area also lists them).
        { path: '/account/center', element: <ScreenHost component="account/center/Index" /> },
        { path: '/account/settings', element: <ScreenHost component="account/settings/Index" /> },
        { path: '/do/:commandId', element: <DeepLink /> },
        ...routableItems(menu).map((item) => ({
          path: item.path,
          element: (
            <CurrentMenuItem.Provider value={item}>
              <ScreenHost key={item.path} component={item.component} />
            </CurrentMenuItem.Provider>
          ),
        })),
        // A screen of the product this user may not open: 403; anything else: 404.
        { path: '*', element: <ForbiddenOrNotFound /> },
      ].map(withCommands),
    ],
    [menu],
  );
}
