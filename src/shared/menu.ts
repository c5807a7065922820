/**
 * The product's menu as ../shared/MENU.md lists it: areas (type 0), screens (type 1) and the
 * button permissions (type 2) of the system screens. Component paths name screens of the web
 * app's screen registry; screens not built yet resolve to MODULE_NOT_FOUND, on purpose.
 */

import { onlineReport } from '@shared/entities/online/report';
import { onlineForm } from '@shared/entities/online/form';
import { sharedAreas } from './areas';
import { crud, entityScreen, screen, type AreaSeed } from './menuSeeds';
import { HOME_PATH, HOME_SCREEN } from './constants';
import { buffetRule } from '@shared/entities/meals/buffetRule';
import { canteen } from '@shared/entities/meals/canteen';
import { combo } from '@shared/entities/meals/combo';
import { dishCategory } from '@shared/entities/meals/dishCategory';
import { mealConfig } from '@shared/entities/meals/mealConfig';
import { store } from '@shared/entities/meals/store';
import { diningTable } from '@shared/entities/meals/table';
import { dictionary } from '@shared/entities/system/dictionary';
import { dictionaryItem } from '@shared/entities/system/dictionaryItem';
import { dictionaryOrgItem } from '@shared/entities/system/dictionaryOrgItem';
import { role } from '@shared/entities/system/role';
import { member } from '@shared/entities/members/member';
import { memberType } from '@shared/entities/members/memberType';
import { account } from '@shared/entities/members/account';
import { card } from '@shared/entities/members/card';
import { cardBalance } from '@shared/entities/members/cardBalance';
import { cardReplacement } from '@shared/entities/members/cardReplacement';
import { loginLog } from '@shared/entities/system/loginLog';
import { operationLog } from '@shared/entities/system/operationLog';
import { quartzJob } from '@shared/entities/system/quartzJob';
import { announcement } from '@shared/entities/system/announcement';
import { quartzJobRun } from '@shared/entities/system/quartzJobRun';
import { parent } from '@shared/entities/members/parent';
import { visitor } from '@shared/entities/members/visitor';
import { leave } from '@shared/entities/members/leave';
import { owner } from '@shared/entities/members/owner';
import { stopMeal } from '@shared/entities/members/stopMeal';
import { subsidy } from '@shared/entities/members/subsidy';
import { subsidyItem } from '@shared/entities/members/subsidyItem';
import { graduation } from '@shared/entities/members/graduation';
import { schoolTerm } from '@shared/entities/payments/schoolTerm';
import { scoreRecord } from '@shared/entities/members/scoreRecord';
import { scoreSummary } from '@shared/entities/members/scoreSummary';
import { feeStandard } from '@shared/entities/members/feeStandard';
import { tuitionBill } from '@shared/entities/members/tuitionBill';
import { pushTask } from '@shared/entities/devices/pushTask';
import { pushItem } from '@shared/entities/devices/pushItem';
import { graduationItem } from '@shared/entities/members/graduationItem';
import { mealOrder } from '@shared/entities/meals/mealOrder';
import { refundBatch } from '@shared/entities/meals/refundBatch';
import { refundItem } from '@shared/entities/meals/refundItem';
import { typeDiscount } from '@shared/entities/members/typeDiscount';
import { chargeRecord } from '@shared/entities/payments/chargeRecord';
import { payment } from '@shared/entities/payments/payment';
import { expiringBill } from '@shared/entities/payments/expiringBill';
import { electricBill, waterBill } from '@shared/entities/payments/utilityBill';
import { mealLeaveRefund } from '@shared/entities/payments/mealLeaveRefund';
import { message } from '@shared/entities/messages/message';
import { messageRecipient } from '@shared/entities/messages/recipient';
import { messageTemplate } from '@shared/entities/messages/template';
import { smsLog } from '@shared/entities/messages/smsLog';
import { schoolNotice } from '@shared/entities/messages/schoolNotice';
import { noticeReceipt } from '@shared/entities/messages/noticeReceipt';
import { consumptionRecord } from '@shared/entities/payments/consumptionRecord';
import { terminal } from '@shared/entities/devices/terminal';
import { whiteList } from '@shared/entities/meals/whiteList';

