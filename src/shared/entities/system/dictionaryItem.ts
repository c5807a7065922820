import type { EntitySpec } from '../../engine/spec';

/** The platform's items of a dictionary (JeecgBoot's sys_dict_item): value, text, order, status, tag colour. */
export const dictionaryItem: EntitySpec = {
  id: 'system.dictionaryItem',
  title: { 'zh-CN': '字典项', en: 'Dictionary item' },
  api: '/sys/dictItem',
  table: 'dictionary_items',
  permissionPrefix: 'dictItem',
  screen: { path: '/system/dictionaries', component: 'system/DictList', title: { 'zh-CN': '数据字典', en: 'Dictionaries' } },
  operations: ['add', 'edit', 'delete'],
  tenantScoped: false,
  parent: { field: 'dictId' },
  labelField: 'itemText',
  fields: [
    { key: 'dictId', type: 'ref', ref: 'system.dictionary', title: { 'zh-CN': '所属字典', en: 'Dictionary' }, required: true, query: 'eq', list: false },
    { key: 'itemText', type: 'text', title: { 'zh-CN': '名称', en: 'Text' }, required: true, max: 100, query: 'like', width: 140 },
    { key: 'itemTextEn', type: 'text', title: { 'zh-CN': '英文名称', en: 'English text' }, max: 100, width: 140 },
    { key: 'itemValue', type: 'text', title: { 'zh-CN': '数据值', en: 'Value' }, required: true, max: 64, unique: true, width: 110 },
    { key: 'color', type: 'dict', dict: 'tag_color', title: { 'zh-CN': '标签颜色', en: 'Tag colour' }, width: 100 },
    { key: 'sortOrder', type: 'number', title: { 'zh-CN': '排序', en: 'Order' }, max: 9999, default: 0, sortable: true, width: 70 },
    { key: 'status', type: 'dict', dict: 'dict_item_status', dictMode: 'radio', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 80 },
    { key: 'description', type: 'textarea', title: { 'zh-CN': '描述', en: 'Description' }, max: 200, width: 160 },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'sortOrder', order: 'asc' },
};
