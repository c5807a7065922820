import { accessLog } from '@shared/entities/access/accessLog';
import { attendanceDay, attendanceMonth, attendanceRule } from '@shared/entities/access/attendance';
import { door } from '@shared/entities/access/door';
import { doorGrant, memberGrant } from '@shared/entities/access/grant';
import { timeGroup } from '@shared/entities/access/timeGroup';
import { holiday } from '@shared/entities/access/holiday';
import { accessGrants, accessLogs, attendanceDays, attendanceMonths, attendanceRules, doors, holidays, timeGroups } from '../../db/schema';
import type { EntityRegistration } from '../entities';
import type { EntityTable } from '../../crud/registerEntity';
import { ATTENDANCE_HOOKS } from './attendance';
import { accessLogHooks } from './logs';
import { DOOR_HOOKS, GRANT_HOOKS } from './grants';
import { TIME_GROUP_HOOKS } from './grantPushes';

/** 门禁管理's declarations: doors and time groups, the grants seen from both sides, the access records, attendance. */
export const ACCESS_ENTITIES: readonly EntityRegistration[] = [
  [timeGroup, timeGroups, TIME_GROUP_HOOKS],
  [holiday, holidays],
  [door, doors, DOOR_HOOKS],
  [doorGrant, accessGrants, GRANT_HOOKS],
  [memberGrant, accessGrants, GRANT_HOOKS],
  [accessLog, accessLogs, accessLogHooks],
  [attendanceRule, attendanceRules],
  [attendanceDay, attendanceDays, ATTENDANCE_HOOKS],
  [attendanceMonth, attendanceMonths as unknown as EntityTable],
];
