import { useEffect, useState } from 'react';
import { whenIdle } from '@web/lib/browser';
import { useLocation } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { fill, useT } from '@web/i18n';
import { schoolToday } from '@web/stores/schoolClock';
import { cn } from '@web/lib/cn';
import { usePermissionRefresh } from '@web/app/usePermissionRefresh';
import { useLanguageReload } from '@web/app/useLanguageReload';
import { useCardScanner } from '@web/people/useCardScanner';
import { onDataChanged } from '@web/api/client';
import { useDataVersion } from '@web/stores/dataVersion';
import { useSession } from '@web/stores/session';
import { DialogHost } from '@web/app/DialogHost';
import { CommandCenter } from '@web/palette/CommandCenter';
import { SettingsDrawer } from '@web/settings/SettingsDrawer';
import { useSettings } from '@web/settings/store';
import { TabStrip } from '@web/tabs/TabStrip';
import { TabViews } from '@web/app/TabViews';
import { focusPage } from '@web/lib/focus';
import { useTabTracking } from '@web/app/useTabTracking';
import { Breadcrumb } from '../shell/Breadcrumb';
import { Header } from '../shell/Header';
import { SideMenu } from '../shell/SideMenu';
import { useAutoHideHeader } from '../shell/useAutoHideHeader';
import { useDocumentTitle } from '../menu/useDocumentTitle';
import { useIsMobile } from '../shell/useIsMobile';
import { usePageChain } from '../shell/usePageChain';

/**
 * The signed-in layout: side or top menu, header, tab strip, page header (breadcrumb, title),
 * content, footer — arranged by the appearance settings.
 */
export function BasicLayout() {
  const t = useT();
  const mobile = useIsMobile();
  const userInfo = useSession((state) => state.userInfo);
  const settings = useSettings((state) => state.settings);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const { crumbs, title, isHome } = usePageChain();
  const headerHidden = useAutoHideHeader(settings.fixedHeader && settings.autoHideHeader);
  useDocumentTitle(isHome ? null : title);
  useTabTracking();
  usePermissionRefresh();
  useCardScanner();
  useLanguageReload();

  useEffect(() => setDrawerOpen(false), [pathname]);
  // Lists reload after any change of what they show, whoever made it.
  useEffect(() => onDataChanged((kinds) => kinds.forEach((kind) => useDataVersion.getState().bump(kind))), []);
  // Nearly every screen is a list: the grid's code (the largest chunk) is fetched and run once the
  // first screen is drawn and the browser is idle, so the first list opened does not wait for it.
  useEffect(() => whenIdle(() => void import('@web/grid/ListGrid').catch(() => undefined)), []);

  const topMenu = settings.layout === 'topmenu' && !mobile;
  return (
    <div className="flex min-h-screen" data-layout={topMenu ? 'topmenu' : 'sidemenu'} data-testid="basic-layout">
      {/* The first Tab of the page: straight to the page's content, past the menu and the header. */}
      <a
        href="#content"
        className="sr-only z-[60] rounded bg-primary-strong px-3 py-1.5 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        onClick={(event) => {
          event.preventDefault();
          focusPage();
        }}
        data-testid="skip-link"
      >
        {t('shell.skipToContent')}
      </a>
      {mobile ? (
        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/45" />
            <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex outline-none" aria-describedby={undefined}>
              <Dialog.Title className="sr-only">{t('app.name')}</Dialog.Title>
              <SideMenu forceExpanded fixed />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : topMenu ? null : (
        <SideMenu fixed={settings.fixSiderbar} />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <div
          className={cn('z-30 transition-transform duration-200', settings.fixedHeader && 'sticky top-0', headerHidden && '-translate-y-full')}
          data-testid="header-block"
          data-hidden={headerHidden || undefined}
        >
          <Header mobile={mobile} topMenu={topMenu} onOpenDrawer={() => setDrawerOpen(true)} />
          {settings.multipage && !mobile ? <TabStrip /> : null}
        </div>
        <main className="flex flex-1 flex-col">
          <div id="content" className={cn('w-full', settings.contentWidth === 'Fixed' && 'mx-auto max-w-[1200px]')} data-testid="content" data-width={settings.contentWidth}>
            <div className="bg-surface px-6 pt-4 pb-4">
              <Breadcrumb crumbs={crumbs} />
              {/* Home's breadcrumb already says 首页: no second one below it. */}
              {title && !isHome ? (
                <h1 className="mt-2 text-xl font-medium" data-testid="page-title">
                  {title}
                </h1>
              ) : null}
            </div>
            <div className="p-4 sm:p-6">
              <TabViews />
            </div>
          </div>
          <footer className="mt-auto py-4 text-center text-sm text-text-muted" data-testid="page-footer">
            {/* The school's own lines (学校管理) when it has them. */}
            <div>{userInfo?.copyright || fill(t('app.copyrightOf'), { year: schoolToday().slice(0, 4), school: userInfo?.companyName || t('app.name') })}</div>
            {userInfo?.icp ? <div>{userInfo.icp}</div> : null}
          </footer>
        </main>
      </div>
      <CommandCenter />
      <SettingsDrawer />
      <DialogHost />
    </div>
  );
}
