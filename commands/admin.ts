import { defineCommand, type CommandArgs, type CommandContext, type RunContext } from './types';

export const USERS_SCREEN = '/system/users';
export const ROLES_SCREEN = '/system/roles';
export const DEPARTMENTS_SCREEN = '/system/departments';
export const PERMISSIONS_SCREEN = '/system/permissions';
export const DICTIONARIES_SCREEN = '/system/dictionaries';
export const SCHOOLS_SCREEN = '/system/schools';
export const ANNOUNCEMENTS_SCREEN = '/system/announcements';
export const FILES_SCREEN = '/system/files';

/** The spec's warning when a record command has nothing to act on. */
export const SELECT_ONE = { 'zh-CN': '请选择一条记录', en: 'Select one record' };

export const on = (screen: string) => (ctx: CommandContext) => ctx.pathname === screen;

/** The records a command acts on: `?id=a,b` from a link, else the rows selected on the screen. */
export function targetIds(ctx: Pick<CommandContext, 'selection'>, args: CommandArgs): string[] {
  if (args.id) return args.id.split(',').filter(Boolean);
  return ctx.selection.map((row) => (row as { id?: unknown }).id).filter((id): id is string => typeof id === 'string');
}

/** Runs `act` on the targets, or warns when there are none (or several where one is needed). */
export function withTargets(single: boolean, act: (ids: string[], ctx: RunContext, args: CommandArgs) => void | Promise<unknown>) {
  return (ctx: RunContext, args: CommandArgs) => {
    const ids = targetIds(ctx, args);
    if (ids.length === 0 || (single && ids.length > 1)) {
      ctx.app.warn(SELECT_ONE);
      return;
    }
    return act(ids, ctx, args);
  };
}

/** A field of the selected row with this id, when it is selected (a row action may name another). */
const selectedOf = (ctx: RunContext, id: string, field: string) =>
  (ctx.selection.find((row) => (row as { id?: unknown }).id === id) as Record<string, unknown> | undefined)?.[field] as string | undefined;

/** The one selected row's field (a username for the reset dialog, a parent id…). */
const selectedField = (ctx: RunContext, field: string) => (ctx.selection[0] as Record<string, unknown> | undefined)?.[field] as string | undefined;

