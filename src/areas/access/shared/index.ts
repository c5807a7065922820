/**
 * 门禁管理 as both halves see it: doors and their controllers, time groups and holidays, the grants
 * seen from the door and from the person, the access records and attendance; its menu group,
 * dictionaries and report source.
 */
import type { SharedArea } from '@shared/areas';
import { entityScreen } from '@shared/menuSeeds';
import { accessLog } from './entities/accessLog';
import { attendanceDay, attendanceMonth, attendanceRule } from './entities/attendance';
import { door } from './entities/door';
import { doorGrant, memberGrant } from './entities/grant';
import { holiday } from './entities/holiday';
import { timeGroup } from './entities/timeGroup';
import { accessReportSources } from './reportSources';

export const accessShared = {
  id: 'access',
  // A screen's main entity first (its commands act on the selection), then those below it.
  entities: [door, doorGrant, timeGroup, holiday, memberGrant, accessLog, attendanceDay, attendanceRule, attendanceMonth],
  menu: [
    {
      after: '/members',
      title: '门禁管理',
      titleEn: 'Access control',
      path: '/access',
      icon: 'door-open',
      screens: [
        entityScreen(door, [['door:issueKey', '生成密钥', 'Issue a key']], [doorGrant, timeGroup, holiday]),
        entityScreen(memberGrant),
        entityScreen(accessLog),
        entityScreen(attendanceDay, [], [attendanceRule, attendanceMonth]),
      ],
    },
  ],
  dictionaries: [
    {
      code: 'holiday_kind',
      name: '节假日类型',
      items: [
        ['1', '放假', '#52c41a'],
        ['2', '调休上班', '#fa8c16'],
      ],
      english: { '1': 'Day off', '2': 'Working day in lieu' },
    },
    {
      code: 'holiday_policy',
      name: '节假日通行',
      items: [
        ['1', '放假日不通行'],
        ['2', '照常'],
      ],
      english: { '1': 'Closed on days off', '2': 'As usual' },
    },
    {
      code: 'door_kind',
      name: '门类型',
      items: [
        ['1', '校门'],
        ['2', '宿舍'],
        ['3', '教学楼'],
        ['4', '食堂'],
        ['9', '其他'],
      ],
      english: { '1': 'School gate', '2': 'Dormitory', '3': 'Teaching block', '4': 'Canteen', '9': 'Other' },
    },
    {
      code: 'door_device',
      name: '门禁设备类型',
      items: [
        ['1', '闸机'],
        ['2', '人脸门禁'],
        ['3', '刷卡门禁'],
        ['4', '车辆道闸'],
      ],
      english: { '1': 'Turnstile', '2': 'Face reader', '3': 'Card reader', '4': 'Car barrier' },
    },
    {
      code: 'weekday',
      name: '星期',
      items: [
        ['1', '周一'],
        ['2', '周二'],
        ['3', '周三'],
        ['4', '周四'],
        ['5', '周五'],
        ['6', '周六'],
        ['7', '周日'],
      ],
      english: { '1': 'Mon', '2': 'Tue', '3': 'Wed', '4': 'Thu', '5': 'Fri', '6': 'Sat', '7': 'Sun' },
    },
    {
      code: 'grant_scope',
      name: '授权对象',
      items: [
        ['1', '班级/部门'],
        ['2', '人员类型'],
        ['3', '指定人员'],
      ],
      english: { '1': 'Class / department', '2': 'Member type', '3': 'One person' },
    },
    {
      // A grant goes to one door: taken, then answered 成功 or 失败 (a task's 部分失败 and 已取消 are not a grant's).
      code: 'grant_push_status',
      name: '授权下发状态',
      items: [
        ['0', '待下发', '#8c8c8c'],
        ['1', '下发中', '#1677ff'],
        ['2', '成功', '#52c41a'],
        ['4', '失败', '#f5222d'],
      ],
      english: { '0': 'Waiting', '1': 'Sending', '2': 'Done', '4': 'Failed' },
    },
    {
      code: 'auth_type',
      name: '权限类型',
      items: [
        ['1', '长期'],
        ['2', '临时'],
      ],
      english: { '1': 'Long-term', '2': 'Temporary' },
    },
    {
      code: 'pass_method',
      name: '通行方式',
      items: [
        ['1', '刷卡'],
        ['2', '人脸'],
        ['3', '二维码'],
        ['4', '密码'],
        ['5', '远程开门'],
        ['6', '按钮'],
      ],
      english: { '1': 'Card', '2': 'Face', '3': 'QR code', '4': 'Password', '5': 'Remote', '6': 'Button' },
    },
    {
      code: 'access_direction',
      name: '进出方向',
      items: [
        ['1', '进', '#1677ff'],
        ['2', '出', '#722ed1'],
      ],
      english: { '1': 'In', '2': 'Out' },
    },
    {
      code: 'access_result',
      name: '通行结果',
      items: [
        ['1', '成功', '#52c41a'],
        ['2', '失败', '#cf1322'],
      ],
      english: { '1': 'Passed', '2': 'Refused' },
    },
    {
      code: 'refuse_reason',
      name: '拒绝原因',
      items: [
        ['1', '无权限'],
        ['2', '卡挂失'],
        ['3', '卡过期'],
        ['4', '时段外'],
        ['5', '黑名单'],
        ['6', '未识别'],
        ['7', '反潜回'],
        ['8', '无有效请假'],
        ['9', '人员状态异常'],
      ],
      english: {
        '1': 'No grant',
        '2': 'Card lost',
        '3': 'Card expired',
        '4': 'Outside hours',
        '5': 'Blacklisted',
        '6': 'Not recognised',
        '7': 'Anti-passback',
        '8': 'No leave',
        '9': 'Not in service',
      },
    },
    {
      code: 'att_status',
      name: '考勤状态',
      items: [
        ['1', '正常', '#52c41a'],
        ['2', '迟到', '#fa8c16'],
        ['3', '早退', '#fa8c16'],
        ['4', '迟到+早退', '#cf1322'],
        ['5', '缺勤', '#cf1322'],
        ['6', '请假', '#1677ff'],
        ['7', '未打卡', '#8c8c8c'],
        ['8', '休息日', '#8c8c8c'],
      ],
      english: { '1': 'Normal', '2': 'Late', '3': 'Left early', '4': 'Late and early', '5': 'Absent', '6': 'On leave', '7': 'Missed punch', '8': 'Rest day' },
    },
  ],
  // An online form's reference field may name a door.
  onlineRefs: [{ entity: 'access.door' }],
  reportSources: accessReportSources,
} as const satisfies SharedArea;

export { accessLog, attendanceDay, attendanceMonth, attendanceRule, door, doorGrant, holiday, memberGrant, timeGroup };

export default accessShared;
