import { addCommands } from '@commands/index';
import { publishedReportCommands } from '@commands/online';
import type { MenuItem } from '@shared/types';

/** The screen component of a published online report (the server's menu names it). */
export const REPORT_SCREEN = 'online/OnlineReportScreen';

/** Where a published report's screen keeps the query it last ran (its 导出 sends the same). */
export const reportListKey = (reportId: string) => `cgreport:${reportId}`;

/** The commands of the published reports the user's menu shows (their 导出), once the menu arrives. */
export function addPublishedReportCommands(menu: readonly MenuItem[]): void {
  for (const item of menu) {
    if (item.children?.length) addPublishedReportCommands(item.children);
    if (item.component !== REPORT_SCREEN) continue;
    const reportId = item.path.split('/').pop() ?? '';
    addCommands(publishedReportCommands(reportId, { 'zh-CN': item.meta.title, en: item.meta.titleEn ?? item.meta.title }));
  }
}
