import type { EntitySpec } from '@shared/engine/spec';

/**
 * 考勤管理 (DOMAIN.md 4.4): each person's school day, computed by the attendance job from the
 * attendance doors' records and the approved leaves (正常/迟到/早退/缺勤/请假/未打卡), computed again
 * by 重算, or set by 补签 with a reason (which the job then leaves alone). 通知家长 tells the parents
 * through the school's ATTENDANCE_LATE template.
 */
export const attendanceDay: EntitySpec = {
  id: 'access.attendanceDay',
  title: { 'zh-CN': '考勤', en: 'Attendance' },
  api: '/acs/attendance',
  table: 'acs_att_daily',
  permissionPrefix: 'attendance',
  screen: { path: '/access/attendance', component: 'access/AttendanceList', title: { 'zh-CN': '考勤管理', en: 'Attendance' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'day',
  fields: [
    { key: 'day', type: 'date', title: { 'zh-CN': '日期', en: 'Day' }, required: true, query: 'range', sortable: true, width: 100 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '班级', en: 'Class' }, query: 'eq', width: 110 },
    { key: 'status', type: 'dict', dict: 'att_status', title: { 'zh-CN': '考勤状态', en: 'Status' }, required: true, query: 'eq', width: 90 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '姓名', en: 'Name' }, required: true, query: 'eq', width: 90 },
    { key: 'firstIn', type: 'datetime', title: { 'zh-CN': '首次进校', en: 'First in' }, width: 160 },
    { key: 'lastOut', type: 'datetime', title: { 'zh-CN': '最后离校', en: 'Last out' }, width: 160 },
    { key: 'lateMinutes', type: 'number', title: { 'zh-CN': '迟到分钟', en: 'Late (min)' }, default: 0, width: 80 },
    { key: 'earlyMinutes', type: 'number', title: { 'zh-CN': '早退分钟', en: 'Early (min)' }, default: 0, width: 80 },
    { key: 'ruleId', type: 'ref', ref: 'access.attendanceRule', title: { 'zh-CN': '考勤规则', en: 'Rule' }, width: 110 },
    { key: 'parentNotified', type: 'switch', title: { 'zh-CN': '已通知家长', en: 'Parents told' }, default: false, width: 90 },
    { key: 'fixedBy', type: 'text', title: { 'zh-CN': '补签人', en: 'Fixed by' }, max: 50, width: 80 },
    { key: 'fixReason', type: 'text', title: { 'zh-CN': '补签原因', en: 'Why fixed' }, max: 200, width: 140 },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'day', order: 'desc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'fix',
        title: { 'zh-CN': '补签', en: 'Fix' },
        from: { status: ['2', '3', '4', '5', '7'] },
        to: { status: '1' },
        stamps: { by: 'fixedBy' },
        input: [{ key: 'fixReason', type: 'text', title: { 'zh-CN': '补签原因', en: 'Why' }, required: true, max: 200 }],
        confirm: { 'zh-CN': '把这一天记为正常出勤（重算不再改动），请写明原因。', en: 'Records the day as attended (recomputing leaves it); say why.' },
        done: { 'zh-CN': '已补签', en: 'Fixed' },
        effect: true,
        icon: 'check',
        keywords: ['attendance', 'fix', 'kaoqin', 'buqian'],
      },
      {
        id: 'recompute',
        title: { 'zh-CN': '重算', en: 'Recompute' },
        from: {},
        many: true,
        confirm: { 'zh-CN': '按进出记录和请假重新计算所选考勤（补签将被撤销）。', en: 'Counts the selected days again from the records and leaves (a fix is dropped).' },
        done: { 'zh-CN': '已重算', en: 'Recomputed' },
        effect: true,
        icon: 'calculator',
        keywords: ['attendance', 'recompute', 'kaoqin', 'chongsuan'],
      },
      {
        id: 'notify',
        title: { 'zh-CN': '通知家长', en: 'Tell the parents' },
        from: { status: ['2', '3', '4', '5', '7'] },
        many: true,
        show: ['day', 'memberId', 'status', 'firstIn', 'lateMinutes'],
        confirm: { 'zh-CN': '按消息模板 ATTENDANCE_LATE 通知所选人员的家长。', en: 'Tells the parents through the ATTENDANCE_LATE template.' },
        done: { 'zh-CN': '已通知家长', en: 'Parents told' },
        effect: true,
        icon: 'send',
        keywords: ['attendance', 'late', 'parents', 'notify', 'kaoqin', 'tongzhi', 'jiazhang'],
        toolbar: true,
      },
    ],
  },
};

