import { onlineReport } from '@shared/entities/online/report';
import { onlineReportCodes, onlineReportPath } from '@shared/online/cgreport';
import { withTargets } from './admin';
import { defineCommand, type Command } from './types';

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

/**
 * A published report's 导出 (its screen's button): the report as the screen is queried, to the
 * download centre — for whoever holds the button. Added when the menu naming the report arrives.
 */
export function publishedReportCommands(reportId: string, title: { 'zh-CN': string; en: string }): Command[] {
  const path = onlineReportPath(reportId);
  return [
    {
      id: `cgreport_${reportId}.export`,
      title: { 'zh-CN': `导出${title['zh-CN']}`, en: `Export ${title.en}` },
      keywords: ['export', 'excel', 'xlsx', 'daochu', 'report', 'baobiao'],
      section: 'rows',
      icon: 'download',
      permission: onlineReportCodes(reportId).export,
      screen: path,
      mutates: false,
      when: (ctx) => ctx.pathname === path,
      run: (ctx) => ctx.app.records.exportReport(reportId),
    },
  ];
}
