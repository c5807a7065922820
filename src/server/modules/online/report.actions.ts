import { onlineReportCodes, onlineReportPath } from '@shared/online/cgreport';
import type { FlowEffect } from '../../crud/flowActions';
import { onlineReports } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { GRANTS_CHANGED } from '../../outbox/grants';
import { placeOnMenu, takeOffMenu, type PublishedScreen } from './publishedMenu';

type ReportRow = RowOf<typeof onlineReports>;

/** A published report's screen: its name, its query and list, and one button, 导出. */
export const reportScreen = ({ id, name }: Pick<ReportRow, 'id' | 'name'>): PublishedScreen => {
  return {
    path: onlineReportPath(id),
    title: { 'zh-CN': name, en: name },
    component: 'online/OnlineReportScreen',
    componentName: 'OnlineReportScreen',
    buttons: [{ code: onlineReportCodes(id).export, title: { 'zh-CN': `导出${name}`, en: `Export ${name}` } }],
    dataRules: false,
  };
};

/**
 * Online 报表's flow: 发布 puts the report on the menu as its own screen (query, list, 导出) under
 * the chosen area, granted to the school's 系统管理员; 取消发布 takes it off with every role's grant.
 */
export const reportActions: Readonly<Record<string, FlowEffect<ReportRow>>> = {
  async publish({ work, row }) {
    const menuId = await placeOnMenu(work, reportScreen(row), row.menuArea, row.menuId);
    return { set: { menuId }, later: GRANTS_CHANGED };
  },
  async unpublish({ work, row }) {
    if (row.menuId) await takeOffMenu(work.tx, row.menuId);
    return { set: { menuId: null }, later: GRANTS_CHANGED };
  },
};
