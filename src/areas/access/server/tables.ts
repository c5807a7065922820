/**
 * 门禁管理 (DOMAIN.md §4): the doors and their gate controllers (signing their records with a key),
 * time groups, the grants (one row a door and person, seen from the door and from the person), the
 * access records the gates post (append-only, partitioned by school day), and attendance — rules
 * and the daily result a job computes from the records and the leaves.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, pgView, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from '@server/db/tables/common';

const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const doors = pgTable(
  'acs_door',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    /** The controller's serial number: how its signed requests name it (unique in the installation). */
    serialNo: text('serial_no').notNull(),
    /** door_kind: 1 校门 · 2 宿舍 · 3 教学楼 · 4 食堂 · 9 其他 — at a 校门 a boarder leaves only with a leave. */
    doorKind: text('door_kind').notNull().default('1'),
    /** door_device: 1 闸机 · 2 人脸门禁 · 3 刷卡门禁. */
    deviceKind: text('device_kind').notNull().default('1'),
    location: text('location'),
    /** Counted for attendance (考勤门). */
    forAttendance: boolean('for_attendance').notNull().default(true),
    /** 反潜回: at such doors of one kind a person goes in and out by turns (no card passed back over the gate), day by day. */
    antiPassback: boolean('anti_passback').notNull().default(false),
    /** enable_status: 1 启用 · 0 停用. */
    status: text('status').notNull().default('1'),
    secret: text('secret'),
    lastSeenAt: when('last_seen_at'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('acs_door_serial_key')
      .on(t.serialNo)
      .where(sql`del_flag = 0`),
  ],
);

/** Weekdays × up to four periods (`07:00`–`08:30`): when a grant lets someone through. */
export const timeGroups = pgTable('acs_time_group', {
  ...businessColumns(),
  name: text('name').notNull(),
  /** weekday, several: 1 周一 … 7 周日. */
  weekdays: text('weekdays').notNull().default('1,2,3,4,5'),
  period1Start: text('period1_start').notNull(),
  period1End: text('period1_end').notNull(),
  period2Start: text('period2_start'),
  period2End: text('period2_end'),
  period3Start: text('period3_start'),
  period3End: text('period3_end'),
  period4Start: text('period4_start'),
  period4End: text('period4_end'),
  /** holiday_policy: 1 放假日不通行 · 2 照常. A 调休上班 day counts as a Monday. */
  holidayPolicy: text('holiday_policy').notNull().default('2'),
  status: text('status').notNull().default('1'),
  remark: text('remark'),
});

/** 节假日: the school's days off (放假) and the weekend days worked instead (调休上班). */
export const holidays = pgTable(
  'acs_holiday',
  {
    ...businessColumns(),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    /** holiday_kind: 1 放假 · 2 调休上班. */
    kind: text('kind').notNull().default('1'),
  },
  (t) => [
    uniqueIndex('acs_holiday_day_key')
      .on(t.tenantId, t.day)
      .where(sql`del_flag = 0`),
  ],
);