export type { AreaSeed, ButtonSeed, ScreenSeed } from './menuSeeds';

/** The product's own groups, in order; the areas' groups take their places among them (`menu()`). */
const PRODUCT_MENU: readonly AreaSeed[] = [
  { title: '首页', titleEn: 'Home', path: HOME_PATH, icon: 'house', component: HOME_SCREEN },
  {
    title: '人员与卡务',
    titleEn: 'Members and cards',
    path: '/members',
    icon: 'id-card',
    screens: [
      entityScreen(account, [
        ['account:open', '开户发卡', 'Open account and issue card'],
        ['account:reconcile', '账户对账', 'Reconcile accounts'],
        ['account:adjustCheck', '调账审核', 'Approve adjustments'],
        ['pendingRefund:payout', '待退款退现', 'Pay out a pending refund'],
        ['pendingRefund:credit', '待退款入账', 'Credit a pending refund'],
      ]),
      entityScreen(card),
      screen('人员部门', 'Member departments', '/members/departments', 'members/MemberDepartmentList', {
        buttons: [
          ['membDept:add', '新增下级', 'Add a grade or class'],
          ['membDept:edit', '重命名/移动', 'Rename or move'],
          ['membDept:retire', '停用', 'Retire'],
          ['membDept:promote', '升级', 'Promote a year'],
        ],
      }),
      entityScreen(member),
      entityScreen(leave),
      entityScreen(stopMeal),
      entityScreen(subsidy, [['subsidy:importItems', '导入补助名单', 'Import subsidy people']], [subsidyItem]),
      entityScreen(graduation, [], [graduationItem]),
      entityScreen(scoreRecord, [], [scoreSummary]),
      entityScreen(tuitionBill, [['feeItem:importWaivers', '导入减免名单', 'Import waivers']], [feeStandard]),
      entityScreen(visitor, [['visitor:unblock', '解除拉黑', 'Unblock']]),
      entityScreen(owner),
      entityScreen(memberType, [], [typeDiscount]),
      entityScreen(cardReplacement, [['cardReplace:print', '打印凭条', 'Print receipt']]),
      entityScreen(pushTask, [], [pushItem]),
      entityScreen(parent, [
        ['parent:unbindWechat', '解绑微信', 'Unbind WeChat'],
        ['parent:invite', '发邀请短信', 'Send invitation SMS'],
      ]),
      entityScreen(cardBalance),
    ],
  },
  {
    title: '订餐管理',
    titleEn: 'Ordering and meals',
    path: '/meals',
    icon: 'utensils',
    screens: [
      entityScreen(canteen),
      entityScreen(store),
      entityScreen(diningTable),
      entityScreen(combo),
      entityScreen(dishCategory),
      entityScreen(buffetRule),
      entityScreen(whiteList),
      entityScreen(mealConfig),
      entityScreen(refundBatch, [], [refundItem]),
    ],
  },
  {
    title: '缴费管理',
    titleEn: 'Payments',
    path: '/payments',
    icon: 'wallet',
    screens: [
      entityScreen(payment, [['payment:online', '线上缴费下单', 'Online payment order']]),
      entityScreen(schoolTerm),
      entityScreen(expiringBill),
      entityScreen(waterBill),
      entityScreen(electricBill),
      entityScreen(mealLeaveRefund),
      entityScreen(chargeRecord),
      entityScreen(
        consumptionRecord,
        [
          ['consume:add', '柜台消费', 'Counter payment'],
          ['mealOrder:place', '按班级报餐', 'Order meals for a class'],
        ],
        [mealOrder],
      ),
    ],
  },
  {
    title: '统计报表',
    titleEn: 'Statistics reports',
    path: '/reports',
    icon: 'chart-column',
    screens: [
      screen('日报表', 'Daily report', '/reports/daily', 'reports/DailyReport', {
        buttons: [
          ['dailyReport:export', '导出日报', 'Export the daily report'],
          ['dailyReport:close', '日终结算', 'Close the days'],
        ],
      }),
      screen('月报表', 'Monthly report', '/reports/monthly', 'reports/MonthlyReport', { buttons: [['monthlyReport:export', '导出月报', 'Export the monthly report']] }),
      screen('年报表', 'Yearly report', '/reports/yearly', 'reports/YearlyReport', { buttons: [['yearlyReport:export', '导出年报', 'Export the yearly report']] }),
    ],
  },
  { ...entityScreen(terminal, [['device:issueKey', '生成密钥', 'Issue a key']]), icon: 'monitor-smartphone' },
  {
    title: '消息中心',
    titleEn: 'Messaging',
    path: '/messages',
    icon: 'message-square',
    screens: [entityScreen(message, [], [messageRecipient]), entityScreen(messageTemplate), entityScreen(smsLog), entityScreen(schoolNotice, [], [noticeReceipt])],
  },
  {
    title: '系统管理',
    titleEn: 'System administration',
    path: '/system',
    icon: 'settings',
    screens: [
      // Not in MENU.md: issue 15 adds it, for the platform's own administrators.
      screen('学校管理', 'Schools', '/system/schools', 'system/TenantList', {
        buttons: [
          ['tenant:add', '新增学校', 'Add school'],
          ['tenant:edit', '编辑学校', 'Edit school'],
          ['tenant:freeze', '冻结/解冻学校', 'Freeze or unfreeze schools'],
        ],
      }),
      screen('用户管理', 'Users', '/system/users', 'system/UserList', {
        buttons: [
          ...crud('user', '用户', 'user'),
          ['user:freeze', '冻结/解冻用户', 'Freeze or unfreeze users'],
          ['user:resetPassword', '重置密码', 'Reset password'],
          ['user:import', '导入用户', 'Import users'],
          ['user:export', '导出用户', 'Export users'],
          // Data columns (type 1 under user:col:): hidden from roles that lack them, in the API too.
          ['user:col:phone', '手机号列', 'Phone column'],
          ['user:col:email', '邮箱列', 'E-mail column'],
        ],
      }),
      entityScreen(role, [['role:authorize', '角色授权', 'Assign role permissions']]),
      screen('部门管理', 'Departments', '/system/departments', 'system/DepartList', {
        buttons: [...crud('depart', '部门', 'department'), ['depart:authorize', '部门授权', 'Assign department permissions']],
      }),
      entityScreen(dictionary, [['dict:refreshCache', '刷新缓存', 'Refresh cache']], [dictionaryItem, dictionaryOrgItem]),
      screen('菜单管理', 'Menus and permissions', '/system/permissions', 'system/PermissionList', {
        buttons: crud('permission', '菜单', 'menu'),
      }),
      entityScreen(operationLog, [], [loginLog]),
      entityScreen(quartzJob, [['job:run', '启停与执行任务', 'Start, stop and run jobs']], [quartzJobRun]),
      entityScreen(announcement, [
        ['announcement:add', '添加通告', 'Add announcement'],
        ['announcement:edit', '编辑通告', 'Edit announcement'],
        ['announcement:release', '发布/撤销通告', 'Release or revoke'],
      ]),
      screen('字典同步', 'Dictionary sync', '/system/dict-sync', 'system/DictionarySync', { buttons: [['dictSync:apply', '应用字典同步', 'Apply dictionary sync']] }),
      screen('对象存储', 'Object-storage files', '/system/files', 'modules/oss/OSSFileList', {
        buttons: [
          ['file:upload', '上传文件', 'Upload files'],
          ['file:delete', '删除文件', 'Delete files'],
        ],
      }),
    ],
  },
  {
    title: '系统监控',
    titleEn: 'Monitoring',
    path: '/monitor',
    icon: 'activity',
    screens: [
      // JeecgBoot's component names (its client opens the same screens): 运行时信息 is its JVM信息, 服务器信息
      // its Tomcat信息.
      screen('磁盘监控', 'Disk', '/monitor/disk', 'modules/monitor/DiskMonitoring'),
      screen('请求追踪', 'HTTP trace', '/monitor/http-trace', 'modules/monitor/HttpTrace'),
      screen('运行时信息', 'Runtime (Node)', '/monitor/runtime', 'modules/monitor/JvmInfo'),
      // In place of JeecgBoot's Redis monitor: this product keeps no Redis; its state is the database's.
      screen('数据库监控', 'Database', '/monitor/database', 'modules/monitor/RedisInfo'),
      screen('系统信息', 'System', '/monitor/system', 'modules/monitor/SystemInfo'),
      screen('服务器信息', 'HTTP server', '/monitor/server', 'modules/monitor/TomcatInfo'),
    ],
  },
  {
    title: '在线开发',
    titleEn: 'Online development',
    path: '/online',
    icon: 'code',
    screens: [entityScreen(onlineForm), entityScreen(onlineReport)],
  },
  {
    title: '示例',
    titleEn: 'Examples',
    path: '/examples',
    icon: 'layout-dashboard',
    screens: [
      screen('监控页', 'Monitor', '/dashboard/monitor', 'dashboard/Monitor'),
      screen('工作台', 'Workplace', '/dashboard/workplace', 'dashboard/Workplace'),
      screen('任务', 'Tasks', '/dashboard/task', 'dashboard/Task'),
      screen('图表', 'Charts', '/dashboard/chart', 'dashboard/Chart'),
      screen('个人中心', 'Account centre', '/account/center', 'account/center/Index'),
      screen('个人设置', 'Account settings', '/account/settings', 'account/settings/Index'),
      screen('查询表格', 'Query table', '/list/query', 'list/QueryTable'),
      screen('标准列表', 'Basic list', '/list/basic', 'list/BasicList'),
      screen('卡片列表', 'Card list', '/list/card', 'list/CardList'),
      screen('分步表单', 'Multi-step form', '/form/step', 'form/StepForm'),
      screen('表格编辑', 'Table editing', '/demo/table-edit', 'demo/TableEdit', { buttons: [['demo:table-edit:save', '保存表格', 'Save the table']] }),
      screen('PDF 预览', 'PDF view', '/demo/pdf', 'demo/PdfView'),
      screen('打印', 'Printing', '/demo/print', 'demo/Print'),
      screen('分屏', 'Split panel', '/demo/split', 'demo/SplitPanel'),
      screen('图表示例', 'Chart demos', '/demo/charts', 'demo/ChartDemos'),
      screen('成功页', 'Success result', '/result/success', 'result/Success'),
      screen('失败页', 'Error result', '/result/error', 'result/Error'),
    ],
  },
];

