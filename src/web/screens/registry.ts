import type { ComponentType } from 'react';
import { entities } from '@shared/entities';
import { webAreas } from '@web/registry/areas';

/** A screen module: its default export is the page. */
export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

/**
 * Screens by the component path the server's menu names (`system/UserList`). Each is its own
 * chunk. A menu whose component is missing here shows MODULE_NOT_FOUND.
 */
const PRODUCT_SCREENS: Readonly<Record<string, ScreenLoader>> = {
  'dashboard/Analysis': () => import('./dashboard/Analysis'),
  'online/OnlineFormScreen': () => import('./online/OnlineFormScreen'),
  'online/OnlineReportScreen': () => import('./online/OnlineReportScreen'),
  'dashboard/Monitor': () => import('./dashboard/Monitor'),
  'dashboard/Workplace': () => import('./dashboard/Workplace'),
  'dashboard/Task': () => import('./dashboard/Task'),
  'dashboard/Chart': () => import('./dashboard/Chart'),
  'demo/ChartDemos': () => import('./demo/ChartDemos'),
  'test/Home': () => import('./test/Home'),
  'layouts/IframePageView': () => import('./layouts/IframePage'),
  'demo/TableEdit': () => import('./demo/TableEdit'),
  'demo/SplitPanel': () => import('./demo/SplitPanel'),
  'demo/Print': () => import('./demo/Print'),
  'demo/PdfView': () => import('./demo/PdfView'),
  'result/Success': () => import('./result/Success'),
  'result/Error': () => import('./result/Error'),
  'list/QueryTable': () => import('./list/QueryTable'),
  'list/CardList': () => import('./list/CardList'),
  'list/BasicList': () => import('./list/BasicList'),
  'form/StepForm': () => import('./form/StepForm'),
  'system/UserList': () => import('./system/UserList'),
  'system/RoleList': () => import('./system/RoleList'),
  'system/DepartList': () => import('./system/DepartList'),
  'system/PermissionList': () => import('./system/PermissionList'),
  'members/MemberDepartmentList': () => import('./members/MemberDepartmentList'),
  'members/MemberList': () => import('./members/MemberList'),
  'members/AccountList': () => import('./members/AccountList'),
  'members/CardList': () => import('./members/CardList'),
  'members/CardBalanceList': () => import('./members/CardBalanceList'),
  'members/GuestList': () => import('./members/GuestList'),
  'members/CardRepairList': () => import('./members/CardRepairList'),
  'members/ParentList': () => import('./members/ParentList'),
  'system/LogList': () => import('./system/LogList'),
  'system/TenantList': () => import('./system/SchoolList'),
  'modules/oss/OSSFileList': () => import('./system/FileList'),
  'system/DictionarySync': () => import('./system/DictionarySync'),
  'system/SysAnnouncementList': () => import('./system/SysAnnouncementList'),
  'isps/UserAnnouncement': () => import('./isps/UserAnnouncement'),
  'account/center/Index': () => import('./account/Center'),
  'modules/monitor/DiskMonitoring': () => import('./monitor/DiskMonitor'),
  'modules/monitor/HttpTrace': () => import('./monitor/HttpTrace'),
  'modules/monitor/JvmInfo': () => import('./monitor/RuntimeInfo'),
  'modules/monitor/RedisInfo': () => import('./monitor/DatabaseMonitor'),
  'modules/monitor/SystemInfo': () => import('./monitor/SystemInfo'),
  'modules/monitor/TomcatInfo': () => import('./monitor/ServerInfo'),
  'account/settings/Index': () => import('./account/Settings'),
  'system/QuartzJobList': () => import('./system/QuartzJobList'),
  'members/MemberTypeList': () => import('./members/MemberTypeList'),
  'devices/DeviceList': () => import('./devices/DeviceList'),
  'payments/ChargeRecordList': () => import('./payments/ChargeRecordList'),
  'payments/ConsumptionRecordList': () => import('./payments/ConsumptionRecordList'),
  'meals/RefundMergeList': () => import('./meals/RefundMergeList'),
  'members/SubsidyList': () => import('./members/SubsidyList'),
  'members/GraduationList': () => import('./members/GraduationList'),
  'members/ScoreList': () => import('./members/ScoreList'),
  'members/TuitionList': () => import('./members/TuitionList'),
  'members/DeviceSendingList': () => import('./members/DeviceSendingList'),
  'system/DictList': () => import('./system/DictList'),
  'payments/ExpiringBillList': () => import('./payments/ExpiringBillList'),
  'messages/MessageList': () => import('./messages/MessageList'),
  'messages/SchoolNoticeList': () => import('./messages/SchoolNoticeList'),
  'reports/DailyReport': () => import('./reports/DailyReport'),
  'reports/MonthlyReport': () => import('./reports/MonthlyReport'),
  'reports/YearlyReport': () => import('./reports/YearlyReport'),
};

let all: Readonly<Record<string, ScreenLoader>> | null = null;

/** Every screen: each declared entity's list screen by its menu component (meals/CanteenList…), replaced by a screen composed of the engine's parts where there is one (the product's, then the areas'). */
function screens(): Readonly<Record<string, ScreenLoader>> {
  return (all ??= {
    ...Object.fromEntries(entities().map((spec) => [spec.screen.component, () => import('@web/engine/entityScreens').then((m) => ({ default: m.entityScreen(spec.id) }))])),
    ...PRODUCT_SCREENS,
    ...Object.assign({}, ...webAreas().map((area) => area.screens ?? {})),
  });
}

export function screenLoader(component: string): ScreenLoader | undefined {
  // Accept the forms JeecgBoot menus carry: a leading slash, `views/`, a `.vue`/`.tsx` suffix.
  const key = component
    .replace(/^\/+/, '')
    .replace(/^(src\/)?views\//, '')
    .replace(/\.(vue|tsx?)$/, '');
  return screens()[key];
}
