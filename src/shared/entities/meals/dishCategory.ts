import type { EntitySpec } from '../../engine/spec';

/** 菜品分类: dish categories of one canteen, or of every canteen when none is named (DOMAIN.md 6.5). */
export const dishCategory: EntitySpec = {
  id: 'meals.dishCategory',
  title: { 'zh-CN': '菜品分类', en: 'Dish category' },
  api: '/meals/dishCategory',
  table: 'meal_dish_category',
  permissionPrefix: 'dishCategory',
  screen: { path: '/meals/categories', component: 'meals/DishCategoryList', title: { 'zh-CN': '菜品分类', en: 'Dish categories' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '分类名称', en: 'Name' }, required: true, max: 30, query: 'like', sortable: true, width: 160 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '适用食堂', en: 'Canteen' }, query: 'eq', width: 160 },
    { key: 'icon', type: 'image', title: { 'zh-CN': '图标', en: 'Icon' }, list: false },
    { key: 'status', type: 'dict', dict: 'valid_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 90 },
    { key: 'sortNo', type: 'number', title: { 'zh-CN': '排序', en: 'Order' }, max: 10_000, default: 0, sortable: true, width: 80 },
  ],
  form: { width: 640, columns: 1 },
  defaultSort: { field: 'sortNo', order: 'asc' },
};
