import type { EntitySpec } from '../../engine/spec';

/** 套餐管理: a canteen's set meals, their price and the dishes in them (DOMAIN.md 6.4). */
export const combo: EntitySpec = {
  id: 'meals.combo',
  title: { 'zh-CN': '套餐', en: 'Combo' },
  api: '/meals/combo',
  table: 'meal_combo',
  permissionPrefix: 'combo',
  screen: { path: '/meals/combos', component: 'meals/ComboList', title: { 'zh-CN': '套餐管理', en: 'Combos' } },
  // No import: a sheet row cannot carry the dishes a combo needs.
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '套餐名称', en: 'Name' }, required: true, max: 50, query: 'like', sortable: true, width: 160 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '所属食堂', en: 'Canteen' }, required: true, query: 'eq', width: 140 },
    { key: 'storeId', type: 'ref', ref: 'meals.store', title: { 'zh-CN': '档口', en: 'Store' }, width: 120 },
    { key: 'mealTypes', type: 'dict', dict: 'meal_type', dictMode: 'multi', title: { 'zh-CN': '供应餐次', en: 'Meals' }, required: true, width: 140, span: 2 },
    { key: 'categoryId', type: 'ref', ref: 'meals.dishCategory', title: { 'zh-CN': '菜品分类', en: 'Category' }, width: 100 },
    { key: 'price', type: 'money', title: { 'zh-CN': '价格', en: 'Price' }, required: true, min: 0.01, max: 1000, query: 'range', sortable: true, width: 90 },
    { key: 'dailyLimit', type: 'number', title: { 'zh-CN': '每日限量', en: 'Daily limit' }, max: 100_000, width: 90 },
    { key: 'needsBooking', type: 'switch', title: { 'zh-CN': '需预订', en: 'Booking required' }, default: false, width: 80 },
    { key: 'status', type: 'dict', dict: 'combo_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '3', query: 'eq', width: 90 },
    { key: 'image', type: 'image', title: { 'zh-CN': '图片', en: 'Picture' }, list: false },
    { key: 'description', type: 'textarea', title: { 'zh-CN': '描述', en: 'Description' }, max: 500, list: false, span: 2 },
  ],
  details: [
    {
      key: 'items',
      title: { 'zh-CN': '套餐菜品', en: 'Dishes' },
      table: 'meal_combo_item',
      parentKey: 'comboId',
      fields: [
        { key: 'dishName', type: 'text', title: { 'zh-CN': '菜品', en: 'Dish' }, required: true, max: 50, width: 200 },
        { key: 'portion', type: 'text', title: { 'zh-CN': '份量', en: 'Portion' }, max: 20, width: 120 },
      ],
      min: 1,
      max: 30,
    },
  ],
  form: { width: 900, columns: 2 },
  defaultSort: { field: 'name', order: 'asc' },
};
