import type { EntitySpec } from '@shared/engine/spec';

/**
 * 门禁设备 (设备授权, above the grants): a door and its controller — its serial number names it in the
 * signed gate API. 授权 grants the selected doors to a class, a member type or one person (each
 * person a row, its source kept); the controller takes the changed grants through the API.
 */
export const door = {
  id: 'access.door',
  title: { 'zh-CN': '门禁设备', en: 'Door' },
  api: '/acs/door',
  table: 'acs_door',
  permissionPrefix: 'door',
  screen: { path: '/access/devices', component: 'access/DeviceAuthorisationList', title: { 'zh-CN': '设备授权', en: 'Device authorisation' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '门/设备名称', en: 'Door' }, required: true, max: 40, query: 'like', width: 150 },
    { key: 'serialNo', type: 'text', title: { 'zh-CN': '设备序列号', en: 'Serial no.' }, required: true, unique: 'installation', max: 40, query: 'like', width: 140 },
    { key: 'doorKind', type: 'dict', dict: 'door_kind', title: { 'zh-CN': '门类型', en: 'Kind' }, required: true, default: '1', query: 'eq', width: 80 },
    { key: 'deviceKind', type: 'dict', dict: 'door_device', title: { 'zh-CN': '设备类型', en: 'Device' }, required: true, default: '1', width: 90 },
    { key: 'location', type: 'text', title: { 'zh-CN': '位置', en: 'Where' }, max: 60, width: 120 },
    { key: 'forAttendance', type: 'switch', title: { 'zh-CN': '考勤门', en: 'Attendance' }, default: true, width: 70 },
    { key: 'antiPassback', type: 'switch', title: { 'zh-CN': '反潜回', en: 'Anti-passback' }, default: false, width: 70 },
    { key: 'status', type: 'dict', dict: 'enable_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '1', query: 'eq', width: 70 },
    { key: 'lastSeenAt', type: 'datetime', title: { 'zh-CN': '最近通讯', en: 'Last seen' }, form: false, width: 160 },
    { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 720, columns: 2 },
  defaultSort: { field: 'name', order: 'asc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'grant',
        title: { 'zh-CN': '授权', en: 'Grant' },
        from: { status: ['1'] },
        many: true,
        input: [
          { key: 'grantScope', type: 'dict', dict: 'grant_scope', title: { 'zh-CN': '授权对象', en: 'Grant to' }, required: true, default: '1' },
          { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '班级/部门', en: 'Class / department' } },
          { key: 'memberTypeId', type: 'ref', ref: 'members.memberType', title: { 'zh-CN': '人员类型', en: 'Member type' } },
          { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '人员', en: 'Person' } },
          { key: 'timeGroupId', type: 'ref', ref: 'access.timeGroup', title: { 'zh-CN': '时间组', en: 'Time group' } },
          { key: 'authType', type: 'dict', dict: 'auth_type', title: { 'zh-CN': '权限类型', en: 'Kind' }, required: true, default: '1' },
          { key: 'startDate', type: 'date', title: { 'zh-CN': '生效日期', en: 'From' }, required: true },
          { key: 'endDate', type: 'date', title: { 'zh-CN': '失效日期', en: 'Until' } },
          { key: 'passModes', type: 'dict', dict: 'pass_method', dictMode: 'multi', title: { 'zh-CN': '通行方式', en: 'Ways through' }, required: true, default: '1,2' },
        ],
        confirm: { 'zh-CN': '所选门按授权对象逐人授权，已授权的人员更新为本次的时间组和有效期。', en: 'Grants the doors to everyone the choice names; existing grants take these settings.' },
        done: { 'zh-CN': '已授权', en: 'Granted' },
        effect: true,
        // DOMAIN.md §16 门禁授权: ① 选门 ② 选对象 ③ 时间组 + 有效期 + 通行方式 ④ 确认 → 生成下发任务 ⑤ 下发结果.
        wizard: {
          steps: [
            { title: { 'zh-CN': '选门', en: 'Doors' }, show: ['doorKind', 'deviceKind', 'location'] },
            { title: { 'zh-CN': '选对象', en: 'Who' }, inputs: ['grantScope', 'deptId', 'memberTypeId', 'memberId'] },
            { title: { 'zh-CN': '时间与方式', en: 'When and how' }, inputs: ['timeGroupId', 'authType', 'startDate', 'endDate', 'passModes'] },
          ],
          check: { 'zh-CN': '确认', en: 'Check' },
          result: { 'zh-CN': '下发结果', en: 'Sent' },
          followUp: { path: '/members/device-sending', title: { 'zh-CN': '查看下发任务', en: 'See the device tasks' } },
        },
        icon: 'key-round',
        keywords: ['access', 'grant', 'door', 'menjin', 'shouquan'],
        toolbar: true,
      },
      {
        id: 'disable',
        title: { 'zh-CN': '停用', en: 'Disable' },
        from: { status: ['1'] },
        to: { status: '0' },
        many: true,
        confirm: { 'zh-CN': '停用后该门的记录不再受理。', en: 'Its records are no longer taken.' },
        done: { 'zh-CN': '已停用', en: 'Disabled' },
        icon: 'ban',
        keywords: ['door', 'disable', 'menjin', 'tingyong'],
      },
      {
        id: 'enable',
        title: { 'zh-CN': '启用', en: 'Enable' },
        from: { status: ['0'] },
        to: { status: '1' },
        many: true,
        confirm: { 'zh-CN': '启用该门。', en: 'Enables the door.' },
        done: { 'zh-CN': '已启用', en: 'Enabled' },
        icon: 'play',
        keywords: ['door', 'enable', 'menjin', 'qiyong'],
      },
    ],
  },
} as const satisfies EntitySpec;
