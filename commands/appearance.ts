import { COLOR_PRESETS, type ThemeSettings } from '@shared/settings';
import { defineCommand, type CommandArgs, type RunContext } from './types';

type Toggle = 'fixedHeader' | 'autoHideHeader' | 'fixSiderbar' | 'colorWeak' | 'multipage';

/** A setting switch: `?on=true|false` from a link, else it flips. */
function toggle(key: Toggle, id: string, zh: string, en: string, keywords: string[], when?: (settings: ThemeSettings) => boolean) {
  return defineCommand({
    id: `appearance.${id}`,
    title: { 'zh-CN': zh, en },
    keywords: [...keywords, 'setting', 'shezhi'],
    section: 'appearance',
    icon: 'settings',
    ...(when ? { when: (ctx: { settings: ThemeSettings }) => when(ctx.settings) } : {}),
    run: ({ app, settings }: RunContext, args: CommandArgs) => app.setSetting(key, args.on === undefined ? !settings[key] : args.on === 'true'),
  });
}

type Choice = 'navTheme' | 'layout' | 'contentWidth';

/** A setting with named values: the palette asks on a nested page, a link passes `?{arg}=`. */
function choice<K extends Choice>(
  id: string,
  key: K,
  title: { 'zh-CN': string; en: string },
  keywords: string[],
  arg: string,
  options: readonly (readonly [value: ThemeSettings[K], zh: string, en: string])[],
  fallback: ThemeSettings[K],
) {
  return defineCommand({
    id: `appearance.${id}`,
    title,
    keywords: [...keywords, 'setting', 'shezhi'],
    section: 'appearance',
    icon: 'settings',
    args: [{ name: arg, title, options: () => options.map(([value, zh, en]) => ({ value, title: { 'zh-CN': zh, en }, keywords: [value.toLowerCase()] })) }],
    run: ({ app }: RunContext, args: CommandArgs) => app.setSetting(key, options.find(([value]) => value === args[arg])?.[0] ?? fallback),
  });
}

export const appearanceCommands = [
  defineCommand({
    id: 'appearance.toggleSider',
    title: { 'zh-CN': '展开/收起侧边菜单', en: 'Collapse or expand the side menu' },
    keywords: ['sidebar', 'menu', 'collapse', 'cebianlan'],
    section: 'appearance',
    icon: 'panel-left',
    hotkeys: ['mod+backslash'],
    hotkeysInInputs: true,
    when: (ctx) => ctx.settings.layout === 'sidemenu',
    run: ({ app }) => app.toggleSider(),
  }),
  defineCommand({
    id: 'appearance.language',
    title: { 'zh-CN': '切换语言', en: 'Switch language' },
    keywords: ['language', 'locale', 'english', 'chinese', '中文', 'yuyan'],
    section: 'appearance',
    icon: 'languages',
    hotkeys: ['g>l', 'alt+shift+l'],
    args: [
      {
        name: 'locale',
        title: { 'zh-CN': '语言', en: 'Language' },
        options: () => [
          { value: 'zh-CN', title: { 'zh-CN': '简体中文', en: 'Simplified Chinese' }, keywords: ['chinese', 'zh'] },
          { value: 'en', title: { 'zh-CN': 'English', en: 'English' }, keywords: ['english', 'en', 'yingwen'] },
        ],
      },
    ],
    run: ({ app }, args) => app.setLocale(args.locale === 'en' ? 'en' : 'zh-CN'),
  }),
  defineCommand({
    id: 'appearance.settings',
    title: { 'zh-CN': '打开界面设置', en: 'Open appearance settings' },
    keywords: ['settings', 'theme', 'appearance', 'jiemian', 'zhuti'],
    section: 'appearance',
    icon: 'settings',
    hotkeys: ['g>s', 'alt+shift+s'],
    run: ({ app }) => app.openSettings(),
  }),
  choice(
    'menuTheme',
    'navTheme',
    { 'zh-CN': '切换菜单风格', en: 'Menu theme' },
    ['dark', 'light', 'menu', 'theme', 'anse', 'liangse'],
    'theme',
    [
      ['dark', '暗色菜单', 'Dark menu'],
      ['light', '亮色菜单', 'Light menu'],
    ],
    'light',
  ),
  defineCommand({
    id: 'appearance.themeColor',
    title: { 'zh-CN': '更换主题色', en: 'Theme colour' },
    keywords: ['color', 'colour', 'theme', 'zhutise', 'yanse'],
    section: 'appearance',
    icon: 'settings',
    args: [
      {
        name: 'color',
        title: { 'zh-CN': '主题色', en: 'Theme colour' },
        options: () => COLOR_PRESETS.map((preset) => ({ value: preset.color, title: { 'zh-CN': `${preset.zh} ${preset.color}`, en: `${preset.en} ${preset.color}` } })),
      },
    ],
    run: ({ app }, args) => app.setSetting('primaryColor', args.color ?? COLOR_PRESETS[0].color),
  }),
  choice(
    'layout',
    'layout',
    { 'zh-CN': '切换导航模式', en: 'Navigation layout' },
    ['layout', 'top', 'side', 'menu', 'daohang', 'buju'],
    'layout',
    [
      ['sidemenu', '侧边菜单布局', 'Side menu'],
      ['topmenu', '顶部菜单布局', 'Top menu'],
    ],
    'sidemenu',
  ),
  choice(
    'contentWidth',
    'contentWidth',
    { 'zh-CN': '切换内容区域宽度', en: 'Content width' },
    ['width', 'fixed', 'fluid', 'kuandu'],
    'width',
    [
      ['Fixed', '定宽', 'Fixed'],
      ['Fluid', '流式', 'Fluid'],
    ],
    'Fixed',
  ),
  toggle('fixedHeader', 'fixedHeader', '固定/取消固定 Header', 'Fixed header on or off', ['header', 'fixed', 'guding']),
  toggle('autoHideHeader', 'autoHideHeader', '下滑时隐藏 Header', 'Hide header on scroll', ['header', 'hide', 'scroll', 'yincang'], (s) => s.fixedHeader),
  toggle('fixSiderbar', 'fixSiderbar', '固定/取消固定侧边菜单', 'Fixed side menu on or off', ['sidebar', 'fixed', 'guding'], (s) => s.layout === 'sidemenu'),
  toggle('colorWeak', 'colorWeak', '色弱模式', 'Colour-weak mode', ['color', 'weak', 'accessibility', 'seruo']),
  toggle('multipage', 'multipage', '多页签模式', 'Multi-tab mode', ['tabs', 'multipage', 'duoyeqian']),
];
