import type { EntitySpec } from '../../engine/spec';

/**
 * 学年学期 (DOMAIN.md §7): the school's years and terms. One is current — what a new score record
 * or tuition bill starts with; 设为当前 moves it.
 */
export const schoolTerm: EntitySpec = {
  id: 'payments.schoolTerm',
  title: { 'zh-CN': '学年学期', en: 'Term' },
  api: '/pay/term',
  table: 'pay_school_term',
  permissionPrefix: 'term',
  screen: { path: '/payments/terms', component: 'payments/TermList', title: { 'zh-CN': '学年学期', en: 'School years and terms' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'schoolYear', type: 'text', title: { 'zh-CN': '学年', en: 'School year' }, required: true, max: 9, preset: 'schoolYear', query: 'like', sortable: true, width: 110 },
    { key: 'term', type: 'dict', dict: 'school_term', title: { 'zh-CN': '学期', en: 'Term' }, required: true, default: '1', query: 'eq', width: 90 },
    { key: 'name', type: 'text', title: { 'zh-CN': '学期名称', en: 'Name' }, required: true, max: 30, form: false, width: 160 },
    { key: 'startDate', type: 'date', title: { 'zh-CN': '开始日期', en: 'Starts' }, required: true, sortable: true, width: 110 },
    { key: 'endDate', type: 'date', title: { 'zh-CN': '结束日期', en: 'Ends' }, required: true, width: 110 },
    { key: 'weeks', type: 'number', title: { 'zh-CN': '教学周数', en: 'Teaching weeks' }, min: 1, max: 30, width: 90 },
    { key: 'isCurrent', type: 'switch', title: { 'zh-CN': '当前学期', en: 'Current' }, default: false, form: false, width: 90 },
    { key: 'status', type: 'dict', dict: 'valid_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 70 },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 640, columns: 2 },
  defaultSort: { field: 'startDate', order: 'desc' },
  flow: {
    status: ['isCurrent', 'status'],
    actions: [
      {
        id: 'setCurrent',
        title: { 'zh-CN': '设为当前', en: 'Make current' },
        from: { isCurrent: ['false'], status: ['1'] },
        to: { isCurrent: 'true' },
        show: ['name', 'startDate', 'endDate'],
        confirm: { 'zh-CN': '设为当前学期后，新的评分和账单默认记入该学期。', en: 'New scores and bills default to the current term.' },
        done: { 'zh-CN': '已设为当前学期', en: 'Now the current term' },
        effect: true,
        icon: 'check',
        keywords: ['term', 'current', 'xueqi', 'dangqian'],
        toolbar: true,
      },
    ],
  },
};
