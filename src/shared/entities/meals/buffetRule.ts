import type { EntitySpec } from '../../engine/spec';

/** 自助餐规则: how a buffet charges — per visit or by weight — at a canteen for a meal (DOMAIN.md 6.6). */
export const buffetRule: EntitySpec = {
  id: 'meals.buffetRule',
  title: { 'zh-CN': '自助餐规则', en: 'Buffet rule' },
  api: '/meals/buffetRule',
  table: 'meal_buffet_rule',
  permissionPrefix: 'buffetRule',
  screen: { path: '/meals/buffet-rules', component: 'meals/BuffetRuleList', title: { 'zh-CN': '自助餐规则', en: 'Buffet rules' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '规则名称', en: 'Name' }, required: true, max: 50, query: 'like', sortable: true, width: 160 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '食堂', en: 'Canteen' }, required: true, query: 'eq', width: 140 },
    { key: 'mealType', type: 'dict', dict: 'meal_type', title: { 'zh-CN': '餐次', en: 'Meal' }, required: true, default: '2', query: 'eq', width: 80 },
    { key: 'pricingMode', type: 'dict', dict: 'buffet_pricing', title: { 'zh-CN': '计价方式', en: 'Pricing' }, required: true, default: '1', width: 110 },
    { key: 'unitPrice', type: 'money', title: { 'zh-CN': '单价', en: 'Unit price' }, required: true, max: 1000, sortable: true, width: 150 },
    { key: 'perMealLimit', type: 'number', title: { 'zh-CN': '每餐限次', en: 'Visits per meal' }, max: 20, default: 1, width: 90 },
    { key: 'overtimeSurcharge', type: 'money', title: { 'zh-CN': '超时加收', en: 'Overtime surcharge' }, max: 100, width: 100 },
    { key: 'validFrom', type: 'date', title: { 'zh-CN': '生效日期', en: 'From' }, query: 'range', sortable: true, width: 110 },
    { key: 'validTo', type: 'date', title: { 'zh-CN': '失效日期', en: 'To' }, width: 110 },
    { key: 'status', type: 'dict', dict: 'valid_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 80 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'name', order: 'asc' },
};
