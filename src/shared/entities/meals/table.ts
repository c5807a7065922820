import type { EntitySpec } from '../../engine/spec';

/** 餐桌管理: the tables of a canteen, by area and number (DOMAIN.md 6.3). */
export const diningTable: EntitySpec = {
  id: 'meals.table',
  title: { 'zh-CN': '餐桌', en: 'Table' },
  api: '/meals/table',
  table: 'meal_table',
  permissionPrefix: 'diningTable',
  screen: { path: '/meals/tables', component: 'meals/TableList', title: { 'zh-CN': '餐桌管理', en: 'Tables' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: true,
  labelField: 'tableNo',
  fields: [
    { key: 'tableNo', type: 'text', title: { 'zh-CN': '桌号', en: 'Table no.' }, required: true, max: 20, query: 'like', sortable: true, width: 100 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '所属食堂', en: 'Canteen' }, required: true, query: 'eq', width: 140 },
    { key: 'area', type: 'text', title: { 'zh-CN': '区域', en: 'Area' }, max: 30, query: 'like', sortable: true, width: 110 },
    { key: 'seats', type: 'number', title: { 'zh-CN': '座位数', en: 'Seats' }, required: true, min: 1, max: 50, default: 4, sortable: true, width: 90 },
    { key: 'tableType', type: 'dict', dict: 'table_type', title: { 'zh-CN': '类型', en: 'Type' }, required: true, default: '1', query: 'eq', width: 100 },
    { key: 'status', type: 'dict', dict: 'table_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 90 },
  ],
  form: { width: 640, columns: 2 },
  defaultSort: { field: 'tableNo', order: 'asc' },
};
