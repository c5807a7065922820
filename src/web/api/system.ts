import type { PageResult } from '@shared/envelope';
import type { DictMap } from '@shared/types';
import { del, get, post, put } from './client';
import type { ListQuery } from '@web/grid/ListGrid';

export interface UserRecord {
  id: string;
  username: string;
  realname: string;
  workNo: string | null;
  phone?: string | null;
  email?: string | null;
  sex: number | null;
  status: number;
  orgCode: string | null;
  orgCodeTxt: string;
  departIds: string;
  selectedroles: string;
  createTime: string;
}

export interface RoleRecord {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createTime: string;
}

/** A node of the department tree (GET /sys/sysDepart/queryTreeList). */
export interface DepartNode {
  id: string;
  parentId: string;
  departName: string;
  departNameEn: string | null;
  orgCode: string;
  orgCategory: string;
  departOrder: number;
  description: string | null;
  title: string;
  children: DepartNode[] | null;
}

/** A node of the menu management tree (GET /sys/permission/list). */
export interface PermissionNode {
  id: string;
  parentId: string | null;
  name: string;
  nameEn: string | null;
  menuType: number;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  perms: string | null;
  permsType: string;
  icon: string | null;
  sortNo: number;
  route: boolean;
  hidden: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  internalOrExternal: boolean;
  status: string;
  description: string | null;
  children: PermissionNode[] | null;
}

/** A node of an assignment (checkbox) tree. */
export interface AssignNode {
  key: string;
  title: string;
  menuType: number;
  perms: string | null;
  /** 1 when the menu has data rules (only in the role tree). */
  ruleFlag?: number | null;
  children: AssignNode[] | null;
}

