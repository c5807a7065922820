import { on, withTargets } from '@commands/admin';
import { defineCommand } from '@commands/types';

/** 亲情通话's command: a family phone's key (the terminals' key dialog, told which record and route). */
export const callsCommands = [
  defineCommand({
    id: 'callPhone.issueKey',
    title: { 'zh-CN': '生成话机密钥', en: 'Issue a phone key' },
    keywords: ['phone', 'family', 'device', 'key', 'secret', 'huaji', 'miyao'],
    section: 'cardOffice',
    icon: 'key-round',
    permission: 'callPhone:issueKey',
    screen: '/calls/members',
    mutates: true,
    when: on('/calls/members'),
    run: withTargets(true, ([id], { app }) => app.openDialog('terminalKey', { id, entity: 'calls.phone', route: '/call/phone/issueKey' })),
  }),
] as const;