/** A door's grant to a person (made for a class, a member type or the person: the source kept). */
export const accessGrants = pgTable(
  'acs_auth',
  {
    ...businessColumns(),
    doorId: text('door_id')
      .notNull()
      .references(() => doors.id),
    memberId: text('member_id').notNull(),
    /** 按班级 高一（1）班, 按人员类型 学生, 按人员: how the grant came to be. */
    grantSource: text('grant_source').notNull(),
    timeGroupId: text('time_group_id').references(() => timeGroups.id),
    /** auth_type: 1 长期 · 2 临时. */
    authType: text('auth_type').notNull().default('1'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** pass_method, several: 1 刷卡 · 2 人脸 · 3 二维码 · 4 密码. */
    passModes: text('pass_modes').notNull().default('1,2'),
    /** grant_push_status: 0 待下发 · 1 下发中 · 2 成功 · 4 失败. */
    pushStatus: text('push_status').notNull().default('0'),
    lastPushAt: when('last_push_at'),
  },
  (t) => [
    uniqueIndex('acs_auth_door_member_key')
      .on(t.doorId, t.memberId)
      .where(sql`del_flag = 0`),
    index('acs_auth_member_idx').on(t.tenantId, t.memberId),
  ],
);

/**
 * One pass at a door, as its controller posted it, decided by the server (the grant, its time
 * group, the card, the member, a boarder's leave). Never changed. The table is partitioned by
 * `pass_day` (the school's day, migration 0068); a device's record number is once a door and day.
 */
export const accessLogs = pgTable(
  'acs_log',
  {
    id: text('id').notNull(),
    tenantId: integer('tenant_id').notNull(),
    passDay: date('pass_day', { mode: 'string' }).notNull(),
    passTime: when('pass_time').notNull(),
    doorId: text('door_id').notNull(),
    /** access_direction: 1 进 · 2 出. */
    direction: text('direction').notNull(),
    memberId: text('member_id'),
    memberNo: text('member_no'),
    name: text('name'),
    deptId: text('dept_id'),
    className: text('class_name'),
    memberTypeId: text('member_type_id'),
    /** pass_method: 1 刷卡 · 2 人脸 · 3 二维码 · 4 密码 · 5 远程开门 · 6 按钮. */
    method: text('method').notNull(),
    /** access_result: 1 成功 · 2 失败. */
    result: text('result').notNull(),
    /** refuse_reason: 1 无权限 · 2 卡挂失 · 3 卡过期 · 4 时段外 · 5 黑名单 · 6 未识别 · 7 反潜回 · 8 无有效请假 · 9 人员状态异常. */
    reason: text('reason'),
    cardNo: text('card_no'),
    snapshot: text('snapshot'),
    /** Tenths of a degree, as the device measured. */
    temperature: integer('temperature'),
    serialNo: text('serial_no').notNull(),
    createdAt: when('create_time').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.passDay] }),
    uniqueIndex('acs_log_serial_key').on(t.doorId, t.passDay, t.serialNo),
    // Newest first within a month's partition: a page of 10 is the index's first entries, and a
    // range's count an index-only scan (the list bounds pass_time as well as pass_day).
    // (pass_day last: the range's day test is read from the index, not the rows.)
    index('acs_log_time_idx').on(t.tenantId, t.passTime, t.passDay),
    index('acs_log_class_idx').on(t.tenantId, t.deptId, t.passTime, t.passDay),
    index('acs_log_member_idx').on(t.tenantId, t.memberId, t.passTime, t.passDay),
    // Refusals are few: the security office's list of them reads only theirs.
    index('acs_log_refused_idx')
      .on(t.tenantId, t.passTime, t.passDay)
      .where(sql`result = '2'`),
  ],
);

/** 考勤规则: who (a grade or class and below; everyone when blank), which days, when they arrive and leave, how late is late. */
export const attendanceRules = pgTable('acs_att_rule', {
  ...businessColumns(),
  name: text('name').notNull(),
  deptId: text('dept_id'),
  weekdays: text('weekdays').notNull().default('1,2,3,4,5'),
  arriveTime: text('arrive_time').notNull(),
  leaveTime: text('leave_time').notNull(),
  lateMinutes: integer('late_minutes').notNull().default(0),
  earlyMinutes: integer('early_minutes').notNull().default(0),
  notifyParents: boolean('notify_parents').notNull().default(false),
  /** 节假日跳过: no attendance on a day off; a 调休上班 day counts whatever its weekday. */
  skipHolidays: boolean('skip_holidays').notNull().default(true),
  status: text('status').notNull().default('1'),
  remark: text('remark'),
});

/** A person's attendance on a school day, computed by the job (重算 again), or set by 补签 with its reason. */
export const attendanceDays = pgTable(
  'acs_att_daily',
  {
    ...businessColumns(),
    day: date('day', { mode: 'string' }).notNull(),
    memberId: text('member_id').notNull(),
    deptId: text('dept_id'),
    className: text('class_name'),
    ruleId: text('rule_id'),
    firstIn: when('first_in'),
    lastOut: when('last_out'),
    /** att_status: 1 正常 · 2 迟到 · 3 早退 · 4 迟到+早退 · 5 缺勤 · 6 请假 · 7 未打卡 · 8 休息日. */
    status: text('status').notNull(),
    lateMinutes: integer('late_minutes').notNull().default(0),
    earlyMinutes: integer('early_minutes').notNull().default(0),
    leaveId: text('leave_id'),
    parentNotified: boolean('parent_notified').notNull().default(false),
    /** 补签: who, why — the job leaves such a day as it is. */
    fixedBy: text('fixed_by'),
    fixReason: text('fix_reason'),
  },
  (t) => [
    uniqueIndex('acs_att_daily_key')
      .on(t.memberId, t.day)
      .where(sql`del_flag = 0`),
    index('acs_att_daily_day_idx').on(t.tenantId, t.day, t.status),
  ],
);

/** 月汇总: each person's month from the daily rows. */
export const attendanceMonths = pgView('v_att_month', {
  id: text('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  month: text('month').notNull(),
  memberId: text('member_id').notNull(),
  deptId: text('dept_id'),
  className: text('class_name'),
  presentDays: integer('present_days').notNull(),
  lateTimes: integer('late_times').notNull(),
  earlyTimes: integer('early_times').notNull(),
  absentDays: integer('absent_days').notNull(),
  leaveDays: integer('leave_days').notNull(),
  missedPunches: integer('missed_punches').notNull(),
  delFlag: integer('del_flag').notNull(),
}).existing();
