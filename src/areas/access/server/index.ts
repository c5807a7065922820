/**
 * 门禁管理 on the server: doors, grants and their delivery to the controllers (设备下发's 门禁权限 and
 * 时段), the gates' signed API, the access records, attendance (its job, and the log's month
 * partitions), 到离校提醒's passes, the sample.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { EntityTable } from '@server/crud/registerEntity';
import type { ServerArea } from '@server/registry/areas';
import { accessLog, accessShared, attendanceDay, attendanceMonth, attendanceRule, door, doorGrant, holiday, memberGrant, timeGroup } from '../shared';
import { gatePasses } from './arrivals';
import { ATTENDANCE_HOOKS, computeAllAttendance } from './attendance';
import { gateRoutes } from './gate';
import { TIME_GROUP_HOOKS } from './grantPushes';
import { DOOR_HOOKS, GRANT_HOOKS } from './grants';
import { accessLogHooks } from './logs';
import { accessReportQueries } from './reportQueries';
import { seedAccess } from './seed';
import { sampleGateDay, sampleGrantDelivery } from './sample';
import { accessGrants, accessLogs, attendanceDays, attendanceMonths, attendanceRules, doors, holidays, timeGroups } from './tables';

/** 门禁权限 (4) and 门禁时段 (5): sent when a door is granted; a failed grant waits again when its item is retried. */
const GRANT_PUSH = {
  madeElsewhere: { 'zh-CN': '门禁权限和时段由门禁管理授权后自动下发', en: 'Access rights and time groups are sent by 门禁管理 when they are granted' },
  // A door takes what its grants say is 待下发. Not an edit of the grant (its 更新人 stays): its state of delivery only.
  async retried(work, grantIds) {
    await work.tx
      .update(accessGrants)
      .set({ pushStatus: '0' })
      .where(and(work.school(accessGrants), inArray(accessGrants.id, grantIds), eq(accessGrants.pushStatus, '4')));
  },
} as const satisfies NonNullable<ServerArea['pushTypes']>[string];

export const accessServer: ServerArea = {
  shared: accessShared,
  entities: [
    // Time groups before the doors and grants that name them.
    [timeGroup, timeGroups, TIME_GROUP_HOOKS],
    [holiday, holidays],
    [door, doors, DOOR_HOOKS],
    [doorGrant, accessGrants, GRANT_HOOKS],
    [memberGrant, accessGrants, GRANT_HOOKS],
    [accessLog, accessLogs, accessLogHooks],
    [attendanceRule, attendanceRules],
    [attendanceDay, attendanceDays, ATTENDANCE_HOOKS],
    [attendanceMonth, attendanceMonths as unknown as EntityTable],
  ],
  // The gates' signed API (passes, grants taken and answered) and 生成密钥.
  routes: gateRoutes,
  jobs: {
    /** 考勤计算: every school's attendance of today (so far) and yesterday (final); the access log's next months' partitions. */
    attendanceDaily: {
      title: { 'zh-CN': '考勤计算', en: 'Compute attendance' },
      run: async (context) => `计算 ${await computeAllAttendance(context)} 人次考勤`,
      schedule: { cron: '0 */10 * * * ?', description: '每 10 分钟按考勤规则计算今天（截至此刻）和昨天的考勤，并为进出记录准备后两个月的分区' },
    },
  },
  pushTypes: { '4': GRANT_PUSH, '5': GRANT_PUSH },
  noticeEvents: { ARRIVAL: { title: '到离校提醒', events: gatePasses } },
  reportQueries: accessReportQueries,
  seed: ({ tx, tenantId, by }) => seedAccess(tx, tenantId, by),
  sampleDay: async (day) => [...(await sampleGateDay(day)), ...sampleGrantDelivery(day)],
  messages: {
    门禁设备不存在: 'No such door',
    按人员: 'By person',
  },
};

export { accessGrants, doors };

export default accessServer;
