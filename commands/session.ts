import { defineCommand } from './types';

export const sessionCommands = [
  defineCommand({
    id: 'session.logout',
    title: { 'zh-CN': '退出登录', en: 'Log out' },
    keywords: ['logout', 'sign out', 'exit', 'tuichu'],
    section: 'session',
    icon: 'log-out',
    // Asks 'really log out?' first, so a link cannot sign anyone out unawares.
    run: ({ app }) => app.logout(),
  }),
  defineCommand({
    id: 'session.clearCache',
    title: { 'zh-CN': '清理缓存', en: 'Clear cache' },
    keywords: ['cache', 'refresh', 'dictionary', 'huancun', 'zidian'],
    section: 'session',
    icon: 'refresh-cw',
    run: ({ app }) => app.clearCache(),
  }),
];
