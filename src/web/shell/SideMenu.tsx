import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import type { MenuItem } from '@shared/types';
import { useLocale, useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { usePermissions } from '@web/stores/permissions';
import { useLayout } from '@web/stores/layout';
import { MenuChildLinks } from './MenuChildLinks';
import { MenuIcon } from '../menu/menuIcons';
import { findChain, isVisible, menuTitle, opensInNewWindow, visibleChildren } from '../menu/menuModel';

/**
 * The side menu from the server's menu: one top-level submenu open at a time, hidden items left
 * out; collapsed it shows icons, and a group's items open in a flyout.
 */
export function SideMenu({ forceExpanded = false, fixed = false }: { forceExpanded?: boolean; fixed?: boolean }) {
  const t = useT();
  const menu = usePermissions((state) => state.menu);
  const collapsed = useLayout((state) => state.collapsed) && !forceExpanded;
  const { pathname } = useLocation();
  const [openKey, setOpenKey] = useState<string | null>(null);

  // Follow the route: open the group that holds the current screen.
  useEffect(() => {
    const chain = findChain(menu, pathname);
    if (chain.length > 1) setOpenKey(chain[0]!.id);
  }, [menu, pathname]);

  // The menu scrolls on its own (never making the page longer than its content), and keeps the
  // current item in view; a new page starts at its top.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const box = nav.current;
    if (!box) return;
    // Scrolls the menu only, not the page around it.
    const keepInView = () => {
      const current = box.querySelector<HTMLElement>('[aria-current="page"]');
      if (!current) return;
      const item = current.getBoundingClientRect();
      const area = box.getBoundingClientRect();
      if (item.top < area.top) box.scrollTop -= area.top - item.top;
      else if (item.bottom > area.bottom) box.scrollTop += item.bottom - area.bottom;
    };
    // In the frame, not now: scrolling here would lay out the console while it is still being drawn.
    const frame = window.requestAnimationFrame(() => {
      if (!fixed) window.scrollTo({ top: 0 });
      keepInView();
    });
    // The menu's box or its items may still change size after this frame (the header and tabs
    // laying out, a group opening on a slow machine): the current item is kept in view then too.
    const resized = new ResizeObserver(keepInView);
    resized.observe(box);
    if (box.firstElementChild) resized.observe(box.firstElementChild);
    return () => {
      window.cancelAnimationFrame(frame);
      resized.disconnect();
    };
  }, [pathname, fixed, openKey]);

  return (
    <aside
      className={cn(
        'z-10 flex shrink-0 flex-col bg-sider text-sider-text shadow-sider transition-[width] duration-200',
        collapsed ? 'w-sider-collapsed' : 'w-sider',
        // Fixed: the menu stays in view with its own scroll; otherwise it scrolls with the page.
        fixed ? 'sticky top-0 h-screen' : 'min-h-screen',
      )}
      data-testid="side-menu"
      data-collapsed={collapsed || undefined}
      data-fixed={fixed || undefined}
    >
      <NavLink to="/" className={cn('flex h-16 shrink-0 items-center gap-2 overflow-hidden', collapsed ? 'justify-center' : 'px-4')} title={t('app.name')}>
        <img src="/logo.svg" alt="" className="size-7 shrink-0" />
        {collapsed ? null : <span className="text-sm leading-tight font-semibold text-sider-text">{t('app.name')}</span>}
      </NavLink>
      <nav
        ref={nav}
        // Not fixed, the menu moves with the page but is never taller than the window.
        className={cn('flex-1 overflow-x-hidden overflow-y-auto pb-4', !fixed && 'max-h-[calc(100vh-4rem)]')}
        aria-label={t('common.home')}
      >
        <ul role="menubar" aria-orientation="vertical" className="flex flex-col">
          {menu.filter(isVisible).map((item) =>
            item.children?.length ? (
              collapsed ? (
                <CollapsedGroup key={item.id} item={item} active={findChain([item], pathname).length > 0} />
              ) : (
                <Group key={item.id} item={item} open={openKey === item.id} onToggle={() => setOpenKey(openKey === item.id ? null : item.id)} />
              )
            ) : (
              <li key={item.id} role="none">
                <Leaf item={item} depth={0} collapsed={collapsed} />
              </li>
            ),
          )}
        </ul>
      </nav>
    </aside>
  );
}

function Group({ item, open, onToggle }: { item: MenuItem; open: boolean; onToggle(): void }) {
  const locale = useLocale((state) => state.locale);
  const title = menuTitle(item, locale);
  return (
    <li role="none">
      <button
        type="button"
        role="menuitem"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={onToggle}
        className="flex min-h-10 w-full items-center gap-2.5 px-6 py-2 text-left transition-colors hover:text-sider-hover"
      >
        <MenuIcon name={item.meta.icon} />
        {/* A long (English) title wraps to a second line rather than being cut. */}
        <span className="flex-1 leading-snug">{title}</span>
        <ChevronDown className={cn('size-3.5 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open ? (
        <ul role="menu" aria-label={title} className="bg-sider-sub">
          {visibleChildren(item).map((child) => (
            <li key={child.id} role="none">
              <Leaf item={child} depth={1} collapsed={false} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function Leaf({ item, depth, collapsed }: { item: MenuItem; depth: number; collapsed: boolean }) {
  const locale = useLocale((state) => state.locale);
  const title = menuTitle(item, locale);
  const classes = (active: boolean) =>
    cn(
      'flex min-h-10 items-center gap-2.5 py-2 transition-colors hover:text-sider-hover',
      depth === 0 ? 'px-6' : 'pr-4 pl-12',
      collapsed && 'justify-center px-0',
      active && 'bg-sider-active text-sider-active-text hover:text-sider-active-text border-r-[3px] border-primary',
    );
  const content = (
    <>
      {depth === 0 ? <MenuIcon name={item.meta.icon} /> : null}
      {collapsed ? <span className="sr-only">{title}</span> : <span className="leading-snug">{title}</span>}
    </>
  );
  if (opensInNewWindow(item)) {
    return (
      <a role="menuitem" href={item.meta.url} target="_blank" rel="noreferrer" className={classes(false)} title={title}>
        {content}
      </a>
    );
  }
  return (
    <NavLink role="menuitem" to={item.path} className={({ isActive }) => classes(isActive)} title={title}>
      {content}
    </NavLink>
  );
}

function CollapsedGroup({ item, active }: { item: MenuItem; active: boolean }) {
  const locale = useLocale((state) => state.locale);
  const title = menuTitle(item, locale);
  return (
    <li role="none">
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          role="menuitem"
          aria-label={title}
          title={title}
          className={cn('flex h-10 w-full items-center justify-center transition-colors hover:text-sider-hover', active && 'text-primary-strong')}
        >
          <MenuIcon name={item.meta.icon} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content side="right" align="start" sideOffset={6} className="z-40 min-w-40 rounded bg-surface py-1 text-text shadow-lg">
            <DropdownMenu.Label className="px-3 py-1.5 text-xs text-text-muted">{title}</DropdownMenu.Label>
            <MenuChildLinks item={item} />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </li>
  );
}
