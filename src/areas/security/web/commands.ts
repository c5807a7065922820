import { on, withTargets } from '@commands/admin';
import { defineCommand } from '@commands/types';

/** 安防视频's commands: a camera's key (the terminals' key dialog, told which record and route), and playing an event back. */
export const securityCommands = [
  defineCommand({
    id: 'camera.issueKey',
    title: { 'zh-CN': '生成摄像头密钥', en: 'Issue a camera key' },
    keywords: ['camera', 'video', 'device', 'key', 'secret', 'shexiangtou', 'miyao'],
    section: 'cardOffice',
    icon: 'key-round',
    permission: 'camera:issueKey',
    screen: '/security/videos',
    mutates: true,
    when: on('/security/videos'),
    run: withTargets(true, ([id], { app }) => app.openDialog('terminalKey', { id, entity: 'security.camera', route: '/sec/camera/issueKey' })),
  }),
  defineCommand({
    id: 'videoRecord.play',
    title: { 'zh-CN': '回放视频', en: 'Play back a recording' },
    keywords: ['video', 'play', 'recording', 'security', 'huifang', 'luxiang'],
    section: 'cardOffice',
    icon: 'play',
    permission: 'videoRecord:play',
    screen: '/security/videos',
    when: on('/security/videos'),
    run: withTargets(true, ([id], { app }) => app.openDialog('videoPlayback', { id })),
  }),
] as const;
