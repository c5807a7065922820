import type { EntitySpec } from '../../engine/spec';

/**
 * A school's own items of a dictionary (JeecgBoot's dictOrgItem): same value as a platform item
 * replaces it for the school (text, colour, order, status), a new value adds one.
 */
export const dictionaryOrgItem: EntitySpec = {
  id: 'system.dictOrgItem',
  title: { 'zh-CN': '本校字典项', en: 'School dictionary item' },
  api: '/sys/dictOrgItem',
  table: 'dictionary_org_items',
  permissionPrefix: 'dictOrgItem',
  screen: { path: '/system/dictionaries', component: 'system/DictList' },
  operations: ['add', 'edit', 'delete'],
  tenantScoped: true,
  parent: { field: 'dictId' },
  labelField: 'itemText',
  fields: [
    { key: 'dictId', type: 'ref', ref: 'system.dictionary', title: { 'zh-CN': '所属字典', en: 'Dictionary' }, required: true, query: 'eq', list: false },
    { key: 'itemText', type: 'text', title: { 'zh-CN': '名称', en: 'Text' }, required: true, max: 100, query: 'like', width: 140 },
    { key: 'itemValue', type: 'text', title: { 'zh-CN': '数据值', en: 'Value' }, required: true, max: 64, unique: true, width: 110 },
    { key: 'color', type: 'dict', dict: 'tag_color', title: { 'zh-CN': '标签颜色', en: 'Tag colour' }, width: 100 },
    { key: 'sortOrder', type: 'number', title: { 'zh-CN': '排序', en: 'Order' }, max: 9999, default: 0, sortable: true, width: 70 },
    { key: 'status', type: 'dict', dict: 'dict_item_status', dictMode: 'radio', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 80 },
    { key: 'description', type: 'textarea', title: { 'zh-CN': '描述', en: 'Description' }, max: 200, width: 160 },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'sortOrder', order: 'asc' },
};
