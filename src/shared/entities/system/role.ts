import type { EntitySpec } from '../../engine/spec';

/**
 * 角色管理: a school's roles. What a role may do is given by 授权 (the permission tree) and 数据规则,
 * named routes beside the generic ones; the rules on the admin role live in `role.hooks.ts`.
 */
export const role: EntitySpec = {
  id: 'system.role',
  title: { 'zh-CN': '角色', en: 'Role' },
  api: '/sys/role',
  table: 'roles',
  permissionPrefix: 'role',
  screen: { path: '/system/roles', component: 'system/RoleList', title: { 'zh-CN': '角色管理', en: 'Roles' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: true,
  labelField: 'roleName',
  fields: [
    { key: 'roleName', type: 'text', title: { 'zh-CN': '角色名称', en: 'Name' }, required: true, max: 50, query: 'like', sortable: true, width: 180 },
    { key: 'roleNameEn', type: 'text', title: { 'zh-CN': '英文名称', en: 'English name' }, max: 50, list: false },
    { key: 'roleCode', type: 'text', title: { 'zh-CN': '角色编码', en: 'Code' }, required: true, max: 50, preset: 'code', unique: true, query: 'like', sortable: true, width: 180 },
    { key: 'description', type: 'textarea', title: { 'zh-CN': '描述', en: 'Description' }, max: 200, width: 280 },
  ],
  form: { width: 600, columns: 1 },
  defaultSort: { field: 'createTime', order: 'desc' },
};
