import { describe, expect, it } from 'vitest';
import { commands, deepLinkOf, findCommand, isAvailable, isLocked, type CommandContext } from '@commands/index';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { canonicalHotkey, formatHotkey, hasModifier, isComposing, isSequence, RESERVED_HOTKEYS } from '@web/hotkeys/keys';

const ctx = (over: Partial<CommandContext> = {}): CommandContext => ({
  pathname: '/dashboard/analysis',
  fullPath: '/dashboard/analysis',
  codes: new Set(),
  auth: [],
  allAuth: [],
  locale: 'zh-CN',
  selection: [],
  settings: DEFAULT_SETTINGS,
  openTabs: [],
  activeTab: null,
  ...over,
});
const admin = ctx({ codes: new Set(['system:permissions']) });
const available = (id: string, context: CommandContext) => isAvailable(findCommand(id)!, context);

describe('command availability', () => {
  it.each(['nav.home', 'nav.back', 'nav.forward', 'nav.copyLink', 'session.logout', 'session.clearCache', 'appearance.toggleSider', 'appearance.language', 'help.palette', 'help.shortcuts'])(
    '%s needs no permission and is available to every signed-in user',
    (id) => {
      expect(available(id, ctx())).toBe(true);
      expect(isLocked(findCommand(id)!, ctx())).toBe(false);
    },
  );

  it('system.exportPermissions needs system:permissions: available to the admin, locked for others', () => {
    expect(available('system.exportPermissions', admin)).toBe(true);
    expect(available('system.exportPermissions', ctx())).toBe(false);
    expect(isLocked(findCommand('system.exportPermissions')!, ctx())).toBe(true);
    expect(isLocked(findCommand('system.exportPermissions')!, admin)).toBe(false);
  });

  it('a command whose button is switched off (status 0) is locked in the palette, as its button is disabled', () => {
    const add = findCommand('user.add')!;
    const holder = ctx({
      pathname: '/system/users',
      codes: new Set(['system:users', 'user:add']),
      auth: [{ action: 'user:add', type: '1' }],
      allAuth: [{ action: 'user:add', type: '1', status: '1' }],
    });
    expect(isAvailable(add, holder)).toBe(true);
    const switchedOff = ctx({ pathname: '/system/users', codes: new Set(['system:users']), auth: [], allAuth: [{ action: 'user:add', type: '1', status: '0' }] });
    expect(isAvailable(add, switchedOff)).toBe(false);
    expect(isLocked(add, switchedOff)).toBe(true);
  });

  it('row commands exist only while rows are selected', () => {
    for (const id of ['grid.exportSelected', 'grid.clearSelection']) {
      expect(available(id, ctx())).toBe(false);
      expect(available(id, ctx({ selection: [{ id: '1' }] }))).toBe(true);
    }
  });

  it('tab commands need multi-page mode and open tabs', () => {
    const tabs = [
      { fullPath: '/a', title: 'A' },
      { fullPath: '/b', title: 'B' },
    ];
    expect(available('tabs.close', ctx())).toBe(false);
    expect(available('tabs.close', ctx({ openTabs: tabs }))).toBe(true);
    expect(available('tabs.next', ctx({ openTabs: tabs.slice(0, 1) }))).toBe(false);
    expect(available('tabs.close', ctx({ openTabs: tabs, settings: { ...DEFAULT_SETTINGS, multipage: false } }))).toBe(false);
  });

  it('settings commands follow the settings rules', () => {
    expect(available('appearance.autoHideHeader', ctx())).toBe(false);
    expect(available('appearance.autoHideHeader', ctx({ settings: { ...DEFAULT_SETTINGS, fixedHeader: true } }))).toBe(true);
    expect(available('appearance.fixSiderbar', ctx({ settings: { ...DEFAULT_SETTINGS, layout: 'topmenu' } }))).toBe(false);
    expect(available('appearance.toggleSider', ctx({ settings: { ...DEFAULT_SETTINGS, layout: 'topmenu' } }))).toBe(false);
  });

  it('nav.copyLink is absent on a deep-link page', () => {
    expect(available('nav.copyLink', ctx({ pathname: '/do/nav.home' }))).toBe(false);
  });

  it('has unique ids, both titles, and a deep link per command', () => {
    const ids = commands().map((command) => command.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const command of commands()) {
      expect(command.title['zh-CN']).toMatch(/\p{Script=Han}/u);
      expect(command.title.en).toMatch(/^[A-Z]/);
    }
    expect(deepLinkOf('appearance.language', { locale: 'en' })).toBe('/do/appearance.language?locale=en');
  });
});

describe('hotkeys', () => {
  const all = commands().flatMap((command) => (command.hotkeys ?? []).map((hotkey) => ({ id: command.id, hotkey, inInputs: 'hotkeysInInputs' in command && command.hotkeysInInputs === true })));

  it('no two commands claim the same key in the same scope', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const { id, hotkey } of all) {
      const key = canonicalHotkey(hotkey);
      const other = seen.get(key);
      if (other && other !== id) clashes.push(`${hotkey}: ${other} and ${id}`);
      seen.set(key, id);
    }
    expect(clashes).toEqual([]);
  });

  it('the clash check itself catches ctrl and mod as the same key', () => {
    expect(canonicalHotkey('ctrl+shift+k')).toBe(canonicalHotkey('shift+mod+k'));
  });

  it('no command takes a key the browser, the OS or an IME owns', () => {
    expect(all.filter(({ hotkey }) => RESERVED_HOTKEYS.includes(canonicalHotkey(hotkey))).map(({ hotkey }) => hotkey)).toEqual([]);
  });

  it('every sequence has a modifier alternative, because an IME swallows bare letters', () => {
    for (const command of commands()) {
      const keys = command.hotkeys ?? [];
      if (keys.some(isSequence)) expect(keys.some(hasModifier), command.id).toBe(true);
    }
  });

  it('only modifier combinations may fire inside text fields', () => {
    for (const { hotkey, inInputs, id } of all) if (inInputs) expect(hasModifier(hotkey), `${id} ${hotkey}`).toBe(true);
  });

  it('reads keys as glyphs on Mac and as text elsewhere', () => {
    expect(formatHotkey('mod+k', true)).toBe('⌘K');
    expect(formatHotkey('mod+k', false)).toBe('Ctrl+K');
    expect(formatHotkey('ctrl+alt+shift+k', true)).toBe('⌃⌥⇧K');
    expect(formatHotkey('ctrl+shift+k', false)).toBe('Ctrl+Shift+K');
    expect(formatHotkey('shift+slash', false)).toBe('?');
    expect(formatHotkey('g>h', false)).toBe('G H');
  });
});

describe('the IME guard', () => {
  it.each([
    [{ isComposing: true, key: 'Enter' }, true],
    [{ keyCode: 229, key: 'Enter' }, true],
    [{ key: 'Process' }, true],
    [{ isComposing: false, keyCode: 13, key: 'Enter' }, false],
  ])('%j composing: %s', (event, expected) => {
    expect(isComposing(event)).toBe(expected);
  });
});
