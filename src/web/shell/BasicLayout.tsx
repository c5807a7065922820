import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { useT } from '@web/i18n';
import { CommandCenter } from '@web/palette/CommandCenter';
import { Breadcrumb } from './Breadcrumb';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { useDocumentTitle } from './useDocumentTitle';
import { useIsMobile } from './useIsMobile';
import { usePageChain } from './usePageChain';

/** The signed-in layout: side menu, header, page header (breadcrumb, title), content, footer. */
export function BasicLayout() {
  const t = useT();
  const mobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const { crumbs, title, isHome } = usePageChain();
  useDocumentTitle(isHome ? null : title);

  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <div className="flex h-full">
      {mobile ? (
        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/45" />
            <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex outline-none" aria-describedby={undefined}>
              <Dialog.Title className="sr-only">{t('app.name')}</Dialog.Title>
              <SideMenu forceExpanded />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : (
        <SideMenu />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header mobile={mobile} onOpenDrawer={() => setDrawerOpen(true)} />
        <main className="flex flex-1 flex-col overflow-auto">
          <div className="bg-surface px-6 pt-4 pb-4">
            <Breadcrumb crumbs={crumbs} />
            {title ? (
              <h1 className="mt-2 text-xl font-medium" data-testid="page-title">
                {title}
              </h1>
            ) : null}
          </div>
          <div className="flex-1 p-4 sm:p-6">
            <Outlet />
          </div>
          <footer className="py-4 text-center text-sm text-text-muted">{t('app.copyright')}</footer>
        </main>
      </div>
      <CommandCenter />
    </div>
  );
}
