import { onlineReport } from '@shared/entities/online/report';
import { withTargets } from './admin';
import { defineCommand } from './types';

const REPORTS_SCREEN = onlineReport.screen.path;

/** 在线开发's commands beside the engine's: a report seen as its users will see it, in the popup picker. */
export const onlineCommands = [
  defineCommand({
    id: 'onlreport.preview',
    title: { 'zh-CN': '预览报表', en: 'Preview report' },
    keywords: ['report', 'preview', 'popup', 'online', 'yulan', 'baobiao'],
    section: 'rows',
    icon: 'eye',
    permission: 'online:reports',
    screen: REPORTS_SCREEN,
    when: (ctx) => ctx.pathname === REPORTS_SCREEN,
    // A link names the record only: the picker reads its code.
    run: withTargets(true, ([id], { app }) => app.openDialog('reportPopup', { reportId: id, multi: '1' })),
  }),
] as const;
