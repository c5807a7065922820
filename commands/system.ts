import { defineCommand } from './types';

export const systemCommands = [
  defineCommand({
    id: 'downloads.open',
    title: { 'zh-CN': '下载中心', en: 'Download centre' },
    keywords: ['download', 'export', 'file', 'xiazai', 'xiazaizhongxin', 'xzzx'],
    section: 'system',
    icon: 'download',
    run: ({ app }) => app.openDialog('downloads'),
  }),
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
