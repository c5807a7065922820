/**
 * Request bodies of the system-administration screens (users, roles, departments, menus), parsed
 * by the server and used by the forms, so both refuse the same input with the same message.
 */
import { z } from 'zod';
import { isCommonPassword } from './commonPasswords';

/** Text that may be left out: absent stays absent (an edit keeps the stored value), empty clears it. */
export const keptText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/** Optional text of a new record: absent or empty is null. */
const optionalText = (max: number, label: string) => keptText(max, label).transform((value) => value ?? null);

/** A comma-separated id list as JeecgBoot clients send it (`a,b,` with a trailing comma is normal). */
export const idList = z
  .string()
  .optional()
  .nullable()
  .transform((value) => [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ]);

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]+$/;
export const PASSWORD_RULE_MESSAGE = '密码须为8到64位，且包含大写字母、小写字母、数字、符号中的至少三种';
export const PASSWORD_HAS_USERNAME = '密码不能包含用户账号';
export const PASSWORD_COMMON = '密码过于常见，容易被猜到，请换一个';
export const PASSWORD_SPACES = '密码不能主要由空格组成';

/**
 * The policy for new passwords: 8–64 characters, three of the four kinds (lower, upper, digit,
 * symbol; a space is no symbol), not mostly spaces, not a common password, and not containing the
 * account name (case ignored). The problem's message, or null.
 */
export function passwordProblem(password: string, username: string): string | null {
  if (password.length < 8 || password.length > 64) return PASSWORD_RULE_MESSAGE;
  if ((password.match(/\s/g)?.length ?? 0) * 2 >= password.length) return PASSWORD_SPACES;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d\s]/].filter((kind) => kind.test(password)).length;
  if (kinds < 3) return PASSWORD_RULE_MESSAGE;
  const name = username.trim().toLowerCase();
  if (name.length >= 3 && password.toLowerCase().includes(name)) return PASSWORD_HAS_USERNAME;
  if (isCommonPassword(password)) return PASSWORD_COMMON;
  return null;
}

/** Adds the policy's problem, if any, to `password`. */
function checkPassword(body: { username: string; password: string }, ctx: z.RefinementCtx) {
  const problem = passwordProblem(body.password, body.username);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
}

const userFields = {
  realname: z.string({ error: '请输入用户名称' }).trim().min(1, '请输入用户名称').max(50, '用户名称不能超过50个字符'),
  workNo: optionalText(32, '工号'),
  phone: optionalText(11, '手机号码').refine((value) => value === null || MOBILE_PATTERN.test(value), '请输入正确的手机号码'),
  email: optionalText(100, '邮箱').refine((value) => value === null || z.email().safeParse(value).success, '请输入正确的邮箱地址'),
  sex: z
    .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')])
    .optional()
    .nullable()
    .transform((value) => (value ? Number(value) : null)),
  avatar: optionalText(500, '头像'),
  selectedroles: idList,
  selecteddeparts: idList,
};

/** POST /sys/user/add. */
export const userAddSchema = z
  .object({
    username: z.string({ error: '请输入用户账号' }).trim().min(1, '请输入用户账号').max(32, '用户账号不能超过32个字符').regex(USERNAME_PATTERN, '用户账号只能包含字母、数字和 _ . @ -'),
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码'),
    ...userFields,
  })
  .superRefine(checkPassword);
export type UserAddBody = z.infer<typeof userAddSchema>;

/** PUT /sys/user/edit: the same without the password (kept from the database); the username is fixed. */
export const userEditSchema = z.object({ id: z.string({ error: '缺少用户ID' }).min(1, '缺少用户ID'), ...userFields });
export type UserEditBody = z.infer<typeof userEditSchema>;

/** PUT /sys/user/frozenBatch: 1 unfreeze, 2 freeze. */
export const frozenBatchSchema = z.object({
  ids: idList.refine((ids) => ids.length > 0, '请选择用户'),
  status: z.coerce.number().refine((value) => value === 1 || value === 2, '状态只能是1（正常）或2（冻结）'),
});

/** PUT /sys/user/changePassword: an administrator sets someone's password. */
export const adminPasswordSchema = z
  .object({
    username: z.string({ error: '请输入用户账号' }).trim().min(1, '请输入用户账号'),
    password: z.string({ error: '请输入新密码!' }).min(1, '请输入新密码!'),
    confirmpassword: z.string({ error: '请确认新密码!' }).min(1, '请确认新密码!'),
  })
  .superRefine(checkPassword)
  .refine((body) => body.password === body.confirmpassword, { message: '两次输入的密码不一样！', path: ['confirmpassword'] });

/** PUT|POST /sys/user/updatePassword: the signed-in user changes their own password (spec messages). */
export const updatePasswordSchema = z
  .object({
    username: z.string({ error: '当前系统无登录用户!' }).trim().min(1, '当前系统无登录用户!'),
    oldpassword: z.string({ error: '请输入旧密码!' }).min(1, '请输入旧密码!'),
    password: z.string({ error: '请输入新密码!' }).min(1, '请输入新密码!'),
    confirmpassword: z.string({ error: '请确认新密码!' }).min(1, '请确认新密码!'),
  })
  .superRefine(checkPassword)
  .refine((body) => body.password === body.confirmpassword, { message: '两次输入的密码不一样！', path: ['confirmpassword'] });
