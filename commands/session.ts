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
  defineCommand({
    id: 'session.changePassword',
    title: { 'zh-CN': '修改密码', en: 'Change password' },
    keywords: ['password', 'change', 'mima', 'xiugai', 'xgmm'],
    section: 'session',
    icon: 'key-round',
    hotkeys: ['alt+shift+p'],
    mutates: true,
    run: ({ app }) => app.openDialog('changePassword'),
  }),
  defineCommand({
    id: 'session.switchDepartment',
    title: { 'zh-CN': '切换部门', en: 'Switch department' },
    keywords: ['department', 'switch', 'bumen', 'qiehuan', 'qhbm'],
    section: 'session',
    icon: 'building-2',
    hotkeys: ['alt+shift+d'],
    run: ({ app }) => app.openDialog('switchDepart'),
  }),
];
