import type { EntitySpec } from '../../engine/spec';

/** 数据字典: the dictionaries all schools share (JeecgBoot's sys_dict); their items are the detail. */
export const dictionary: EntitySpec = {
  id: 'system.dictionary',
  title: { 'zh-CN': '字典', en: 'Dictionary' },
  api: '/sys/dict',
  table: 'dictionaries',
  permissionPrefix: 'dict',
  screen: { path: '/system/dictionaries', component: 'system/DictList', title: { 'zh-CN': '数据字典', en: 'Dictionaries' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: false,
  labelField: 'dictName',
  fields: [
    { key: 'dictName', type: 'text', title: { 'zh-CN': '字典名称', en: 'Name' }, required: true, max: 50, query: 'like', sortable: true, width: 160 },
    { key: 'dictCode', type: 'text', title: { 'zh-CN': '字典编码', en: 'Code' }, required: true, max: 64, preset: 'code', unique: true, query: 'like', sortable: true, width: 160 },
    { key: 'type', type: 'dict', dict: 'dict_value_type', dictMode: 'radio', title: { 'zh-CN': '值类型', en: 'Value type' }, default: '0', list: false },
    { key: 'description', type: 'textarea', title: { 'zh-CN': '描述', en: 'Description' }, max: 200, span: 2, width: 200 },
  ],
  form: { width: 600, columns: 1 },
  defaultSort: { field: 'dictCode', order: 'asc' },
};
