import type { EntitySpec } from '../../engine/spec';

/** 食堂管理: the school's canteens (DOMAIN.md 6.1). */
export const canteen: EntitySpec = {
  id: 'meals.canteen',
  title: { 'zh-CN': '食堂', en: 'Canteen' },
  api: '/meals/canteen',
  table: 'meal_canteen',
  permissionPrefix: 'canteen',
  screen: { path: '/meals/canteens', component: 'meals/CanteenList', title: { 'zh-CN': '食堂管理', en: 'Canteens' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '食堂名称', en: 'Name' }, required: true, max: 50, query: 'like', sortable: true, width: 160 },
    { key: 'code', type: 'text', title: { 'zh-CN': '食堂编码', en: 'Code' }, required: true, max: 20, unique: true, sortable: true, width: 120 },
    { key: 'campus', type: 'text', title: { 'zh-CN': '校区', en: 'Campus' }, max: 50, width: 120 },
    { key: 'location', type: 'text', title: { 'zh-CN': '位置', en: 'Location' }, max: 100, width: 180 },
    { key: 'manager', type: 'text', title: { 'zh-CN': '负责人', en: 'Manager' }, max: 30, width: 100 },
    { key: 'phone', type: 'text', title: { 'zh-CN': '联系电话', en: 'Phone' }, max: 11, preset: 'm', width: 130, restricted: true },
    { key: 'seats', type: 'number', title: { 'zh-CN': '座位数', en: 'Seats' }, max: 100_000, sortable: true, width: 90 },
    { key: 'status', type: 'dict', dict: 'canteen_status', title: { 'zh-CN': '营业状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 100 },
    { key: 'requireOrder', type: 'switch', title: { 'zh-CN': '需要报餐', en: 'Pre-order required' }, default: false, width: 100 },
    { key: 'allowUnordered', type: 'switch', title: { 'zh-CN': '允许未报餐就餐', en: 'Eat without pre-order' }, default: true, width: 130 },
    { key: 'chargeNoShow', type: 'switch', title: { 'zh-CN': '报餐未就餐扣费', en: 'Charge no-shows' }, default: false, width: 130 },
    { key: 'allowOutsiders', type: 'switch', title: { 'zh-CN': '对外人员就餐', en: 'Open to visitors' }, default: false, width: 120 },
    { key: 'sortNo', type: 'number', title: { 'zh-CN': '排序', en: 'Order' }, max: 10_000, default: 0, sortable: true, width: 70 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'sortNo', order: 'asc' },
};
