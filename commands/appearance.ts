import { defineCommand } from './types';

export const appearanceCommands = [
  defineCommand({
    id: 'appearance.toggleSider',
    title: { 'zh-CN': '展开/收起侧边菜单', en: 'Collapse or expand the side menu' },
    keywords: ['sidebar', 'menu', 'collapse', 'cebianlan'],
    section: 'appearance',
    icon: 'panel-left',
    hotkeys: ['mod+backslash'],
    hotkeysInInputs: true,
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
];
