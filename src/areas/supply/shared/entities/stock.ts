import type { EntitySpec } from '@shared/engine/spec';

/**
 * 食材库存's stock (DOMAIN.md 5.2): per canteen and ingredient, the sum of its moves — never a
 * number kept and changed — with its value, last receipt, nearest expiry and state.
 */
export const stock: EntitySpec = {
  id: 'supply.stock',
  title: { 'zh-CN': '库存', en: 'Stock' },
  api: '/supply/stock',
  table: 'v_sup_stock',
  permissionPrefix: 'stock',
  screen: { path: '/supply/inventory', component: 'supply/InventoryList', title: { 'zh-CN': '食材库存', en: 'Ingredient inventory' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'ingredientId',
  createTime: false,
  fields: [
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '仓库/食堂', en: 'Store' }, required: true, query: 'eq', width: 110 },
    { key: 'ingredientId', type: 'ref', ref: 'supply.ingredient', refMode: 'picker', title: { 'zh-CN': '食材', en: 'Ingredient' }, required: true, query: 'eq', width: 120 },
    { key: 'category', type: 'dict', dict: 'supply_category', title: { 'zh-CN': '分类', en: 'Category' }, required: true, query: 'eq', width: 90 },
    { key: 'qty', type: 'quantity', title: { 'zh-CN': '库存数量', en: 'Quantity' }, required: true, sortable: true, width: 100 },
    { key: 'unit', type: 'dict', dict: 'unit', title: { 'zh-CN': '单位', en: 'Unit' }, required: true, width: 60 },
    { key: 'amount', type: 'money', title: { 'zh-CN': '库存金额', en: 'Value' }, required: true, total: true, sortable: true, width: 100 },
    { key: 'stockState', type: 'dict', dict: 'stock_state', title: { 'zh-CN': '库存状态', en: 'State' }, required: true, query: 'eq', width: 90 },
    { key: 'nextExpiry', type: 'date', title: { 'zh-CN': '最近到期', en: 'Next expiry' }, sortable: true, width: 100 },
    { key: 'lastInAt', type: 'datetime', title: { 'zh-CN': '最近入库', en: 'Last received' }, sortable: true, width: 160 },
  ],
  form: { width: 600, columns: 1 },
  defaultSort: { field: 'nextExpiry', order: 'asc' },
};

/** The batches in store with what is left of each: what 出库 takes first-expiring-first-out. */
export const stockBatch: EntitySpec = {
  id: 'supply.batch',
  title: { 'zh-CN': '批次', en: 'Batch' },
  api: '/supply/batch',
  table: 'v_sup_batch',
  permissionPrefix: 'stockBatch',
  screen: { path: '/supply/inventory', component: 'supply/InventoryList', title: { 'zh-CN': '食材库存', en: 'Ingredient inventory' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'batchNo',
  fields: [
    { key: 'batchNo', type: 'text', title: { 'zh-CN': '批号', en: 'Batch no.' }, required: true, max: 40, query: 'like', width: 130 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '仓库/食堂', en: 'Store' }, required: true, query: 'eq', width: 110 },
    { key: 'ingredientId', type: 'ref', ref: 'supply.ingredient', refMode: 'picker', title: { 'zh-CN': '食材', en: 'Ingredient' }, required: true, query: 'eq', width: 120 },
    { key: 'remaining', type: 'quantity', title: { 'zh-CN': '剩余数量', en: 'Remaining' }, required: true, width: 100 },
    { key: 'unitPrice', type: 'money', title: { 'zh-CN': '入库单价', en: 'Unit price' }, required: true, width: 90 },
    { key: 'productionDate', type: 'date', title: { 'zh-CN': '生产日期', en: 'Produced' }, width: 100 },
    { key: 'expiryDate', type: 'date', title: { 'zh-CN': '到期日', en: 'Expires' }, query: 'range', sortable: true, width: 100 },
  ],
  form: { width: 600, columns: 1 },
  defaultSort: { field: 'expiryDate', order: 'asc' },
};
