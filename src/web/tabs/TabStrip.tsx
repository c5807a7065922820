import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as ContextMenu from '@radix-ui/react-context-menu';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { HOME_PATH, LAYOUT } from '@shared/constants';
import { useRunCommand } from '@web/components/commandPort';
import { useLocale, useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { useTabs } from './store';
import type { TabEntry } from '@shared/tabs';

/**
 * The multi-page tab strip (52 px): click to switch, × to close, right-click for more. When the
 * tabs do not fit, ‹ › scroll them and a list shows them all; the active tab is kept in view.
 */
export function TabStrip() {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const navigate = useNavigate();
  const tabs = useTabs((state) => state.tabs);
  const titles = useTabs((state) => state.titles);
  const active = useTabs((state) => state.active);
  const scroller = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(false);

  const measure = useCallback(() => {
    const element = scroller.current;
    if (element) setOverflow(element.scrollWidth > element.clientWidth + 1);
  }, []);
  // Told after layout, before the frame is drawn: the strip's width and the tabs' (which grows as
  // tabs open). Not measured in a layout effect, which would lay out the whole console mid-commit.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  // The active tab is always in view (after a switch by key, palette or link too).
  useEffect(() => {
    scroller.current?.querySelector('[role="tab"][aria-selected="true"]')?.parentElement?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active, overflow]);

  const scrollBy = (step: number) => scroller.current?.scrollBy({ left: step * Math.max(200, (scroller.current?.clientWidth ?? 400) * 0.6), behavior: 'smooth' });
  const titleOf = (tab: TabEntry) => titles[tab.fullPath] ?? (locale === 'en' && tab.titleEn ? tab.titleEn : tab.title);
  return (
    <nav className="flex shrink-0 items-end gap-1 border-b border-border bg-surface px-4" style={{ height: LAYOUT.tabStripHeight }} data-testid="tab-strip">
      {overflow ? (
        <button
          type="button"
          className="mb-1.5 flex size-7 shrink-0 items-center justify-center rounded text-text-muted hover:bg-black/5 hover:text-text"
          aria-label={t('tabs.scrollLeft')}
          onClick={() => scrollBy(-1)}
          data-testid="tabs-scroll-left"
        >
          <ChevronLeft className="size-4" aria-hidden />
        </button>
      ) : null}
      <div ref={scroller} className="flex min-w-0 flex-1 items-end overflow-x-auto [scrollbar-width:none]">
        <div role="tablist" aria-label={t('tabs.list')} className="flex items-end gap-1">
          {tabs.map((tab, index) => (
            <Tab key={tab.fullPath} tab={tab} index={index} active={tab.fullPath === active} />
          ))}
        </div>
      </div>
      {overflow ? (
        <>
          <button
            type="button"
            className="mb-1.5 flex size-7 shrink-0 items-center justify-center rounded text-text-muted hover:bg-black/5 hover:text-text"
            aria-label={t('tabs.scrollRight')}
            onClick={() => scrollBy(1)}
            data-testid="tabs-scroll-right"
          >
            <ChevronRight className="size-4" aria-hidden />
          </button>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              className="mb-1.5 flex h-7 shrink-0 items-center gap-0.5 rounded px-1.5 text-sm text-text-muted hover:bg-black/5 hover:text-text"
              // The count it shows is in its name too: 全部页签 12.
              aria-label={`${t('tabs.all')} ${tabs.length}`}
              data-testid="tabs-all"
            >
              {tabs.length}
              <ChevronDown className="size-3.5" aria-hidden />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={4}
                className="z-40 max-h-[60vh] min-w-48 overflow-y-auto rounded border border-border bg-surface py-1 text-sm shadow-lg"
                data-testid="tabs-all-list"
              >
                {tabs.map((tab) => (
                  <DropdownMenu.Item
                    key={tab.fullPath}
                    onSelect={() => navigate(tab.fullPath)}
                    className={cn('cursor-pointer px-3 py-1.5 outline-none data-[highlighted]:bg-primary-soft', tab.fullPath === active && 'text-primary-strong')}
                  >
                    {titleOf(tab)}
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </>
      ) : null}
    </nav>
  );
}

function Tab({ tab, index, active }: { tab: TabEntry; index: number; active: boolean }) {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const navigate = useNavigate();
  const run = useRunCommand();
  const titles = useTabs((state) => state.titles);
  const title = titles[tab.fullPath] ?? (locale === 'en' && tab.titleEn ? tab.titleEn : tab.title);
  const isHome = tab.path === HOME_PATH;
  const on = (id: string) => () => void run(id, { path: tab.fullPath });

  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild>
        {/* The tab and its close button side by side: a button inside a tab is not announced right. */}
        <div
          onAuxClick={(event) => event.button === 1 && on('tabs.close')()}
          className={cn(
            'group flex h-9 items-center gap-1.5 rounded-t border border-b-0 px-3 text-sm whitespace-nowrap select-none',
            active ? 'border-border bg-primary-soft text-primary-strong' : 'border-transparent bg-canvas text-text hover:text-primary-strong',
          )}
          title={`${index < 9 ? `Alt+${index + 1} · ` : ''}${title}`}
        >
          <span
            role="tab"
            tabIndex={active ? 0 : -1}
            aria-selected={active}
            aria-keyshortcuts={isHome ? undefined : 'Control+Alt+W'}
            data-tab-path={tab.fullPath}
            onClick={() => navigate(tab.fullPath)}
            onKeyDown={(event) => event.key === 'Enter' && navigate(tab.fullPath)}
            className="cursor-pointer outline-none"
          >
            {title}
          </span>
          {isHome ? null : (
            // The mouse's close; the keyboard closes a tab with Ctrl+Alt+W or its context menu, so
            // the tab list holds tabs only (as assistive technology expects of a tab list).
            <span
              aria-hidden
              title={`${t('tabs.close')} ${title}`}
              data-testid="tab-close"
              onClick={(event) => {
                event.stopPropagation();
                on('tabs.close')();
              }}
              className="cursor-pointer rounded p-0.5 text-text-muted hover:bg-black/10 hover:text-text"
            >
              <X className="size-3" />
            </span>
          )}
        </div>
      </ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className="z-40 min-w-36 rounded bg-surface py-1 text-sm shadow-lg" data-testid="tab-context-menu">
          {(
            [
              ['1', 'tabs.closeLeft', 'tabs.closeLeft'],
              ['2', 'tabs.closeRight', 'tabs.closeRight'],
              ['3', 'tabs.closeOthers', 'tabs.closeOthers'],
              ['4', 'tabs.refresh', 'tabs.refresh'],
            ] as const
          ).map(([key, command, label]) => (
            <ContextMenu.Item
              key={key}
              onSelect={on(command)}
              className="flex cursor-pointer items-center gap-2 px-3 py-1.5 outline-none data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary-strong"
            >
              <span className="w-3 text-text-muted">{key}</span>
              {t(label)}
            </ContextMenu.Item>
          ))}
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}
