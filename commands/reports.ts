import { defineCommand } from './types';

/** The report screens, by kind: a report command acts on the one in front of the user. */
export const REPORT_SCREENS = { daily: '/reports/daily', monthly: '/reports/monthly', yearly: '/reports/yearly' } as const;
const onReport = (pathname: string) => (Object.values(REPORT_SCREENS) as string[]).includes(pathname);

/** 统计报表: the report in front of the user to a workbook or to paper, and 日终结算 by hand. */
export const reportCommands = [
  defineCommand({
    id: 'report.export',
    title: { 'zh-CN': '导出报表', en: 'Export the report' },
    keywords: ['report', 'export', 'excel', 'xlsx', 'baobiao', 'daochu', 'ribao', 'yuebao', 'nianbao'],
    section: 'rows',
    icon: 'download',
    permission: 'dailyReport:export,monthlyReport:export,yearlyReport:export',
    when: (ctx) => onReport(ctx.pathname),
    // With the screen's own query: the day, month or year and every choice of its query area.
    run: ({ app }) => app.reports.export(),
  }),
  defineCommand({
    id: 'report.print',
    title: { 'zh-CN': '打印报表', en: 'Print the report' },
    keywords: ['report', 'print', 'baobiao', 'dayin'],
    section: 'rows',
    icon: 'printer',
    when: (ctx) => onReport(ctx.pathname),
    run: ({ app }) => app.reports.print(),
  }),
  defineCommand({
    id: 'report.closeDays',
    title: { 'zh-CN': '日终结算', en: 'Close the days' },
    keywords: ['report', 'close', 'day', 'settle', 'rijie', 'rizhong', 'jiesuan'],
    section: 'rows',
    icon: 'calendar-check',
    permission: 'dailyReport:close',
    screen: REPORT_SCREENS.daily,
    mutates: true,
    when: (ctx) => ctx.pathname === REPORT_SCREENS.daily,
    run: ({ app }) => app.reports.closeDays(),
  }),
] as const;
