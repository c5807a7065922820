import { useEffect, useMemo, useState } from 'react';
import { blockedBy, commands as allCommands, deepLinkOf, isAvailable, isAvailableOnItsScreen, isLocked, type Command } from '@commands/index';
import { SECTION_TITLES } from '@commands/types';
import type { MenuItem } from '@shared/types';
import { useCommandContext } from '@web/components/commandPort';
import { usePermissions } from '@web/stores/permissions';
import { findChain, visibleLeaves } from '@web/menu/menuModel';
import { buildSearchKeys, loadPinyin, pinyinLoaded, type SearchKeys } from './search';

/** One thing the palette can show: a leaf menu, an available command, or a locked one. */
export interface PaletteEntry {
  id: string;
  kind: 'menu' | 'command' | 'locked' | 'tab';
  title: { 'zh-CN': string; en: string };
  /** Parent menus of a menu, the section of a command. */
  subtitle: { 'zh-CN': string; en: string };
  icon: string | undefined;
  hotkeys: readonly string[];
  deepLink: string;
  keys: SearchKeys;
  menu?: MenuItem;
  command?: Command;
  /** An open tab to switch to. */
  tabPath?: string;
  /** A record command of another screen: running it opens that screen first. */
  elsewhere?: boolean;
  /** Why a locked command cannot run on the selected rows (rather than a missing permission). */
  reason?: { 'zh-CN': string; en: string };
}

function menuEntries(menu: readonly MenuItem[]): PaletteEntry[] {
  return visibleLeaves(menu).map(({ item, parents }) => {
    const zh = item.meta.title;
    const en = item.meta.titleEn ?? zh;
    const parentZh = parents.map((p) => p.meta.title).join(' / ');
    const parentEn = parents.map((p) => p.meta.titleEn ?? p.meta.title).join(' / ');
    return {
      id: `menu:${item.path}`,
      kind: 'menu',
      title: { 'zh-CN': zh, en },
      subtitle: { 'zh-CN': parentZh, en: parentEn },
      icon: item.meta.icon ?? parents[0]?.meta.icon,
      hotkeys: [],
      deepLink: item.meta.url ?? item.path,
      keys: buildSearchKeys(zh, [
        { text: en, weight: 0.95 },
        { text: parentZh, weight: 0.3 },
      ]),
      menu: item,
    };
  });
}

// A command's titles never change: its keys are built once per page load (again once pinyin is in).
const commandKeys = new Map<string, SearchKeys>();

function commandEntry(command: Command, kind: 'command' | 'locked'): PaletteEntry {
  let keys = commandKeys.get(command.id);
  if (!keys) {
    keys = buildSearchKeys(command.title['zh-CN'], [{ text: command.title.en, weight: 0.95 }, ...(command.keywords ?? []).map((keyword) => ({ text: keyword, weight: 0.6 }))]);
    commandKeys.set(command.id, keys);
  }
  return {
    id: `${kind === 'locked' ? 'locked' : 'cmd'}:${command.id}`,
    kind,
    title: command.title,
    subtitle: SECTION_TITLES[command.section],
    icon: command.icon,
    hotkeys: command.hotkeys ?? [],
    deepLink: deepLinkOf(command.id),
    keys,
    command,
  };
}

/**
 * The palette's index, derived state: visible leaf menus (keys built when the menu changes),
 * available commands and locked ones (when the context changes).
 */
const tabKeys = new Map<string, SearchKeys>();

function tabEntry(tab: { fullPath: string; title: string }): PaletteEntry {
  let keys = tabKeys.get(tab.title);
  if (!keys) {
    keys = buildSearchKeys(tab.title, [{ text: tab.fullPath, weight: 0.3 }]);
    tabKeys.set(tab.title, keys);
  }
  const subtitle = { 'zh-CN': `已打开的页面 · ${tab.fullPath}`, en: `Open page · ${tab.fullPath}` };
  return { id: `tab:${tab.fullPath}`, kind: 'tab', title: { 'zh-CN': tab.title, en: tab.title }, subtitle, icon: 'panel-left', hotkeys: [], deepLink: tab.fullPath, keys, tabPath: tab.fullPath };
}

export function usePaletteIndex(): {
  menus: PaletteEntry[];
  commands: PaletteEntry[];
  locked: PaletteEntry[];
  tabs: PaletteEntry[];
  /** Pinyin and initials match too (the dictionary has arrived). */
  withPinyin: boolean;
} {
  const menu = usePermissions((state) => state.menu);
  const ctx = useCommandContext();
  const [withPinyin, setWithPinyin] = useState(pinyinLoaded);
  useEffect(() => {
    if (withPinyin) return;
    let live = true;
    void loadPinyin().then(() => {
      if (!live) return;
      // Keys built without pinyin are built again.
      commandKeys.clear();
      tabKeys.clear();
      setWithPinyin(true);
    });
    return () => {
      live = false;
    };
  }, [withPinyin]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when pinyin arrives
  const menus = useMemo(() => menuEntries(menu), [menu, withPinyin]);
  const { commands, locked, tabs } = useMemo(
    () => ({
      tabs: ctx.openTabs.map(tabEntry),
      commands: [
        ...allCommands()
          .filter((command) => isAvailable(command, ctx) && !blockedBy(command, ctx))
          .map((command) => commandEntry(command, 'command')),
        // Another screen's record commands, named with their screen (新增用户 · 用户管理); one that
        // runs here too (柜台消费 on a person's account) is listed once, as here.
        ...allCommands()
          .filter((command) => isAvailableOnItsScreen(command, ctx) && !isAvailable(command, ctx))
          .map((command): PaletteEntry => {
            const screen = findChain(menu, command.screen!).at(-1);
            const subtitle = screen ? { 'zh-CN': screen.meta.title, en: screen.meta.titleEn ?? screen.meta.title } : SECTION_TITLES[command.section];
            return { ...commandEntry(command, 'command'), subtitle, elsewhere: true };
          }),
      ],
      locked: [
        ...allCommands()
          .filter((command) => isLocked(command, ctx))
          .map((command) => commandEntry(command, 'locked')),
        // Permitted here, but not on the rows selected: greyed with the reason (「张三」当前状态为已审核，不能审核).
        ...allCommands()
          .filter((command) => isAvailable(command, ctx))
          .flatMap((command) => {
            const reason = blockedBy(command, ctx);
            return reason ? [{ ...commandEntry(command, 'locked'), reason }] : [];
          }),
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when pinyin arrives
    [ctx, menu, withPinyin],
  );
  return { menus, commands, locked, tabs, withPinyin };
}
