import { defineCommand } from './types';

export const systemCommands = [
  defineCommand({
    id: 'system.exportPermissions',
    title: { 'zh-CN': '导出菜单与权限配置', en: 'Export menus and permissions' },
    keywords: ['export', 'menu', 'permission', 'backup', 'json', 'daochu', 'caidan', 'quanxian'],
    section: 'system',
    icon: 'download',
    permission: 'system:permissions',
    run: ({ app }) => app.exportPermissions(),
  }),
];
