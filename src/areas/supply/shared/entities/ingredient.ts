import type { EntitySpec } from '@shared/engine/spec';

/** 食材档案 (DOMAIN.md 5.2): the ingredients bought, stored and issued, each in one unit. */
export const ingredient: EntitySpec = {
  id: 'supply.ingredient',
  title: { 'zh-CN': '食材', en: 'Ingredient' },
  api: '/supply/ingredient',
  table: 'sup_ingredient',
  permissionPrefix: 'ingredient',
  screen: { path: '/supply/inventory', component: 'supply/InventoryList', title: { 'zh-CN': '食材库存', en: 'Ingredient inventory' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'code', type: 'text', title: { 'zh-CN': '编码', en: 'Code' }, required: true, max: 30, unique: true, query: 'like', sortable: true, width: 100 },
    { key: 'name', type: 'text', title: { 'zh-CN': '名称', en: 'Name' }, required: true, max: 40, unique: true, query: 'like', sortable: true, width: 120 },
    { key: 'category', type: 'dict', dict: 'supply_category', title: { 'zh-CN': '分类', en: 'Category' }, required: true, query: 'eq', width: 90 },
    { key: 'spec', type: 'text', title: { 'zh-CN': '规格', en: 'Specification' }, max: 40, width: 100 },
    { key: 'unit', type: 'dict', dict: 'unit', title: { 'zh-CN': '单位', en: 'Unit' }, required: true, default: 'kg', width: 70 },
    { key: 'refPrice', type: 'money', title: { 'zh-CN': '参考单价', en: 'Reference price' }, max: 100000, width: 90 },
    { key: 'safetyLow', type: 'quantity', title: { 'zh-CN': '安全库存下限', en: 'Safety stock low' }, max: 1000000, width: 110 },
    { key: 'safetyHigh', type: 'quantity', title: { 'zh-CN': '安全库存上限', en: 'Safety stock high' }, max: 1000000, width: 110 },
    { key: 'shelfDays', type: 'number', title: { 'zh-CN': '保质期(天)', en: 'Shelf life (days)' }, max: 3650, width: 90 },
    { key: 'storage', type: 'dict', dict: 'storage_mode', title: { 'zh-CN': '存储方式', en: 'Storage' }, required: true, default: '1', width: 80 },
    { key: 'status', type: 'dict', dict: 'valid_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 70 },
  ],
  form: { width: 760, columns: 2 },
  picker: { fields: ['code', 'spec', 'unit'] },
  defaultSort: { field: 'code', order: 'asc' },
};
