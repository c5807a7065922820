import type { EntitySpec } from '../../engine/spec';

/**
 * 人员类型与折扣's discount rows (DOMAIN.md 2.13, memb_type_discount): what a member type pays at
 * a canteen and meal, in thousandths of the price (900 = 九折, 1000 = the full price). A row with
 * no canteen or no meal holds for all of them; a payment takes the most particular row.
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
    { key: 'mealType', type: 'dict', dict: 'meal_type', title: { 'zh-CN': '餐次（空为全部）', en: 'Meal (empty: all)' }, width: 150 },
    { key: 'discountPermille', type: 'number', title: { 'zh-CN': '折扣（‰）', en: 'Price paid (‰)' }, required: true, min: 1, max: 1000, default: 1000, width: 110 },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'discountPermille', order: 'asc' },
};
