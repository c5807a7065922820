import { useEffect, useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Command as CommandGlyph, Download, Languages, LogOut, Menu as MenuIconGlyph, PanelLeftClose, PanelLeftOpen, RefreshCw, Search, Settings2 } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { cn } from '@web/lib/cn';
import { findCommand } from '@commands/index';
import { MenuIcon } from '../menu/menuIcons';
import { TopMenu } from './TopMenu';
import { NoticeBell } from '@web/notices/NoticeBell';
import { Avatar } from '@web/screens/account/Avatar';
import { useRunCommand } from '@web/components/commandPort';
import { formatHotkey } from '@web/hotkeys/keys';
import { isMac } from '@web/lib/browser';
import { usePalette } from '@web/stores/palette';
import { authApi } from '@web/api/auth';
import { useLocale, useT } from '@web/i18n';
import { useLayout } from '@web/stores/layout';
import { useSession } from '@web/stores/session';

/** The name of the department the user works in now (it changes with 切换部门). */
function useCurrentDepartName(orgCode: string | null): string | null {
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!orgCode || orgCode in names) return;
    let live = true;
    authApi.currentDeparts().then(
      ({ list }) => live && setNames(Object.fromEntries(list.map((depart) => [depart.orgCode, depart.departName]))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orgCode, names]);
  return orgCode ? (names[orgCode] ?? null) : null;
}

