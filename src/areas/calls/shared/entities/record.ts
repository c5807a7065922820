import type { EntitySpec } from '@shared/engine/spec';

/**
 * 通话记录 (通话套餐, below the subscriptions): the calls the phones posted — who rang which family
 * number, how long, the minutes taken from the subscription — and the calls refused (no live
 * package, no minutes left, a number not approved). Written by the phones only.
 */
export const callRecord: EntitySpec = {
  id: 'calls.record',
  title: { 'zh-CN': '通话记录', en: 'Call' },
  api: '/call/record',
  table: 'call_record',
  permissionPrefix: 'callRecord',
  screen: { path: '/calls/packages', component: 'calls/CallPackageList', title: { 'zh-CN': '通话套餐', en: 'Call packages' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'serialNo',
  createTime: false,
  fields: [
    { key: 'startedAt', type: 'datetime', title: { 'zh-CN': '通话时间', en: 'Called at' }, required: true, query: 'range', sortable: true, width: 160 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '学生', en: 'Pupil' }, query: 'eq', width: 100 },
    { key: 'dialled', type: 'text', title: { 'zh-CN': '拨打号码', en: 'Number' }, required: true, max: 20, query: 'like', width: 120 },
    { key: 'relation', type: 'dict', dict: 'parent_relation', title: { 'zh-CN': '称谓', en: 'Relation' }, width: 70 },
    { key: 'video', type: 'switch', title: { 'zh-CN': '视频', en: 'Video' }, default: false, width: 60 },
    { key: 'seconds', type: 'number', title: { 'zh-CN': '时长(秒)', en: 'Seconds' }, required: true, total: true, width: 80 },
    { key: 'minutes', type: 'number', title: { 'zh-CN': '计费分钟', en: 'Minutes' }, default: 0, total: true, width: 80 },
    { key: 'result', type: 'dict', dict: 'call_result', title: { 'zh-CN': '结果', en: 'Result' }, default: '1', query: 'eq', width: 80 },
    { key: 'refuseReason', type: 'text', title: { 'zh-CN': '拒绝原因', en: 'Why refused' }, max: 100, width: 140 },
    { key: 'phoneId', type: 'ref', ref: 'calls.phone', title: { 'zh-CN': '话机', en: 'Phone' }, required: true, query: 'eq', width: 120 },
    { key: 'cardNo', type: 'text', title: { 'zh-CN': '卡号', en: 'Card no.' }, max: 20, width: 100 },
    { key: 'serialNo', type: 'text', title: { 'zh-CN': '话机流水号', en: 'Phone serial' }, required: true, max: 40, query: 'like', width: 120 },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'startedAt', order: 'desc' },
};
