import type { EntitySpec } from '../../engine/spec';

/**
 * 人员部门 as the engine sees it: the school → grade → class tree members belong to, read here so
 * members can refer to it (its own screen and routes edit the tree).
 */
export const memberDepartment: EntitySpec = {
  id: 'members.department',
  title: { 'zh-CN': '人员部门', en: 'Member department' },
  api: '/memb/deptinfo',
  table: 'member_departments',
  permissionPrefix: 'membDept',
  screen: { path: '/members/departments', component: 'members/MemberDepartmentList', title: { 'zh-CN': '人员部门', en: 'Member departments' } },
  operations: [],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '名称', en: 'Name' }, required: true, max: 50, query: 'like', sortable: true },
    { key: 'parentId', type: 'text', title: { 'zh-CN': '上级', en: 'Parent' }, max: 64, list: false, query: 'eq' },
    { key: 'level', type: 'number', title: { 'zh-CN': '层级', en: 'Level' }, required: true, max: 9, default: 3 },
    { key: 'sortNo', type: 'number', title: { 'zh-CN': '排序', en: 'Order' }, max: 9999, default: 0, sortable: true },
  ],
  form: { width: 600, columns: 1 },
  defaultSort: { field: 'sortNo', order: 'asc' },
};
