import { useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Ellipsis } from 'lucide-react';
import type { MenuItem } from '@shared/types';
import { useLocale, useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { usePermissions } from '@web/stores/permissions';
import { MenuChildLinks } from './MenuChildLinks';
import { MenuIcon } from '../menu/menuIcons';
import { findChain, isVisible, menuTitle, opensInNewWindow } from '../menu/menuModel';

const MORE_WIDTH = 72;

/**
 * The top-menu layout's navigation, from the same menu data as the side menu. Entries that do
 * not fit go into a "more" menu.
 */
export function TopMenu() {
  const t = useT();
  const menu = usePermissions((state) => state.menu).filter(isVisible);
  const { pathname } = useLocation();
  const active = findChain(menu, pathname)[0]?.id;
  const container = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(menu.length);

  useLayoutEffect(() => {
    const box = container.current;
    const ruler = measure.current;
    if (!box || !ruler) return;
    const compute = () => {
      const widths = [...ruler.children].map((child) => (child as HTMLElement).offsetWidth);
      const available = box.clientWidth;
      let used = 0;
      let count = 0;
      for (const width of widths) {
        const reserve = count + 1 < widths.length ? MORE_WIDTH : 0;
        if (used + width + reserve > available) break;
        used += width;
        count += 1;
      }
      setFit(count);
    };
    compute();
    const observer = new ResizeObserver(compute);
    observer.observe(box);
    return () => observer.disconnect();
  }, [menu.length]);

  const shown = menu.slice(0, fit);
  const hidden = menu.slice(fit);
  return (
    <div ref={container} className="relative flex h-full min-w-0 flex-1 items-stretch overflow-hidden" data-testid="top-menu">
      {/* An invisible copy measures every entry's width. */}
      <div ref={measure} aria-hidden className="invisible absolute flex">
        {menu.map((item) => (
          <TopEntry key={item.id} item={item} active={false} measuring />
        ))}
      </div>
      <nav className="flex items-stretch" aria-label={t('common.home')}>
        {shown.map((item) => (
          <TopEntry key={item.id} item={item} active={item.id === active} />
        ))}
        {hidden.length ? <MoreMenu items={hidden} label={t('header.more')} /> : null}
      </nav>
    </div>
  );
}

const entryClass = (active: boolean) =>
  cn('flex h-full items-center gap-1.5 border-b-2 px-4 whitespace-nowrap transition-colors hover:text-primary-strong', active ? 'border-primary text-primary-strong' : 'border-transparent');

function TopEntry({ item, active, measuring = false }: { item: MenuItem; active: boolean; measuring?: boolean }) {
  const locale = useLocale((state) => state.locale);
  const title = menuTitle(item, locale);
  const content = (
    <>
      <MenuIcon name={item.meta.icon} />
      <span>{title}</span>
      {item.children?.length ? <ChevronDown className="size-3" aria-hidden /> : null}
    </>
  );
  if (measuring) return <span className={entryClass(false)}>{content}</span>;
  if (!item.children?.length) {
    return opensInNewWindow(item) ? (
      <a href={item.meta.url} target="_blank" rel="noreferrer" className={entryClass(active)}>
        {content}
      </a>
    ) : (
      <NavLink to={item.path} className={entryClass(active)}>
        {content}
      </NavLink>
    );
  }
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={entryClass(active)}>{content}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" className="z-40 min-w-40 rounded bg-surface py-1 shadow-lg">
          <MenuChildLinks item={item} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MoreMenu({ items, label }: { items: MenuItem[]; label: string }) {
  const locale = useLocale((state) => state.locale);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={entryClass(false)} aria-label={label} data-testid="top-menu-more">
        <Ellipsis className="size-4" aria-hidden />
        <span>{label}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" className="z-40 max-h-[70vh] min-w-44 overflow-y-auto rounded bg-surface py-1 shadow-lg">
          {items.map((item) =>
            item.children?.length ? (
              <DropdownMenu.Sub key={item.id}>
                <DropdownMenu.SubTrigger className="flex items-center gap-2 px-3 py-1.5 outline-none data-[highlighted]:bg-primary-soft data-[state=open]:bg-primary-soft">
                  <MenuIcon name={item.meta.icon} />
                  {menuTitle(item, locale)}
                </DropdownMenu.SubTrigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.SubContent className="z-40 min-w-40 rounded bg-surface py-1 shadow-lg">
                    <MenuChildLinks item={item} />
                  </DropdownMenu.SubContent>
                </DropdownMenu.Portal>
              </DropdownMenu.Sub>
            ) : (
              <DropdownMenu.Item key={item.id} asChild>
                <NavLink to={item.path} className="flex items-center gap-2 px-3 py-1.5 outline-none data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary-strong">
                  <MenuIcon name={item.meta.icon} />
                  {menuTitle(item, locale)}
                </NavLink>
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
