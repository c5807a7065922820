import { Suspense, useEffect, useRef } from 'react';
import { focusPageWhenReady } from '@web/lib/focus';
import { useLocation, useRoutes, type Location, type RouteObject } from 'react-router-dom';
import { TabInFront } from '../tabs/tabInFront';
import { useScreenRoutes } from '@web/app/screenRoutes';
import { FullPageSpinner } from '@web/components/FullPageSpinner';
import { useSettings } from '@web/settings/store';
import { useTabs } from '../tabs/store';

/**
 * The page area. In multi-page mode every keep-alive tab stays mounted (hidden when not
 * current), so its state survives switching; "refresh" remounts just that tab. Tabs restored
 * from an earlier page load are mounted the first time they are shown, not all at once: a
 * reload with fourteen tabs open loads one screen, not fourteen.
 */
export function TabViews() {
  const location = useLocation();
  const shown = useRef(new Set<string>());
  const multipage = useSettings((state) => state.settings.multipage);
  const tabs = useTabs((state) => state.tabs);
  const routes = useScreenRoutes();
  const current = `${location.pathname}${location.search}`;
  shown.current.add(current);
  if (!multipage) return <TabView key={current} routes={routes} fullPath={current} hidden={false} />;

  // One keyed list in tab order, so a page keeps its element when it stops being the current one.
  const views = tabs.filter((tab) => (tab.keepAlive && shown.current.has(tab.fullPath)) || tab.fullPath === current).map((tab) => ({ fullPath: tab.fullPath, version: tab.version }));
  if (!views.some((view) => view.fullPath === current)) views.push({ fullPath: current, version: 0 });
  return (
    <>
      {views.map((view) => (
        <TabView key={`${view.fullPath}#${view.version}`} routes={routes} fullPath={view.fullPath} hidden={view.fullPath !== current} />
      ))}
    </>
  );
}

function TabView({ routes, fullPath, hidden }: { routes: RouteObject[]; fullPath: string; hidden: boolean }) {
  const [pathname, query = ''] = fullPath.split('?');
  const location: Partial<Location> = { pathname: pathname ?? '/', search: query ? `?${query}` : '', hash: '', state: null, key: fullPath };
  const element = useRoutes(routes, location);
  const view = useRef<HTMLDivElement>(null);
  // A page that comes into view takes the keyboard: its first query field, else its list.
  useEffect(() => {
    if (hidden || !view.current) return;
    return focusPageWhenReady(view.current);
  }, [hidden]);
  return (
    <div ref={view} hidden={hidden} data-tab-view={fullPath} tabIndex={-1} className="outline-none">
      <TabInFront.Provider value={!hidden}>
        <Suspense fallback={<FullPageSpinner />}>{element}</Suspense>
      </TabInFront.Provider>
    </div>
  );
}