export const adminCommands = [
  // ---- Users -------------------------------------------------------------------------------
  defineCommand({
    id: 'user.add',
    title: { 'zh-CN': '新增用户', en: 'Add user' },
    keywords: ['user', 'add', 'new', 'xinzeng', 'yonghu'],
    section: 'system',
    icon: 'user-plus',
    permission: 'user:add',
    screen: USERS_SCREEN,
    mutates: true,
    when: on(USERS_SCREEN),
    run: ({ app }) => app.openDialog('userForm'),
  }),
  defineCommand({
    id: 'user.edit',
    title: { 'zh-CN': '编辑用户', en: 'Edit user' },
    keywords: ['user', 'edit', 'bianji', 'yonghu'],
    section: 'system',
    icon: 'pencil',
    permission: 'user:edit',
    screen: USERS_SCREEN,
    mutates: true,
    when: on(USERS_SCREEN),
    run: withTargets(true, ([id], { app }) => app.openDialog('userForm', { id })),
  }),
  defineCommand({
    id: 'user.delete',
    title: { 'zh-CN': '删除用户', en: 'Delete users' },
    keywords: ['user', 'delete', 'remove', 'shanchu', 'yonghu'],
    section: 'system',
    icon: 'trash-2',
    permission: 'user:delete',
    screen: USERS_SCREEN,
    mutates: true,
    when: on(USERS_SCREEN),
    run: withTargets(false, (ids, { app }) => app.records.removeRecords('system.user', ids)),
  }),
  defineCommand({
    id: 'user.freeze',
    title: { 'zh-CN': '冻结用户', en: 'Freeze users' },
    keywords: ['user', 'freeze', 'lock', 'dongjie'],
    section: 'system',
    icon: 'lock',
    permission: 'user:freeze',
    screen: USERS_SCREEN,
    mutates: true,
    when: on(USERS_SCREEN),
    run: withTargets(false, (ids, { app }) => app.records.setUsersFrozen(ids, true)),
  }),
  defineCommand({
    id: 'user.unfreeze',
    title: { 'zh-CN': '解冻用户', en: 'Unfreeze users' },
    keywords: ['user', 'unfreeze', 'unlock', 'jiedong'],
    section: 'system',
    icon: 'lock-open',
    permission: 'user:freeze',
    screen: USERS_SCREEN,
    mutates: true,
    when: on(USERS_SCREEN),
    run: withTargets(false, (ids, { app }) => app.records.setUsersFrozen(ids, false)),
  }),
  defineCommand({
    id: 'user.resetPassword',
    title: { 'zh-CN': '重置用户密码', en: 'Reset user password' },
    keywords: ['user', 'password', 'reset', 'mima', 'chongzhi'],
    section: 'system',
    icon: 'key-round',
    permission: 'user:resetPassword',
    screen: USERS_SCREEN,
    mutates: true,
    when: on(USERS_SCREEN),
    run: withTargets(true, ([id], ctx) => ctx.app.openDialog('resetPassword', { id, username: selectedOf(ctx, id!, 'username') })),
  }),

  // ---- Schools (the platform's own administrators) --------------------------------------------
  defineCommand({
    id: 'school.add',
    title: { 'zh-CN': '新增学校', en: 'Add school' },
    keywords: ['school', 'tenant', 'add', 'new', 'xinzeng', 'xuexiao'],
    section: 'system',
    icon: 'plus',
    permission: 'tenant:add',
    screen: SCHOOLS_SCREEN,
    mutates: true,
    when: on(SCHOOLS_SCREEN),
    run: ({ app }) => app.openDialog('schoolForm'),
  }),
  defineCommand({
    id: 'school.edit',
    title: { 'zh-CN': '编辑学校', en: 'Edit school' },
    keywords: ['school', 'tenant', 'edit', 'icp', 'copyright', 'bianji', 'xuexiao'],
    section: 'system',
    icon: 'pencil',
    permission: 'tenant:edit',
    screen: SCHOOLS_SCREEN,
    mutates: true,
    when: on(SCHOOLS_SCREEN),
    run: withTargets(true, ([id], { app }) => app.openDialog('schoolForm', { id })),
  }),

  // ---- Announcements (written by their own form: recipients and a sanitised body) -------------
  defineCommand({
    id: 'announcement.add',
    title: { 'zh-CN': '新增通告', en: 'Add announcement' },
    keywords: ['announcement', 'notice', 'add', 'new', 'xinzeng', 'tonggao'],
    section: 'system',
    icon: 'plus',
    permission: 'announcement:add',
    screen: ANNOUNCEMENTS_SCREEN,
    mutates: true,
    when: on(ANNOUNCEMENTS_SCREEN),
    run: ({ app }) => app.openDialog('announcementForm'),
  }),
  defineCommand({
    id: 'announcement.edit',
    title: { 'zh-CN': '编辑通告', en: 'Edit announcement' },
    keywords: ['announcement', 'notice', 'edit', 'bianji', 'tonggao'],
    section: 'system',
    icon: 'pencil',
    permission: 'announcement:edit',
    screen: ANNOUNCEMENTS_SCREEN,
    mutates: true,
    when: on(ANNOUNCEMENTS_SCREEN),
    run: withTargets(true, ([id], { app }) => app.openDialog('announcementForm', { id })),
  }),
  defineCommand({
    id: 'notices.open',
    title: { 'zh-CN': '查看消息通知', en: 'Open notices' },
    keywords: ['notice', 'message', 'announcement', 'bell', 'xiaoxi', 'tongzhi'],
    section: 'system',
    icon: 'bell',
    run: ({ app }) => app.openNotices(),
  }),
  defineCommand({
    id: 'notices.readAll',
    title: { 'zh-CN': '全部标注已读', en: 'Mark all notices read' },
    keywords: ['notice', 'message', 'read', 'all', 'yidu', 'xiaoxi'],
    section: 'system',
    icon: 'check',
    run: ({ app }) => app.records.readAllNotices(),
  }),

  // ---- 对象存储 ------------------------------------------------------------------------------
  defineCommand({
    id: 'file.upload',
    title: { 'zh-CN': '上传文件', en: 'Upload files' },
    keywords: ['file', 'upload', 'oss', 'shangchuan', 'wenjian'],
    section: 'system',
    icon: 'upload',
    permission: 'file:upload',
    screen: FILES_SCREEN,
    mutates: true,
    when: on(FILES_SCREEN),
    run: ({ app }) => app.openDialog('upload', { biz: 'temp', route: 'oss' }),
  }),
  defineCommand({
    id: 'file.preview',
    title: { 'zh-CN': '预览文件', en: 'Preview a file' },
    keywords: ['file', 'preview', 'view', 'yulan', 'wenjian'],
    section: 'system',
    icon: 'eye',
    permission: 'system:files',
    screen: FILES_SCREEN,
    when: on(FILES_SCREEN),
    run: withTargets(true, ([id], { app }) => app.openDialog('filePreview', { path: id })),
  }),
  defineCommand({
    id: 'file.download',
    title: { 'zh-CN': '下载文件', en: 'Download a file' },
    keywords: ['file', 'download', 'xiazai', 'wenjian'],
    section: 'system',
    icon: 'download',
    permission: 'system:files',
    screen: FILES_SCREEN,
    when: on(FILES_SCREEN),
    run: withTargets(true, ([id], { app }) => app.downloadStored(id!)),
  }),
  defineCommand({
    id: 'file.delete',
    title: { 'zh-CN': '删除文件', en: 'Delete files' },
    keywords: ['file', 'delete', 'remove', 'shanchu', 'wenjian'],
    section: 'system',
    icon: 'trash-2',
    permission: 'file:delete',
    screen: FILES_SCREEN,
    mutates: true,
    when: on(FILES_SCREEN),
    run: withTargets(false, (ids, { app }) => app.records.removeRecords('system.file', ids)),
  }),

  // ---- Roles -------------------------------------------------------------------------------
  defineCommand({
    id: 'role.authorize',
    title: { 'zh-CN': '角色授权', en: 'Assign role permissions' },
    keywords: ['role', 'permission', 'authorize', 'grant', 'shouquan', 'quanxian'],
    section: 'system',
    icon: 'shield-check',
    permission: 'role:authorize',
    screen: ROLES_SCREEN,
    mutates: true,
    when: on(ROLES_SCREEN),
    run: withTargets(true, ([id], ctx) => ctx.app.openDialog('roleAuthorize', { id, roleName: selectedOf(ctx, id!, 'roleName') })),
  }),

  // ---- Dictionaries --------------------------------------------------------------------------
  defineCommand({
    id: 'dict.refreshCache',
    title: { 'zh-CN': '刷新字典缓存', en: 'Refresh dictionary cache' },
    keywords: ['dictionary', 'cache', 'refresh', 'zidian', 'huancun', 'shuaxin'],
    section: 'system',
    icon: 'refresh-cw',
    permission: 'dict:refreshCache',
    screen: DICTIONARIES_SCREEN,
    when: on(DICTIONARIES_SCREEN),
    run: ({ app }) => app.clearCache(),
  }),

  // ---- Departments ---------------------------------------------------------------------------
  defineCommand({
    id: 'depart.add',
    title: { 'zh-CN': '新增部门', en: 'Add department' },
    keywords: ['department', 'add', 'bumen', 'xinzeng'],
    section: 'system',
    icon: 'folder-plus',
    permission: 'depart:add',
    screen: DEPARTMENTS_SCREEN,
    mutates: true,
    when: on(DEPARTMENTS_SCREEN),
    // A sibling of the selected department (a root when none is selected).
    run: (ctx) => ctx.app.openDialog('departForm', { parentId: selectedField(ctx, 'parentId') || undefined }),
  }),
  defineCommand({
    id: 'depart.addChild',
    title: { 'zh-CN': '新增下级部门', en: 'Add sub-department' },
    keywords: ['department', 'child', 'sub', 'xiaji', 'bumen'],
    section: 'system',
    icon: 'folder-tree',
    permission: 'depart:add',
    screen: DEPARTMENTS_SCREEN,
    mutates: true,
    when: on(DEPARTMENTS_SCREEN),
    run: withTargets(true, ([id], { app }) => app.openDialog('departForm', { parentId: id })),
  }),
  defineCommand({
    id: 'depart.edit',
    title: { 'zh-CN': '编辑部门', en: 'Edit department' },
    keywords: ['department', 'edit', 'bianji', 'bumen'],
    section: 'system',
    icon: 'pencil',
    permission: 'depart:edit',
    screen: DEPARTMENTS_SCREEN,
    mutates: true,
    when: on(DEPARTMENTS_SCREEN),
    run: withTargets(true, ([id], { app }) => app.openDialog('departForm', { id })),
  }),
  defineCommand({
    id: 'depart.delete',
    title: { 'zh-CN': '删除部门', en: 'Delete department' },
    keywords: ['department', 'delete', 'shanchu', 'bumen'],
    section: 'system',
    icon: 'trash-2',
    permission: 'depart:delete',
    screen: DEPARTMENTS_SCREEN,
    mutates: true,
    when: on(DEPARTMENTS_SCREEN),
    run: withTargets(true, ([id], { app }) => app.records.removeRecords('system.depart', [id!])),
  }),

  defineCommand({
    id: 'depart.authorize',
    title: { 'zh-CN': '部门授权', en: 'Assign department permissions' },
    keywords: ['department', 'permission', 'authorize', 'bumen', 'shouquan'],
    section: 'system',
    icon: 'shield-check',
    permission: 'depart:authorize',
    screen: DEPARTMENTS_SCREEN,
    mutates: true,
    when: on(DEPARTMENTS_SCREEN),
    run: withTargets(true, ([id], ctx) => ctx.app.openDialog('departAuthorize', { id, departName: selectedOf(ctx, id!, 'departName') })),
  }),

  defineCommand({
    id: 'depart.roles',
    title: { 'zh-CN': '部门角色', en: 'Department roles' },
    keywords: ['department', 'role', 'bumen', 'juese', 'bmjs'],
    section: 'system',
    icon: 'users-round',
    permission: 'depart:authorize',
    screen: DEPARTMENTS_SCREEN,
    when: on(DEPARTMENTS_SCREEN),
    run: withTargets(true, ([id], ctx) => ctx.app.openDialog('departRoles', { id, departName: selectedOf(ctx, id!, 'departName') })),
  }),

  defineCommand({
    id: 'depart.userRoles',
    title: { 'zh-CN': '分配部门角色', en: 'Give department roles to a member' },
    keywords: ['department', 'role', 'user', 'member', 'fenpei', 'bumen', 'juese', 'fpbmjs'],
    section: 'system',
    icon: 'user-cog',
    permission: 'depart:authorize',
    screen: DEPARTMENTS_SCREEN,
    mutates: true,
    when: on(DEPARTMENTS_SCREEN),
    // `userId` picks the member (a member row's button, a deep link); without it the dialog asks.
    run: withTargets(true, ([id], ctx, args) => ctx.app.openDialog('departUserRoles', { id, departName: selectedOf(ctx, id!, 'departName'), userId: args.userId })),
  }),

  // ---- Menus and permissions -----------------------------------------------------------------
  defineCommand({
    id: 'permission.add',
    title: { 'zh-CN': '新增菜单', en: 'Add menu' },
    keywords: ['menu', 'permission', 'add', 'caidan', 'xinzeng'],
    section: 'system',
    icon: 'square-plus',
    permission: 'permission:add',
    screen: PERMISSIONS_SCREEN,
    mutates: true,
    when: on(PERMISSIONS_SCREEN),
    run: ({ app }) => app.openDialog('permissionForm'),
  }),
  defineCommand({
    id: 'permission.addChild',
    title: { 'zh-CN': '新增下级菜单或按钮', en: 'Add sub-menu or button' },
    keywords: ['menu', 'button', 'child', 'xiaji', 'anniu'],
    section: 'system',
    icon: 'list-tree',
    permission: 'permission:add',
    screen: PERMISSIONS_SCREEN,
    mutates: true,
    when: on(PERMISSIONS_SCREEN),
    run: withTargets(true, ([id], { app }) => app.openDialog('permissionForm', { parentId: id })),
  }),
  defineCommand({
    id: 'permission.edit',
    title: { 'zh-CN': '编辑菜单', en: 'Edit menu' },
    keywords: ['menu', 'edit', 'bianji', 'caidan'],
    section: 'system',
    icon: 'pencil',
    permission: 'permission:edit',
    screen: PERMISSIONS_SCREEN,
    mutates: true,
    when: on(PERMISSIONS_SCREEN),
    run: withTargets(true, ([id], { app }) => app.openDialog('permissionForm', { id })),
  }),
  defineCommand({
    id: 'permission.delete',
    title: { 'zh-CN': '删除菜单', en: 'Delete menu' },
    keywords: ['menu', 'delete', 'shanchu', 'caidan'],
    section: 'system',
    icon: 'trash-2',
    permission: 'permission:delete',
    screen: PERMISSIONS_SCREEN,
    mutates: true,
    when: on(PERMISSIONS_SCREEN),
    run: withTargets(true, ([id], { app }) => app.records.removeRecords('system.permission', [id!])),
  }),
  defineCommand({
    id: 'permission.dataRules',
    title: { 'zh-CN': '数据规则', en: 'Data rules' },
    keywords: ['data', 'rule', 'shuju', 'guize', 'sjgz'],
    section: 'system',
    icon: 'list-filter',
    permission: 'permission:edit',
    screen: PERMISSIONS_SCREEN,
    when: on(PERMISSIONS_SCREEN),
    run: withTargets(true, ([id], ctx) => ctx.app.openDialog('dataRules', { id, name: selectedOf(ctx, id!, 'name') })),
  }),
];