/** A data rule of a menu (sys_permission_data_rule). */
export interface DataRuleRecord {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string | null;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

const ids = (list: readonly string[]) => list.join(',');

export const systemApi = {
  permissionTree: () => get<PermissionNode[]>('/sys/permission/list'),
  allDictItems: () => get<DictMap>('/sys/dict/queryAllDictItems'),
  /** Every server instance reads the dictionaries again. */
  refreshDictCache: () => get<null>('/sys/dict/refleshCache'),

  users: (query: ListQuery) => get<PageResult<UserRecord>>('/sys/user/list', { ...query }),
  user: (id: string) => get<UserRecord>('/sys/user/queryById', { id }),
  addUser: (body: Record<string, unknown>) => post<{ id: string }>('/sys/user/add', body),
  editUser: (body: Record<string, unknown>) => put<null>('/sys/user/edit', body),
  deleteUsers: (list: readonly string[]) => del<null>('/sys/user/deleteBatch', { ids: ids(list) }),
  frozenUsers: (list: readonly string[], status: 1 | 2) => put<null>('/sys/user/frozenBatch', { ids: ids(list), status }),
  /** Live uniqueness: true when the username is free. */
  usernameFree: async (username: string, id?: string) => {
    try {
      await get('/sys/user/checkOnlyUser', { username, ...(id ? { id } : {}) }, { silent: true });
      return true;
    } catch {
      return false;
    }
  },
  resetPassword: (body: { username: string; password: string; confirmpassword: string }) => put<null>('/sys/user/changePassword', body),
  updatePassword: (body: { username: string; oldpassword: string; password: string; confirmpassword: string }) => put<null>('/sys/user/updatePassword', body, { silent: true }),

  allRoles: () => get<RoleRecord[]>('/sys/role/queryall', undefined, { silent: true }).catch(() => [] as RoleRecord[]),
  roleTree: () => get<{ treeList: AssignNode[]; ids: string[] }>('/sys/role/queryTreeList'),
  rolePermissions: (roleId: string) => get<string[]>('/sys/permission/queryRolePermission', { roleId }),
  saveRolePermissions: (roleId: string, next: readonly string[], last: readonly string[]) =>
    post<{ added: number; removed: number }>('/sys/permission/saveRolePermission', { roleId, permissionIds: ids(next), lastpermissionIds: ids(last) }),
  /** A menu's data rules and those the role is bound by (comma list). */
  roleDataRules: (permissionId: string, roleId: string) =>
    get<{ datarule: DataRuleRecord[]; drChecked: string }>(`/sys/role/datarule/${encodeURIComponent(permissionId)}/${encodeURIComponent(roleId)}`),
  saveRoleDataRules: (permissionId: string, roleId: string, chosen: readonly string[]) => post<null>('/sys/role/datarule', { permissionId, roleId, dataRuleIds: ids(chosen) }),

  departPermissions: (departId: string) => get<string[]>('/sys/permission/queryDepartPermission', { departId }),
  saveDepartPermissions: (departId: string, next: readonly string[], last: readonly string[]) =>
    post<{ added: number; removed: number }>('/sys/permission/saveDepartPermission', { departId, permissionIds: ids(next), lastpermissionIds: ids(last) }),

  departTree: () => get<DepartNode[]>('/sys/sysDepart/queryTreeList'),
  addDepart: (body: Record<string, unknown>) => post<{ id: string }>('/sys/sysDepart/add', body),
  editDepart: (body: Record<string, unknown>) => put<null>('/sys/sysDepart/edit', body),
  deleteDepart: (id: string) => del<null>('/sys/sysDepart/delete', { id }),

  addPermission: (body: Record<string, unknown>) => post<{ id: string }>('/sys/permission/add', body),
  editPermission: (body: Record<string, unknown>) => put<null>('/sys/permission/edit', body),
  deletePermission: (id: string) => del<null>('/sys/permission/delete', { id }),
  dataRules: (permissionId: string) => get<DataRuleRecord[]>('/sys/permission/getPermRuleListByPermId', { permissionId }),
  addDataRule: (body: Record<string, unknown>) => post<{ id: string }>('/sys/permission/addPermissionRule', body),
  editDataRule: (body: Record<string, unknown>) => put<null>('/sys/permission/editPermissionRule', body),
  deleteDataRule: (id: string) => del<null>('/sys/permission/deletePermissionRule', { id }),
};

/** A node of the school's member tree (school → grade → class). */
export interface MemberDepartNode {
  id: string;
  title: string;
  parentId: string;
  level: number;
  level_dictText: string;
  /** 1 在用 · 0 停用. */
  status: string;
  /** Left by 升级 with no next year: waits for 毕业. */
  graduating: boolean;
  children: MemberDepartNode[] | null;
}

export const memberDepartApi = {
  tree: () => get<MemberDepartNode[]>('/memb/deptinfo/queryTreeList'),
  add: (body: { parentId: string; name: string }) => post<null>('/memb/deptinfo/add', body, { silent: true }),
  edit: (body: { id: string; name: string }) => post<null>('/memb/deptinfo/edit', body, { silent: true }),
  move: (body: { id: string; parentId: string }) => post<null>('/memb/deptinfo/move', body, { silent: true }),
};

/** A role that belongs to one department (sys_depart_role). */
export interface DepartRoleRecord {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
}

export const departRoleApi = {
  list: (deptId: string) => get<PageResult<DepartRoleRecord>>('/sys/sysDepartRole/list', { deptId }).then((page) => page.records),
  add: (body: { departId: string; roleName: string; roleCode: string; description?: string | null | undefined }) => post<{ id: string }>('/sys/sysDepartRole/add', body),
  remove: (id: string) => del<null>('/sys/sysDepartRole/delete', { id }),
  /** Only the department's own permissions may be granted to its roles. */
  tree: (departId: string) => get<{ treeList: AssignNode[]; ids: string[] }>('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId }),
  permissions: (roleId: string) => get<string[]>('/sys/sysDepartPermission/queryDeptRolePermission', { roleId }),
  savePermissions: (roleId: string, next: readonly string[], last: readonly string[]) =>
    post<{ added: number; removed: number }>('/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: ids(next), lastpermissionIds: ids(last) }),
  /** The department roles a member holds in that department. */
  rolesOfUser: (userId: string, departId: string) => get<string[]>('/sys/sysDepartRole/getDeptRoleByUserId', { userId, departId }),
  saveRolesOfUser: (userId: string, next: readonly string[], last: readonly string[]) => post<null>('/sys/sysDepartRole/deptRoleUserAdd', { userId, newRoleId: ids(next), oldRoleId: ids(last) }),
};

export const departUsersApi = {
  usersOf: (id: string) => get<UserRecord[]>('/sys/user/queryUserByDepId', { id }),
};