let placed: readonly AreaSeed[] | null = null;

/** The whole menu: the product's groups, each area's group after the one it names, and its screens in another's group after the screen they name. */
export function menu(): readonly AreaSeed[] {
  return (placed ??= sharedAreas().reduce<AreaSeed[]>(
    (groups, area) => {
      for (const { after, forCanteen: _forCanteen, ...group } of area.menu ?? []) {
        const at = groups.findIndex((known) => known.path === after);
        if (at < 0) throw new Error(`${area.id}: its menu group ${group.path} follows ${after}, which is not in the menu`);
        groups.splice(at + 1, 0, group);
      }
      for (const { group: path, after, screen: placedScreen } of area.menuScreens ?? []) {
        const at = groups.findIndex((known) => known.path === path);
        const screens = groups[at]?.screens ?? [];
        const before = screens.findIndex((known) => known.path === after);
        if (before < 0) throw new Error(`${area.id}: its screen ${placedScreen.path} follows ${after}, which is not in the menu group ${path}`);
        groups[at] = { ...groups[at]!, screens: [...screens.slice(0, before + 1), placedScreen, ...screens.slice(before + 1)] };
      }
      return groups;
    },
    [...PRODUCT_MENU],
  ));
}

/** The groups the restricted canteen role may open (besides home): 订餐管理, and each area's group that says so. */
export const canteenAreaPaths = (): readonly string[] => ['/meals', ...sharedAreas().flatMap((area) => (area.menu ?? []).filter((group) => group.forCanteen).map((group) => group.path))];
