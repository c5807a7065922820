import type { EntitySpec } from '@shared/engine/spec';

/**
 * 商铺分类 (DOMAIN.md §13): the kinds of shops on campus (超市, 文具, 理发 …), in the order 排序
 * gives; a category with shops in it is not deleted. enable_status: 1 启用 · 0 停用.
 */
export const shopCategory: EntitySpec = {
  id: 'shops.category',
  title: { 'zh-CN': '商铺分类', en: 'Shop category' },
  api: '/shop/category',
  table: 'shop_category',
  permissionPrefix: 'shopCategory',
  screen: { path: '/shops/categories', component: 'shops/ShopCategoryList', title: { 'zh-CN': '商铺分类', en: 'Shop categories' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '分类名称', en: 'Name' }, required: true, unique: true, max: 30, query: 'like', sortable: true, width: 160 },
    { key: 'code', type: 'text', preset: 'code', title: { 'zh-CN': '编码', en: 'Code' }, unique: true, max: 20, query: 'like', width: 120 },
    { key: 'sortNo', type: 'number', title: { 'zh-CN': '排序', en: 'Order' }, max: 9999, default: 0, sortable: true, width: 80 },
    { key: 'icon', type: 'text', title: { 'zh-CN': '图标', en: 'Icon' }, max: 40, width: 110 },
    { key: 'status', type: 'dict', dict: 'enable_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 80 },
  ],
  form: { width: 520, columns: 1 },
  defaultSort: { field: 'sortNo', order: 'asc' },
};
