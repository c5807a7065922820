import type { EntitySpec } from '../../engine/spec';
import { publishFlow } from './publishFlow';

/**
 * Online 报表 (在线开发): a report a school builds without code — a query over one of the
 * developers' read-only sources (online/reportSources.ts), with the columns it shows (titles,
 * dictionaries), its query fields (equals, contains or a range; hidden until the area is expanded)
 * and its default sort. Read through JeecgBoot's `/online/cgreport/api/*` calls by the report
 * popup picker and, once 发布 puts it on the menu, the report's own screen with 导出. A report saved
 * with no columns takes all its source's.
 */
export const onlineReport: EntitySpec = {
  id: 'online.report',
  title: { 'zh-CN': '在线报表', en: 'Online report' },
  api: '/online/cgreport/head',
  table: 'onl_report',
  permissionPrefix: 'onlreport',
  screen: { path: '/online/reports', component: 'online/OnlineReportList', title: { 'zh-CN': 'Online 报表', en: 'Online reports' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'code', type: 'text', title: { 'zh-CN': '报表编码', en: 'Code' }, required: true, max: 50, unique: true, query: 'like', sortable: true, width: 150 },
    { key: 'name', type: 'text', title: { 'zh-CN': '报表名称', en: 'Name' }, required: true, max: 50, query: 'like', width: 160 },
    { key: 'source', type: 'dict', dict: 'onl_report_source', title: { 'zh-CN': '数据源', en: 'Source' }, required: true, query: 'eq', width: 120 },
    { key: 'pageSize', type: 'number', title: { 'zh-CN': '每页条数', en: 'Page size' }, min: 5, max: 100, default: 10, width: 80 },
    { key: 'sortColumn', type: 'text', title: { 'zh-CN': '默认排序字段', en: 'Sorted by' }, max: 50, width: 120 },
    { key: 'sortOrder', type: 'dict', dict: 'onl_sort_order', title: { 'zh-CN': '排序方向', en: 'Order' }, default: 'asc', width: 80 },
    { key: 'menuArea', type: 'dict', dict: 'onl_menu_area', title: { 'zh-CN': '所在菜单', en: 'Menu area' }, required: true, default: '/online', width: 110 },
    { key: 'publishStatus', type: 'dict', dict: 'onl_publish_status', title: { 'zh-CN': '发布状态', en: 'Published' }, default: '0', form: false, query: 'eq', width: 90 },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '说明', en: 'Description' }, max: 200, list: false, span: 2 },
  ],
  details: [
    {
      key: 'columns',
      title: { 'zh-CN': '报表字段', en: 'Columns' },
      table: 'onl_report_column',
      parentKey: 'reportId',
      fields: [
        { key: 'field', type: 'text', title: { 'zh-CN': '字段', en: 'Field' }, required: true, max: 50, width: 130 },
        { key: 'title', type: 'text', title: { 'zh-CN': '标题', en: 'Title' }, max: 50, width: 120 },
        { key: 'dictCode', type: 'text', title: { 'zh-CN': '字典编码', en: 'Dictionary' }, max: 50, width: 120 },
        { key: 'queryMode', type: 'dict', dict: 'onl_query_mode', title: { 'zh-CN': '查询方式', en: 'Query' }, width: 100 },
        { key: 'hidden', type: 'dict', dict: 'yn', title: { 'zh-CN': '收起时隐藏', en: 'Hidden when collapsed' }, default: '0', width: 100 },
        { key: 'width', type: 'number', title: { 'zh-CN': '列宽', en: 'Width' }, min: 40, max: 600, width: 80 },
      ],
      max: 40,
      orderable: true,
    },
  ],
  form: { width: 1000, columns: 2 },
  defaultSort: { field: 'code', order: 'asc' },
  flow: publishFlow(
    'report',
    { publish: ['code', 'name', 'menuArea'], unpublish: ['code', 'name'] },
    {
      publish: {
        'zh-CN': '发布后报表作为一个页面出现在所选菜单下（可查询、导出），并授权给本校的系统管理员；其他角色在角色授权中授予。',
        en: 'Once published the report is a screen on the menu under its area (to query and export), granted to the school’s administrators; other roles are granted it in their authorisation.',
      },
      unpublish: { 'zh-CN': '取消发布后报表页面从菜单中移除，报表本身保留。', en: 'Unpublished, the report’s screen leaves the menu; the report itself is kept.' },
    },
  ),
};
