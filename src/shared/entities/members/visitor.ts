import type { EntitySpec } from '../../engine/spec';

/**
 * 访客管理: visits from registration to departure (DOMAIN.md 2.11). A visit is registered (or
 * booked) here; its status moves only through the named operations — 审核 (通过/拒绝), 签到 with a
 * temporary card, 签离 when the card is handed back, 取消 — never by editing. Visits are the
 * school's gate log: they are not deleted.
 */
export const visitor: EntitySpec = {
  id: 'members.visitor',
  title: { 'zh-CN': '访客', en: 'Visitor' },
  api: '/memb/visitor',
  table: 'memb_visitor',
  permissionPrefix: 'visitor',
  screen: { path: '/members/guests', component: 'members/GuestList', title: { 'zh-CN': '访客管理', en: 'Guests' } },
  operations: ['add', 'edit', 'export'],
  tenantScoped: true,
  labelField: 'visitorName',
  fields: [
    { key: 'visitorName', type: 'text', title: { 'zh-CN': '访客姓名', en: 'Visitor' }, required: true, max: 30, query: 'like', sortable: true, width: 100 },
    { key: 'mobile', type: 'text', preset: 'm', title: { 'zh-CN': '手机', en: 'Mobile' }, required: true, max: 20, query: 'like', width: 120 },
    { key: 'visitStatus', type: 'dict', dict: 'visitor_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '0', form: false, query: 'eq', width: 80 },
    { key: 'visitReason', type: 'dict', dict: 'visit_reason', title: { 'zh-CN': '来访事由', en: 'Purpose' }, required: true, query: 'eq', width: 100 },
    { key: 'hostMemberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '被访人', en: 'Host' }, required: true, query: 'eq', width: 100 },
    { key: 'visitTime', type: 'datetime', title: { 'zh-CN': '预约来访时间', en: 'Expected at' }, required: true, query: 'range', sortable: true, width: 160 },
    { key: 'expectedLeaveTime', type: 'datetime', title: { 'zh-CN': '预计离开时间', en: 'Expected to leave' }, list: false },
    { key: 'companions', type: 'number', title: { 'zh-CN': '随行人数', en: 'Companions' }, max: 50, default: 0, width: 90 },
    { key: 'company', type: 'text', title: { 'zh-CN': '单位', en: 'Organisation' }, max: 60, width: 140 },
    { key: 'idType', type: 'dict', dict: 'id_type', title: { 'zh-CN': '证件类型', en: 'ID type' }, default: '1', list: false },
    { key: 'idNo', type: 'text', title: { 'zh-CN': '证件号', en: 'ID number' }, max: 30, list: false },
    { key: 'plateNo', type: 'text', title: { 'zh-CN': '车牌号', en: 'Plate no.' }, max: 12, width: 100 },
    { key: 'registerMode', type: 'dict', dict: 'visitor_register_mode', title: { 'zh-CN': '登记方式', en: 'Registered by' }, required: true, default: '2', width: 90 },
    { key: 'passType', type: 'dict', dict: 'visitor_pass', title: { 'zh-CN': '通行凭证', en: 'Pass' }, required: true, default: '2', width: 90 },
    { key: 'tempCardNo', type: 'text', title: { 'zh-CN': '临时卡号', en: 'Temporary card' }, max: 20, form: false, width: 100 },
    { key: 'arrivedAt', type: 'datetime', title: { 'zh-CN': '到访时间', en: 'Arrived' }, form: false, sortable: true, width: 160 },
    { key: 'leftAt', type: 'datetime', title: { 'zh-CN': '离开时间', en: 'Left' }, form: false, width: 160 },
    { key: 'checkBy', type: 'text', title: { 'zh-CN': '审核人', en: 'Approved by' }, max: 50, form: false, width: 90 },
    { key: 'checkRemark', type: 'text', title: { 'zh-CN': '审核意见', en: 'Review note' }, max: 100, form: false, list: false },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 860, columns: 2 },
  picker: { fields: ['mobile', 'visitTime', 'hostMemberId'] },
  defaultSort: { field: 'visitTime', order: 'desc' },
};
