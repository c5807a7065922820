import type { EntitySpec } from '../../engine/spec';

/**
 * 业主管理 (DOMAIN.md 2.12): owners, their families and tenants of the school's houses, shared with
 * 物业. owner_status: 1 已入住 · 2 未入住 · 3 已迁出 — 迁出 and 发门禁卡 are its flow's; 绑定房屋 is an
 * edit of the houses (by building and number until the house register arrives with 物业).
 */
export const owner = {
  id: 'members.owner',
  title: { 'zh-CN': '业主', en: 'Owner' },
  api: '/prop/owner',
  table: 'prop_owner',
  permissionPrefix: 'owner',
  screen: { path: '/members/owners', component: 'members/OwnerList', title: { 'zh-CN': '业主管理', en: 'Owners' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '姓名', en: 'Name' }, required: true, max: 30, query: 'like', sortable: true, width: 100 },
    { key: 'mobile', type: 'text', preset: 'm', title: { 'zh-CN': '手机', en: 'Mobile' }, required: true, max: 20, query: 'like', width: 120 },
    { key: 'ownerRole', type: 'dict', dict: 'owner_role', title: { 'zh-CN': '身份', en: 'Role' }, required: true, default: '1', query: 'eq', width: 70 },
    { key: 'houses', type: 'text', title: { 'zh-CN': '房屋（楼栋/房号）', en: 'Houses (building/no.)' }, required: true, max: 200, query: 'like', width: 180 },
    { key: 'status', type: 'dict', dict: 'owner_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 80 },
    { key: 'moveInDate', type: 'date', title: { 'zh-CN': '入住日期', en: 'Moved in' }, sortable: true, width: 110 },
    { key: 'moveOutDate', type: 'date', title: { 'zh-CN': '迁出日期', en: 'Moved out' }, form: false, width: 110 },
    { key: 'idNo', type: 'text', title: { 'zh-CN': '证件号', en: 'ID number' }, max: 30, list: false },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '关联人员', en: 'Staff member' }, width: 100 },
    { key: 'carCount', type: 'number', title: { 'zh-CN': '车辆数', en: 'Cars' }, max: 20, default: 0, width: 70 },
    { key: 'accessCardNo', type: 'text', title: { 'zh-CN': '门禁卡号', en: 'Access card' }, max: 20, form: false, query: 'like', width: 110 },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'name', order: 'asc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'issueCard',
        title: { 'zh-CN': '发门禁卡', en: 'Issue an access card' },
        from: { status: ['1'] },
        input: [{ key: 'cardNo', type: 'text', title: { 'zh-CN': '门禁卡号', en: 'Card no.' }, required: true, max: 20 }],
        confirm: { 'zh-CN': '刷卡或输入门禁卡号；换发时旧卡随即失效。', en: 'Read the card or type its number; a card issued before stops working.' },
        done: { 'zh-CN': '门禁卡已发放', en: 'Access card issued' },
        effect: true,
        icon: 'credit-card',
        keywords: ['owner', 'access', 'card', 'yezhu', 'menjinka'],
        toolbar: true,
      },
      {
        id: 'moveOut',
        title: { 'zh-CN': '迁出', en: 'Move out' },
        from: { status: ['1', '2'] },
        to: { status: '3' },
        input: [{ key: 'moveOutDate', type: 'date', title: { 'zh-CN': '迁出日期', en: 'Moved out on' }, required: true }],
        confirm: { 'zh-CN': '迁出后其门禁卡失效，记录保留。', en: 'Their access card stops working; the record stays.' },
        done: { 'zh-CN': '已迁出', en: 'Moved out' },
        effect: true,
        icon: 'log-out',
        keywords: ['owner', 'move', 'out', 'yezhu', 'qianchu'],
      },
    ],
  },
} as const satisfies EntitySpec;
