import type { EntitySpec } from '../../engine/spec';

/**
 * 白名单: members a canteen treats differently — eat without ordering, eat free, no meal-count
 * limit, overdraft, or no penalty for no-shows — each for a period (DOMAIN.md 6.7).
 */
export const whiteList: EntitySpec = {
  id: 'meals.whiteList',
  title: { 'zh-CN': '白名单', en: 'Allow-list entry' },
  api: '/meals/whiteList',
  table: 'meal_white_list',
  permissionPrefix: 'whiteList',
  screen: { path: '/meals/white-list', component: 'meals/WhiteList', title: { 'zh-CN': '白名单', en: 'White list' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: true,
  labelField: 'reason',
  fields: [
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '人员', en: 'Member' }, required: true, query: 'eq', width: 110 },
    { key: 'whiteType', type: 'dict', dict: 'white_type', title: { 'zh-CN': '类型', en: 'Type' }, required: true, default: '1', query: 'eq', width: 120 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '适用食堂', en: 'Canteen' }, query: 'eq', width: 140 },
    { key: 'mealType', type: 'dict', dict: 'meal_type', dictMode: 'multi', title: { 'zh-CN': '适用餐次', en: 'Meals' }, width: 140 },
    { key: 'validFrom', type: 'date', title: { 'zh-CN': '生效日期', en: 'From' }, required: true, query: 'range', sortable: true, width: 100 },
    { key: 'validTo', type: 'date', title: { 'zh-CN': '失效日期', en: 'Until' }, required: true, sortable: true, width: 100 },
    { key: 'reason', type: 'text', title: { 'zh-CN': '原因', en: 'Reason' }, required: true, max: 100, query: 'like', width: 180 },
    { key: 'approver', type: 'text', title: { 'zh-CN': '审批人', en: 'Approved by' }, max: 30, width: 90 },
    { key: 'status', type: 'dict', dict: 'valid_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 80 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'validFrom', order: 'desc' },
};
