import { onlineReportCodes, onlineReportPath } from '@shared/online/cgreport';
import type { FlowEffect } from '../../crud/flowActions';
import { GRANTS_CHANGED } from '../../outbox/grants';
import { placeOnMenu, takeOffMenu, type PublishedScreen } from './publishedMenu';

/** A published report's screen: its name, its query and list, and one button, 导出. */
export const reportScreen = (row: Readonly<Record<string, unknown>>): PublishedScreen => {
  const id = String(row.id);
  const name = String(row.name);
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
export const reportActions: Readonly<Record<string, FlowEffect>> = {
  async publish({ work, row }) {
    const menuId = await placeOnMenu(work, reportScreen(row), String(row.menuArea), (row.menuId as string | null) ?? null);
    return { set: { menuId }, later: GRANTS_CHANGED };
  },
  async unpublish({ tx, row }) {
    if (row.menuId) await takeOffMenu(tx, String(row.menuId));
    return { set: { menuId: null }, later: GRANTS_CHANGED };
  },
};