export type UpdatePasswordBody = z.infer<typeof updatePasswordSchema>;

const roleFields = {
  roleName: z.string({ error: '请输入角色名称' }).trim().min(1, '请输入角色名称').max(50, '角色名称不能超过50个字符'),
  roleCode: z
    .string({ error: '请输入角色编码' })
    .trim()
    .min(1, '请输入角色编码')
    .max(50, '角色编码不能超过50个字符')
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '角色编码以字母开头，只能包含字母、数字和下划线'),
  description: optionalText(200, '描述'),
};
export const roleAddSchema = z.object(roleFields);
export const roleEditSchema = z.object({ id: z.string({ error: '缺少角色ID' }).min(1, '缺少角色ID'), ...roleFields });
export type RoleBody = z.infer<typeof roleAddSchema>;

/** POST /sys/permission/saveRolePermission (and the department variants): a diff of comma lists. */
export const grantDiffSchema = z.object({
  permissionIds: idList,
  lastpermissionIds: idList,
});

const departFields = {
  departName: z.string({ error: '请输入机构名称' }).trim().min(1, '请输入机构名称').max(50, '机构名称不能超过50个字符'),
  departNameEn: optionalText(100, '英文名称'),
  parentId: z
    .string()
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  orgCategory: z.enum(['1', '2', '3'], { error: '机构类型只能是1（公司）、2（部门）或3（岗位）' }).default('2'),
  departOrder: z.coerce.number().int('排序必须是整数').min(0).max(100000).default(0),
  description: optionalText(200, '备注'),
};
export const departAddSchema = z.object(departFields);
/**
 * PUT /sys/sysDepart/edit: what the body leaves out stays as it is (no defaults, and no parentId
 * means the department stays where it is, not a move to the top).
 */
export const departEditSchema = z.object({
  id: z.string({ error: '缺少部门ID' }).min(1, '缺少部门ID'),
  departName: departFields.departName,
  departNameEn: keptText(100, '英文名称'),
  parentId: z.string().nullable().optional(),
  orgCategory: departFields.orgCategory.removeDefault().optional(),
  departOrder: departFields.departOrder.removeDefault().optional(),
  description: keptText(200, '备注'),
});
export type DepartBody = z.infer<typeof departAddSchema>;

const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform((value) => value === true || value === 1 || value === '1');

/** POST /sys/permission/add, PUT /sys/permission/edit: menus (0, 1) and buttons (2). */
export const permissionFormSchema = z
  .object({
    id: z.string().optional(),
    menuType: z.coerce.number().refine((value) => [0, 1, 2].includes(value), '菜单类型只能是0（一级菜单）、1（子菜单）或2（按钮/权限）'),
    name: z.string({ error: '请输入菜单名称' }).trim().min(1, '请输入菜单名称').max(50, '菜单名称不能超过50个字符'),
    nameEn: optionalText(100, '英文名称'),
    parentId: z
      .string()
      .optional()
      .nullable()
      .transform((value) => (value ? value : null)),
    url: optionalText(255, '菜单路径'),
    component: optionalText(255, '前端组件'),
    componentName: optionalText(100, '组件名称'),
    redirect: optionalText(255, '默认跳转地址'),
    perms: optionalText(255, '授权标识'),
    permsType: z.enum(['1', '2']).default('1'),
    icon: optionalText(50, '菜单图标'),
    sortNo: z.coerce.number().min(0).max(100000).default(1),
    route: flag.default(true),
    hidden: flag.default(false),
    keepAlive: flag.default(false),
    alwaysShow: flag.default(false),
    internalOrExternal: flag.default(false),
    status: z.enum(['0', '1']).default('1'),
    description: optionalText(200, '描述'),
  })
  .superRefine((body, ctx) => {
    if (body.menuType !== 0 && !body.parentId) ctx.addIssue({ code: 'custom', message: '请选择上级菜单', path: ['parentId'] });
    if (body.menuType !== 2 && !body.url) ctx.addIssue({ code: 'custom', message: '请输入菜单路径', path: ['url'] });
    if (body.menuType === 2 && !body.perms) ctx.addIssue({ code: 'custom', message: '请输入授权标识', path: ['perms'] });
  });
export type PermissionForm = z.infer<typeof permissionFormSchema>;

/** A data rule of a permission. */
export const dataRuleSchema = z.object({
  id: z.string().optional(),
  permissionId: z.string({ error: '缺少权限ID' }).min(1, '缺少权限ID'),
  ruleName: z.string({ error: '请输入规则名称' }).trim().min(1, '请输入规则名称').max(50),
  ruleColumn: optionalText(100, '规则字段'),
  ruleConditions: z.enum(['=', '!=', '>', '>=', '<', '<=', 'IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', 'USE_SQL_RULES'], { error: '请选择条件规则' }),
  ruleValue: z.string({ error: '请输入规则值' }).trim().min(1, '请输入规则值').max(300),
  status: z.enum(['0', '1']).default('1'),
});