/** Header: menu toggle, company name (else nickname; short title on mobile), user menu, logout. */
export function Header({ mobile, topMenu, onOpenDrawer }: { mobile: boolean; topMenu: boolean; onOpenDrawer(): void }) {
  const t = useT();
  const collapsed = useLayout((state) => state.collapsed);
  const userInfo = useSession((state) => state.userInfo);
  const locale = useLocale((state) => state.locale);
  // Header buttons are doors to the same commands as the palette, the hotkeys and deep links.
  const run = useRunCommand();
  const displayName = userInfo?.nickname || userInfo?.realname || userInfo?.username || '';
  const departName = useCurrentDepartName(userInfo?.orgCode ?? null);

  return (
    <header className={cn('flex h-header shrink-0 items-center gap-2 px-2 shadow-header', topMenu ? 'bg-sider text-sider-text' : 'bg-surface')} data-testid="header">
      {topMenu ? (
        <>
          <NavLink to="/" className="flex shrink-0 items-center gap-2 px-2" title={t('app.name')}>
            <img src="/logo.svg" alt="" className="size-7" />
            <span className="text-sm font-semibold">{t('app.name')}</span>
          </NavLink>
          <TopMenu />
        </>
      ) : (
        <HeaderStart
          mobile={mobile}
          collapsed={collapsed}
          onToggle={mobile ? onOpenDrawer : () => void run('appearance.toggleSider')}
          title={mobile ? t('app.shortName') : userInfo?.companyName || displayName}
        />
      )}
      <NoticeBell />
      <button
        type="button"
        onClick={() => void run('downloads.open')}
        className="flex size-8 items-center justify-center rounded hover:bg-black/5"
        aria-label={t('header.downloads')}
        title={t('header.downloads')}
        data-testid="downloads-button"
      >
        <Download className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        onClick={() => void run('appearance.settings')}
        className="flex size-8 items-center justify-center rounded hover:bg-black/5"
        aria-label={t('settings.open')}
        title={t('settings.open')}
        data-testid="settings-button"
      >
        <Settings2 className="size-4" aria-hidden />
      </button>

      <button
        type="button"
        onClick={() => usePalette.getState().openPalette('menus')}
        className={cn(
          'flex h-8 items-center gap-2 rounded border px-2.5 hover:border-primary hover:text-primary-strong',
          // On the top-menu bar the menu needs the room, and the bar may be dark.
          topMenu ? 'border-current/25 text-current opacity-80' : 'border-border text-text-muted sm:w-52',
        )}
        aria-label={t('palette.menuSearch')}
        title={t('palette.menuSearch')}
        data-testid="menu-search"
      >
        <Search className="size-4 shrink-0" aria-hidden />
        {mobile || topMenu ? null : <span className="truncate text-sm">{t('palette.menuSearch')}</span>}
      </button>
      {mobile ? null : (
        <button
          type="button"
          onClick={() => void run('help.palette')}
          className={cn('flex h-8 items-center gap-1.5 rounded px-2 hover:bg-black/5 hover:text-primary-strong', topMenu ? 'text-current opacity-80' : 'text-text-muted')}
          // Its name says what it shows (the key) after what it does.
          aria-label={`${t('palette.open')} ${formatHotkey('mod+k', isMac())}`}
          title={t('palette.open')}
          data-testid="palette-button"
        >
          <CommandGlyph className="size-4" aria-hidden />
          <kbd className="font-sans text-xs">{formatHotkey('mod+k', isMac())}</kbd>
        </button>
      )}

      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="flex h-10 items-center gap-2 rounded px-2 hover:bg-black/5" data-testid="user-menu-trigger">
          <Avatar avatar={userInfo?.avatar} name={displayName} size={28} />
          {mobile ? null : (
            <span className="flex max-w-56 flex-col items-start leading-tight">
              <span className="max-w-full truncate">{displayName}</span>
              {departName ? (
                <span className="max-w-full truncate text-xs text-text-muted" data-testid="current-depart">
                  {departName}
                </span>
              ) : null}
            </span>
          )}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className="z-40 min-w-40 rounded bg-surface py-1 shadow-lg">
            <DropdownMenu.Item
              className="flex cursor-pointer items-center gap-2 px-3 py-2 outline-none data-[highlighted]:bg-primary-soft"
              onSelect={() => void run('appearance.language', { locale: locale === 'en' ? 'zh-CN' : 'en' })}
            >
              <Languages className="size-4" aria-hidden />
              {t('header.language')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="flex cursor-pointer items-center gap-2 px-3 py-2 outline-none data-[highlighted]:bg-primary-soft"
              onSelect={() => void run('session.clearCache')}
              data-testid="clear-cache"
            >
              <RefreshCw className="size-4" aria-hidden />
              {t('header.clearCache')}
            </DropdownMenu.Item>
            <AccountItems />
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item className="flex cursor-pointer items-center gap-2 px-3 py-2 outline-none data-[highlighted]:bg-primary-soft" onSelect={() => void run('session.logout')}>
              <LogOut className="size-4" aria-hidden />
              {t('header.logout')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <button type="button" onClick={() => void run('session.logout')} className="flex h-10 items-center gap-1.5 rounded px-3 hover:bg-black/5" data-testid="logout-button">
        <LogOut className="size-4" aria-hidden />
        {mobile ? <span className="sr-only">{t('header.logout')}</span> : <span>{t('header.logout')}</span>}
      </button>
    </header>
  );
}

function HeaderStart({ mobile, collapsed, onToggle, title }: { mobile: boolean; collapsed: boolean; onToggle(): void; title: string }) {
  const t = useT();
  return (
    <>
      <button type="button" aria-label={t('header.toggleMenu')} title={t('header.toggleMenu')} onClick={onToggle} className="flex size-10 items-center justify-center rounded hover:bg-black/5">
        {mobile ? <MenuIconGlyph className="size-5" /> : collapsed ? <PanelLeftOpen className="size-5" /> : <PanelLeftClose className="size-5" />}
      </button>
      <div className="min-w-0 flex-1 truncate text-base font-medium" data-testid="header-title">
        {title}
      </div>
    </>
  );
}

/**
 * The user menu's account entries, each drawn from its command. Their own component: the menu's
 * content is built only when it opens, so the commands are not looked up while the console starts.
 */
function AccountItems() {
  const locale = useLocale((state) => state.locale);
  const run = useRunCommand();
  return (['session.accountCenter', 'session.accountSettings', 'session.changePassword', 'session.switchDepartment'] as const).map((id) => {
    const command = findCommand(id)!;
    return (
      <DropdownMenu.Item
        key={id}
        className="flex cursor-pointer items-center gap-2 px-3 py-2 outline-none data-[highlighted]:bg-primary-soft"
        onSelect={() => void run(id)}
        data-testid={`user-menu-${id}`}
      >
        <MenuIcon name={command.icon} />
        {command.title[locale]}
      </DropdownMenu.Item>
    );
  });
}
