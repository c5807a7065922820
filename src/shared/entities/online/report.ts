import type { EntitySpec } from '../../engine/spec';

/**
 * Online 报表 (在线开发): a report a school builds without code — a query over one of the
 * developers' read-only sources (online/reportSources.ts), with the columns it shows (titles,
 * dictionaries), its query fields (equals, contains or a range; hidden until the area is expanded)
 * and its default sort. Read through JeecgBoot's `/online/cgreport/api/*` calls by the report
 * popup picker and the report's own screen. A report saved with no columns takes all its source's.
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
    },
  ],
  form: { width: 1000, columns: 2 },
  defaultSort: { field: 'code', order: 'asc' },
};