/** 考勤规则 (考勤管理, below the days): who, which days, arrival and leaving times, how late is late. */
export const attendanceRule: EntitySpec = {
  id: 'access.attendanceRule',
  title: { 'zh-CN': '考勤规则', en: 'Attendance rule' },
  api: '/acs/attRule',
  table: 'acs_att_rule',
  permissionPrefix: 'attendanceRule',
  screen: { path: '/access/attendance', component: 'access/AttendanceList', title: { 'zh-CN': '考勤管理', en: 'Attendance' } },
  operations: ['add', 'edit', 'delete'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '规则名称', en: 'Name' }, required: true, max: 30, query: 'like', width: 130 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '适用年级/班级', en: 'For' }, width: 120 },
    { key: 'weekdays', type: 'dict', dict: 'weekday', dictMode: 'multi', title: { 'zh-CN': '工作日', en: 'Days' }, required: true, default: '1,2,3,4,5', width: 200, span: 2 },
    { key: 'arriveTime', type: 'time', title: { 'zh-CN': '到校时间', en: 'Arrive by' }, required: true, width: 90 },
    { key: 'leaveTime', type: 'time', title: { 'zh-CN': '离校时间', en: 'Leave from' }, required: true, width: 90 },
    { key: 'lateMinutes', type: 'number', max: 120, title: { 'zh-CN': '迟到阈值(分)', en: 'Late after (min)' }, default: 0, width: 100 },
    { key: 'earlyMinutes', type: 'number', max: 120, title: { 'zh-CN': '早退阈值(分)', en: 'Early before (min)' }, default: 0, width: 100 },
    { key: 'notifyParents', type: 'switch', title: { 'zh-CN': '通知家长', en: 'Tell parents' }, default: false, width: 80 },
    { key: 'skipHolidays', type: 'switch', title: { 'zh-CN': '节假日跳过', en: 'Skip holidays' }, default: true, width: 90 },
    { key: 'status', type: 'dict', dict: 'enable_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '1', width: 70 },
    { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 720, columns: 2 },
  defaultSort: { field: 'name', order: 'asc' },
};

/** 月汇总 (考勤管理, at the bottom): each person's month — days present, times late, days absent. */
export const attendanceMonth: EntitySpec = {
  id: 'access.attendanceMonth',
  title: { 'zh-CN': '考勤月汇总', en: 'Monthly attendance' },
  api: '/acs/attMonth',
  table: 'v_att_month',
  permissionPrefix: 'attendanceMonth',
  screen: { path: '/access/attendance', component: 'access/AttendanceList', title: { 'zh-CN': '考勤管理', en: 'Attendance' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'month',
  createTime: false,
  fields: [
    { key: 'month', type: 'text', preset: 'ym', title: { 'zh-CN': '月份', en: 'Month' }, required: true, query: 'eq', sortable: true, width: 90 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '姓名', en: 'Name' }, required: true, query: 'eq', width: 90 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '班级', en: 'Class' }, query: 'eq', width: 110 },
    { key: 'presentDays', type: 'number', title: { 'zh-CN': '出勤天数', en: 'Present' }, required: true, total: true, width: 80 },
    { key: 'lateTimes', type: 'number', title: { 'zh-CN': '迟到次数', en: 'Late' }, required: true, total: true, width: 80 },
    { key: 'earlyTimes', type: 'number', title: { 'zh-CN': '早退次数', en: 'Early' }, required: true, total: true, width: 80 },
    { key: 'absentDays', type: 'number', title: { 'zh-CN': '缺勤天数', en: 'Absent' }, required: true, total: true, width: 80 },
    { key: 'leaveDays', type: 'number', title: { 'zh-CN': '请假天数', en: 'On leave' }, required: true, total: true, width: 80 },
    { key: 'missedPunches', type: 'number', title: { 'zh-CN': '未打卡', en: 'Missed' }, required: true, total: true, width: 80 },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'month', order: 'desc' },
};
