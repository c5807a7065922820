import type { FastifyRequest } from 'fastify';
import type { MessageLocale } from '@shared/validation';

/**
 * The language of a request's messages: English when the client asks for it first
 * (`Accept-Language: en…`; the console sends its own locale), Chinese otherwise.
 */
export function localeOf(request: FastifyRequest): MessageLocale {
  const header = request.headers['accept-language'];
  return typeof header === 'string' && /^\s*en\b/i.test(header) ? 'en' : 'zh-CN';
}

/** The English of the server's fixed messages (those that name no value). */
const ENGLISH: Record<string, string> = {
  // envelope
  'Token失效，请重新登录': 'Your session has ended, please sign in again',
  '没有权限，请联系管理员授权': 'You have no permission for this; ask an administrator',
  '很抱歉，资源未找到!': 'Sorry, that was not found',
  '操作失败，服务器内部错误': 'The operation failed: internal server error',
  请求体过大: 'The request body is too large',
  '请求体不是有效的 JSON': 'The request body is not valid JSON',
  不支持的请求内容类型: 'Unsupported content type',
  '请求过于频繁，请稍后再试': 'Too many requests, please try again later',
  无权访问该租户: 'You may not access this school',
  'tenant_id 必须是整数': 'tenant_id must be a whole number',
  '菜单为所有学校共用，只能由平台管理员修改': 'Menus are shared by every school; only the platform administrator may change them',
  '输入的数据格式或取值范围不正确，请检查后重试': 'The data is not in the right format or range; please check it',
  '数据已被修改或已存在，请刷新后重试': 'The data has changed or already exists; please reload and try again',
  请求路径中有无效的转义字符: 'The request path has an invalid escape',
  // successes
  '操作成功！': 'Done',
  '操作成功!': 'Done',
  查询成功: 'Loaded',
  '添加成功！': 'Added',
  '添加成功!': 'Added',
  '修改成功!': 'Saved',
  '删除成功!': 'Deleted',
  '批量删除成功!': 'Deleted',
  '保存成功！': 'Saved',
  删除用户成功: 'User deleted',
  批量删除用户成功: 'Users deleted',
  删除角色成功: 'Role deleted',
  批量删除角色成功: 'Roles deleted',
  '密码修改成功!': 'Password changed',
  '密码重置成功!': 'Password changed',
  部门切换成功: 'Department switched',
  '退出登录成功！': 'Signed out',
  '该值可用！': 'Available',
  // sign-in
  登录成功: 'Signed in',
  用户名或密码错误: 'Wrong username or password',
  该用户已冻结: 'This account is frozen',
  '该用户所属的单位已被冻结，无法登录！': "This account's school is frozen; it cannot sign in",
  请输入验证码: 'Please enter the captcha',
  '验证码错误或已过期，请重新输入': 'The captcha is wrong or has expired; please try again',
  '验证码 key 只能由字母、数字、下划线或短横线组成（key）': 'The captcha key may hold only letters, digits, _ and - (key)',
  'Token无效!': 'Invalid token',
  '退出登录失败！': 'Sign-out failed',
  // grants
  '不能授予或收回您自己没有的权限（permissionIds）': 'You cannot grant or take away permissions you do not hold yourself (permissionIds)',
  '所选角色拥有您没有的权限，不能授予（selectedroles）': 'A chosen role holds permissions you do not have; you cannot give it (selectedroles)',
  '所选部门角色拥有您没有的权限，不能授予（newRoleId）': 'A chosen department role holds permissions you do not have; you cannot give it (newRoleId)',
  只有系统管理员才能授予或设置系统管理员角色: 'Only an administrator may give or set up the administrator role',
  '该用户拥有您没有的权限，您不能修改、冻结或删除该用户': 'This user holds permissions you do not have; you cannot edit, freeze or delete them',
  '该用户拥有您没有的权限，您不能重置其密码': 'This user holds permissions you do not have; you cannot reset their password',
  '授权标识只能使用您自己拥有的权限编码（perms）': 'A permission code may name only codes you hold yourself (perms)',
  // passwords
  '密码须为8到64位，且包含大写字母、小写字母、数字、符号中的至少三种（password）': 'A password needs 8 to 64 characters with at least three of: upper case, lower case, digits, symbols (password)',
  '密码不能包含用户账号（password）': 'The password must not contain the username (password)',
  '两次输入的密码不一样！（confirmpassword）': 'The two passwords differ (confirmpassword)',
  '旧密码输入错误!': 'The old password is wrong',
  // users, roles, departments, menus
  未找到对应实体: 'Not found',
  '用户不存在！': 'No such user',
  用户账号已存在: 'This username is taken',
  角色编码已存在: 'This role code is taken',
  不能冻结当前登录用户: 'You cannot freeze yourself',
  不能删除当前登录用户: 'You cannot delete yourself',
  不能冻结最后一个系统管理员: 'You cannot freeze the last administrator',
  不能删除最后一个系统管理员: 'You cannot delete the last administrator',
  不能移除最后一个系统管理员的管理员角色: 'You cannot take the administrator role from the last administrator',
  系统管理员角色不能删除: 'The administrator role cannot be deleted',
  系统管理员角色的编码不能修改: "The administrator role's code cannot be changed",
  '只允许修改自己的密码！': 'You may change only your own password',
  '只允许切换自己的部门！': 'You may switch only your own department',
  '您尚未设置部门信息!': 'You have no department yet',
  不能把菜单移动到它自己或它的下级菜单之下: 'A menu cannot move under itself or its own children',
  不能把部门移动到它自己或它的下级部门之下: 'A department cannot move under itself or its own children',
  '该菜单下还有子菜单或按钮，请先删除它们': 'This menu still has children; delete them first',
  '该用户不属于此部门，不能授予部门角色': 'The user is not in this department, so they cannot get its roles',
  请选择用户: 'Choose users',
  请选择角色: 'Choose roles',
  请选择部门: 'Choose departments',
  请选择菜单: 'Choose menus',
  '请先保存角色菜单权限!': "Save the role's menu permissions first",
  // files
  文件不存在: 'No such file',
  文件大小超出10MB限制: 'The file is larger than 10 MB',
  '请选择要上传的文件（file）': 'Choose a file to upload (file)',
  '请以 multipart/form-data 上传文件（file）': 'Upload the file as multipart/form-data (file)',
  'biz 只能是字母、数字、下划线或短横线组成的目录名': 'biz must be a folder name of letters, digits, _ or -',
};

/** The English of a server message, or the message itself when the catalogue lacks it. */
export function toEnglish(message: string): string {
  return ENGLISH[message] ?? message;
}
