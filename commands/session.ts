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
    id: 'session.accountCenter',
    title: { 'zh-CN': '个人中心', en: 'Account centre' },
    keywords: ['account', 'profile', 'me', 'gerenzhongxin', 'grzx'],
    section: 'session',
    icon: 'user',
    run: ({ app }) => app.navigate('/account/center'),
  }),
  defineCommand({
    id: 'session.accountSettings',
    title: { 'zh-CN': '个人设置', en: 'Account settings' },
    keywords: ['account', 'settings', 'avatar', 'phone', 'notice', 'geren', 'shezhi', 'grsz'],
    section: 'session',
    icon: 'user-cog',
    run: ({ app }) => app.navigate('/account/settings'),
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
