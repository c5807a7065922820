import type { EntitySpec } from '../../engine/spec';

/** 档口管理: the counters of a canteen, each with how it charges (DOMAIN.md 6.2). */
export const store: EntitySpec = {
  id: 'meals.store',
  title: { 'zh-CN': '档口', en: 'Store' },
  api: '/meals/store',
  table: 'meal_store',
  permissionPrefix: 'store',
  screen: { path: '/meals/stores', component: 'meals/StoreList', title: { 'zh-CN': '档口管理', en: 'Stores' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '档口名称', en: 'Name' }, required: true, max: 50, query: 'like', sortable: true, width: 150 },
    { key: 'code', type: 'text', title: { 'zh-CN': '档口编码', en: 'Code' }, required: true, max: 20, unique: true, sortable: true, width: 110 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '所属食堂', en: 'Canteen' }, required: true, query: 'eq', width: 140 },
    { key: 'storeType', type: 'dict', dict: 'store_type', title: { 'zh-CN': '档口类型', en: 'Type' }, required: true, default: '1', query: 'eq', width: 100 },
    { key: 'operator', type: 'dict', dict: 'store_operator', dictMode: 'radio', title: { 'zh-CN': '经营方', en: 'Run by' }, default: '1', width: 90 },
    { key: 'commissionPermille', type: 'number', title: { 'zh-CN': '管理费（‰）', en: 'Commission (‰)' }, max: 1000, default: 0, width: 110, restricted: true },
    { key: 'consumeMode', type: 'dict', dict: 'consume_mode', title: { 'zh-CN': '消费模式', en: 'Charging' }, required: true, default: '3', query: 'eq', width: 110 },
    { key: 'fixedAmount', type: 'money', title: { 'zh-CN': '定额金额', en: 'Fixed amount' }, max: 1000, width: 100, sortable: true },
    { key: 'allowCredit', type: 'switch', title: { 'zh-CN': '允许记账消费', en: 'Allow credit' }, default: false, width: 110 },
    { key: 'status', type: 'dict', dict: 'store_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 80 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'code', order: 'asc' },
};
