import { on, withTargets } from '@commands/admin';
import { defineCommand } from '@commands/types';

/** 门禁管理's command beside its flows: a door controller's key (the terminals' key dialog, told which record and route). */
export const accessCommands = [
  defineCommand({
    id: 'door.issueKey',
    title: { 'zh-CN': '生成门禁设备密钥', en: 'Issue a door controller key' },
    keywords: ['door', 'gate', 'device', 'key', 'secret', 'menjin', 'miyao'],
    section: 'cardOffice',
    icon: 'key-round',
    permission: 'door:issueKey',
    screen: '/access/devices',
    mutates: true,
    when: on('/access/devices'),
    run: withTargets(true, ([id], { app }) => app.openDialog('terminalKey', { id, entity: 'access.door', route: '/acs/door/issueKey' })),
  }),
] as const;
