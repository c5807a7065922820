import type { EntitySpec } from '../../engine/spec';

/**
 * 人员类型与折扣's discount rows (DOMAIN.md 2.13, memb_type_discount): what a member type pays at
 * a canteen, store and meal, and what the school pays of it. The price is a share in thousandths
 * (900 = 九折, 1000 = the full price) or a fixed price; a meal allowance (固定补贴, 免费餐 or 比率餐补)
 * is then paid from the school's allowance account, once per meal a day. A row with no canteen,
 * store or meal holds for all of them; a payment takes the most particular row in force that day.
 */
export const typeDiscount: EntitySpec = {
  id: 'members.typeDiscount',
  title: { 'zh-CN': '折扣规则', en: 'Discount' },
  api: '/memb/typeDiscount',
  table: 'memb_type_discount',
  permissionPrefix: 'typeDiscount',
  screen: { path: '/members/types', component: 'members/MemberTypeList', title: { 'zh-CN': '人员类型与折扣', en: 'Member types and discounts' } },
  operations: ['add', 'edit', 'delete'],
  tenantScoped: true,
  parent: { field: 'memberTypeId' },
  labelField: 'name',
  fields: [
    { key: 'memberTypeId', type: 'ref', ref: 'members.memberType', title: { 'zh-CN': '人员类型', en: 'Member type' }, required: true, query: 'eq', list: false },
    { key: 'name', type: 'text', title: { 'zh-CN': '规则名称', en: 'Name' }, required: true, max: 30, width: 140 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '食堂（空为全部）', en: 'Canteen (empty: all)' }, width: 150 },
    { key: 'storeId', type: 'ref', ref: 'meals.store', title: { 'zh-CN': '档口（空为全部）', en: 'Store (empty: all)' }, width: 140 },
    { key: 'mealType', type: 'dict', dict: 'meal_type', title: { 'zh-CN': '餐次（空为全部）', en: 'Meal (empty: all)' }, width: 130 },
    { key: 'discountPermille', type: 'number', title: { 'zh-CN': '折扣（‰）', en: 'Price paid (‰)' }, required: true, min: 1, max: 1000, default: 1000, width: 100 },
    { key: 'fixedPrice', type: 'money', title: { 'zh-CN': '固定价', en: 'Fixed price' }, max: 1000, width: 90 },
    { key: 'allowanceMode', type: 'dict', dict: 'meal_allowance_mode', title: { 'zh-CN': '餐补方式', en: 'Meal allowance' }, required: true, default: '0', width: 100 },
    { key: 'allowance', type: 'money', title: { 'zh-CN': '餐补金额', en: 'Allowance' }, max: 1000, width: 90 },
    { key: 'allowancePermille', type: 'number', title: { 'zh-CN': '餐补比率（‰）', en: 'Allowance (‰)' }, min: 1, max: 1000, width: 110 },
    { key: 'allowanceValidity', type: 'dict', dict: 'allowance_validity', title: { 'zh-CN': '餐补有效', en: 'Allowance kept' }, required: true, default: '1', width: 100 },
    { key: 'validFrom', type: 'date', title: { 'zh-CN': '生效日期', en: 'Valid from' }, width: 110 },
    { key: 'validTo', type: 'date', title: { 'zh-CN': '失效日期', en: 'Valid to' }, width: 110 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'discountPermille', order: 'asc' },
};
