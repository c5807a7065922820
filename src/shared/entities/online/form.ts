import type { EntitySpec } from '../../engine/spec';
import { publishFlow } from './publishFlow';

/**
 * Online 表单 (在线开发): a form a school designs without code — its table name, titles and fields
 * with the engine's field types, dictionaries, references, popups, required, unique, list, form
 * and query flags —
 * saved as a declaration like any code-declared entity's (shared/online/formSpec.ts) and checked
 * by the same rules. 发布 puts it on the menu under a chosen area, granted to the school's
 * 系统管理员, its records in the JSONB store; 取消发布 takes it off; fields changed while published
 * migrate nothing and lose nothing.
 */
export const onlineForm: EntitySpec = {
  id: 'online.form',
  title: { 'zh-CN': '在线表单', en: 'Online form' },
  api: '/online/cgform/head',
  table: 'onl_form',
  permissionPrefix: 'onlform',
  screen: { path: '/online/forms', component: 'online/OnlineFormList', title: { 'zh-CN': 'Online 表单', en: 'Online forms' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'title',
  fields: [
    { key: 'code', type: 'text', title: { 'zh-CN': '表名', en: 'Table name' }, required: true, max: 40, unique: true, query: 'like', sortable: true, width: 150 },
    { key: 'title', type: 'text', title: { 'zh-CN': '表单名称', en: 'Title' }, required: true, max: 30, query: 'like', width: 150 },
    { key: 'titleEn', type: 'text', title: { 'zh-CN': '英文名称', en: 'English title' }, max: 60, width: 140 },
    { key: 'menuArea', type: 'dict', dict: 'onl_menu_area', title: { 'zh-CN': '所在菜单', en: 'Menu area' }, required: true, default: '/online', width: 110 },
    { key: 'masterCode', type: 'text', title: { 'zh-CN': '主表表名', en: 'Master form' }, max: 40, width: 120 },
    { key: 'publishStatus', type: 'dict', dict: 'onl_publish_status', title: { 'zh-CN': '发布状态', en: 'Published' }, default: '0', form: false, query: 'eq', width: 90 },
    { key: 'version', type: 'number', title: { 'zh-CN': '版本', en: 'Version' }, default: 0, form: false, width: 70 },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '说明', en: 'Description' }, max: 200, list: false, span: 2 },
  ],
  details: [
    {
      key: 'fields',
      title: { 'zh-CN': '表单字段', en: 'Fields' },
      table: 'onl_form_field',
      parentKey: 'formId',
      fields: [
        { key: 'key', type: 'text', title: { 'zh-CN': '字段名', en: 'Field name' }, required: true, max: 40, width: 120 },
        { key: 'label', type: 'text', title: { 'zh-CN': '标题', en: 'Label' }, required: true, max: 30, width: 110 },
        { key: 'labelEn', type: 'text', title: { 'zh-CN': '英文标题', en: 'English label' }, max: 60, width: 110 },
        { key: 'fieldType', type: 'dict', dict: 'onl_field_type', title: { 'zh-CN': '类型', en: 'Type' }, required: true, default: 'text', width: 90 },
        { key: 'dictCode', type: 'text', title: { 'zh-CN': '字典编码', en: 'Dictionary' }, max: 50, width: 100 },
        { key: 'refEntity', type: 'dict', dict: 'onl_ref_entity', title: { 'zh-CN': '引用对象', en: 'Refers to' }, width: 100 },
        { key: 'required', type: 'dict', dict: 'yn', title: { 'zh-CN': '必填', en: 'Required' }, default: '0', width: 70 },
        { key: 'isUnique', type: 'dict', dict: 'yn', title: { 'zh-CN': '唯一', en: 'Unique' }, default: '0', width: 70 },
        { key: 'inList', type: 'dict', dict: 'yn', title: { 'zh-CN': '列表显示', en: 'In list' }, default: '1', width: 80 },
        { key: 'inForm', type: 'dict', dict: 'yn', title: { 'zh-CN': '表单显示', en: 'In form' }, default: '1', width: 80 },
        { key: 'queryMode', type: 'dict', dict: 'onl_query_mode', title: { 'zh-CN': '查询方式', en: 'Query' }, width: 90 },
        { key: 'restricted', type: 'dict', dict: 'yn', title: { 'zh-CN': '数据列权限', en: 'Column permission' }, default: '0', width: 90 },
        { key: 'width', type: 'number', title: { 'zh-CN': '列宽', en: 'Width' }, min: 40, max: 600, width: 70 },
        { key: 'maxValue', type: 'number', title: { 'zh-CN': '长度/最大值', en: 'Length or max' }, min: 1, max: 100_000_000, width: 100 },
        { key: 'popupCode', type: 'text', title: { 'zh-CN': '弹窗报表', en: 'Popup report' }, max: 50, width: 110 },
        { key: 'popupOrgFields', type: 'text', title: { 'zh-CN': '报表字段', en: 'Report fields' }, max: 200, width: 130 },
        { key: 'popupDestFields', type: 'text', title: { 'zh-CN': '填入字段', en: 'Fills fields' }, max: 200, width: 130 },
        { key: 'popupMulti', type: 'dict', dict: 'yn', title: { 'zh-CN': '多选', en: 'Several' }, default: '0', width: 70 },
      ],
      min: 1,
      max: 60,
      orderable: true,
    },
  ],
  form: { width: 1200, columns: 2 },
  defaultSort: { field: 'createTime', order: 'desc' },
  flow: publishFlow(
    'form',
    { publish: ['code', 'title', 'menuArea'], unpublish: ['code', 'title'] },
    {
      publish: {
        'zh-CN': '发布后表单出现在所选菜单下，并授权给本校的系统管理员；其他角色在角色授权中授予。',
        en: 'Once published the form is on the menu under its area, granted to the school’s administrators; other roles are granted it in their authorisation.',
      },
      unpublish: { 'zh-CN': '取消发布后表单从菜单中移除，已填写的数据保留。', en: 'Unpublished, the form leaves the menu; the records filled in are kept.' },
    },
  ),
};
