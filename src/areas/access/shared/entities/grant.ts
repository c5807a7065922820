import type { EntitySpec, FieldSpec } from '@shared/engine/spec';
import type { FlowActionSpec } from '@shared/engine/flow';

/** A grant's fields, both lenses alike. */
const FIELDS: readonly FieldSpec[] = [
  { key: 'doorId', type: 'ref', ref: 'access.door', title: { 'zh-CN': '门/设备', en: 'Door' }, required: true, query: 'eq', width: 140 },
  { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '人员', en: 'Person' }, required: true, query: 'eq', width: 100 },
  { key: 'grantSource', type: 'text', title: { 'zh-CN': '授权来源', en: 'Granted as' }, required: true, max: 60, form: false, query: 'like', width: 150 },
  { key: 'timeGroupId', type: 'ref', ref: 'access.timeGroup', title: { 'zh-CN': '时间组', en: 'Time group' }, width: 110 },
  { key: 'authType', type: 'dict', dict: 'auth_type', title: { 'zh-CN': '权限类型', en: 'Kind' }, required: true, default: '1', query: 'eq', width: 80 },
  { key: 'startDate', type: 'date', title: { 'zh-CN': '生效日期', en: 'From' }, required: true, width: 110 },
  { key: 'endDate', type: 'date', title: { 'zh-CN': '失效日期', en: 'Until' }, width: 110 },
  { key: 'passModes', type: 'dict', dict: 'pass_method', dictMode: 'multi', title: { 'zh-CN': '通行方式', en: 'Ways through' }, required: true, default: '1,2', width: 120 },
  { key: 'pushStatus', type: 'dict', dict: 'grant_push_status', title: { 'zh-CN': '下发状态', en: 'Sent' }, default: '0', form: false, query: 'eq', width: 80 },
  { key: 'lastPushAt', type: 'datetime', title: { 'zh-CN': '最后下发时间', en: 'Last sent' }, form: false, width: 160 },
];

const REVOKE = {
  id: 'revoke',
  title: { 'zh-CN': '取消授权', en: 'Revoke' },
  from: {},
  many: true,
  confirm: { 'zh-CN': '取消所选授权，门禁控制器随后删除这些人员的权限。', en: 'Revokes the grants; the controllers then drop these people.' },
  done: { 'zh-CN': '已取消授权', en: 'Revoked' },
  effect: true,
  icon: 'x-circle',
  keywords: ['access', 'revoke', 'quxiao', 'shouquan'],
  toolbar: true,
} as const satisfies FlowActionSpec;

const REPUSH = {
  id: 'repush',
  title: { 'zh-CN': '重新下发', en: 'Send again' },
  from: {},
  many: true,
  confirm: { 'zh-CN': '门禁控制器下次联网时重新获取所选授权。', en: 'The controllers take these grants again at their next call.' },
  done: { 'zh-CN': '已排队下发', en: 'Queued' },
  effect: true,
  icon: 'refresh-cw',
  keywords: ['access', 'push', 'chongxin', 'xiafa'],
} as const satisfies FlowActionSpec;

/** 设备授权's lens (below the doors): who the chosen door lets through. */
export const doorGrant = {
  id: 'access.doorGrant',
  title: { 'zh-CN': '门禁授权', en: 'Grant' },
  api: '/acs/auth',
  table: 'acs_auth',
  permissionPrefix: 'doorGrant',
  screen: { path: '/access/devices', component: 'access/DeviceAuthorisationList', title: { 'zh-CN': '设备授权', en: 'Device authorisation' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'memberId',
  fields: FIELDS,
  form: { width: 720, columns: 2 },
  defaultSort: { field: 'startDate', order: 'desc' },
  flow: { status: ['pushStatus'], actions: [REVOKE, REPUSH] },
} as const satisfies EntitySpec;

/**
 * 人员授权 (DOMAIN.md 4.2): the same rows by person — which doors a person passes, when. 复制权限 gives
 * another person the selected grants; grants are made by 设备授权's 授权.
 */
export const memberGrant = {
  ...doorGrant,
  id: 'access.memberGrant',
  api: '/acs/memberAuth',
  permissionPrefix: 'memberGrant',
  screen: { path: '/access/members', component: 'access/MemberAuthorisationList', title: { 'zh-CN': '人员授权', en: 'Member authorisation' } },
  operations: ['export'],
  defaultSort: { field: 'memberId', order: 'asc' },
  flow: {
    status: ['pushStatus'],
    actions: [
      REVOKE,
      REPUSH,
      {
        id: 'copy',
        title: { 'zh-CN': '复制权限', en: 'Copy to' },
        from: {},
        many: true,
        input: [{ key: 'targetId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '复制给', en: 'Copy to' }, required: true }],
        confirm: { 'zh-CN': '把所选授权（门、时间组、有效期）复制给另一个人。', en: 'Gives another person the selected grants (door, time group, validity).' },
        done: { 'zh-CN': '已复制', en: 'Copied' },
        effect: true,
        icon: 'copy',
        keywords: ['access', 'copy', 'fuzhi', 'quanxian'],
        toolbar: true,
      },
    ],
  },
} as const satisfies EntitySpec;
