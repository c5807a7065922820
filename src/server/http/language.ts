import type { FastifyRequest } from 'fastify';
import { FIELD_TITLES, type MessageLocale } from '@shared/validation';

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
  '菜单、字典等为所有学校共用，只能由平台管理员修改': 'Menus, dictionaries and the like are shared by every school; only the platform administrator may change them',
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
  '导出任务已创建，完成后可在下载中心下载': 'The export has started; download it from the download centre when it is ready',
  '该值不可用，系统中已存在！': 'This value is already used',
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
  一次只能上传一个文件: 'Upload one file at a time',
  // field rules (the field's key is appended by the server as ` (key)`)
  请求参数错误: 'The request is not valid',
  请输入用户名: 'Please enter the username',
  请输入密码: 'Please enter the password',
  用户名不能超过64个字符: 'The username must be at most 64 characters',
  密码不能超过128个字符: 'The password must be at most 128 characters',
  请输入用户账号: 'Please enter the username',
  用户账号不能超过32个字符: 'The username must be at most 32 characters',
  '用户账号只能包含字母、数字和 _ . @ -': 'A username may hold only letters, digits and _ . @ -',
  请输入用户名称: "Please enter the user's name",
  用户名称不能超过50个字符: "The user's name must be at most 50 characters",
  请输入正确的手机号码: 'Please enter a valid mobile number',
  请输入正确的邮箱地址: 'Please enter a valid email address',
  '状态只能是1（正常）或2（冻结）': 'Status must be 1 (normal) or 2 (frozen)',
  '请输入新密码!': 'Please enter the new password',
  '请确认新密码!': 'Please confirm the new password',
  '请输入旧密码!': 'Please enter the old password',
  '当前系统无登录用户!': 'Nobody is signed in',
  '两次输入的密码不一样！': 'The two passwords differ',
  '密码须为8到64位，且包含大写字母、小写字母、数字、符号中的至少三种': 'A password needs 8 to 64 characters with at least three of: upper case, lower case, digits, symbols',
  密码不能包含用户账号: 'The password must not contain the username',
  请输入角色名称: 'Please enter the role name',
  角色名称不能超过50个字符: 'The role name must be at most 50 characters',
  请输入角色编码: 'Please enter the role code',
  角色编码不能超过50个字符: 'The role code must be at most 50 characters',
  '角色编码以字母开头，只能包含字母、数字和下划线': 'A role code starts with a letter and holds only letters, digits and _',
  请输入机构名称: 'Please enter the department name',
  机构名称不能超过50个字符: 'The department name must be at most 50 characters',
  '机构类型只能是1（公司）、2（部门）或3（岗位）': 'The organisation type must be 1 (company), 2 (department) or 3 (post)',
  排序必须是整数: 'The order must be a whole number',
  '菜单类型只能是0（一级菜单）、1（子菜单）或2（按钮/权限）': 'The menu type must be 0 (top menu), 1 (sub-menu) or 2 (button/permission)',
  请输入菜单名称: 'Please enter the menu name',
  菜单名称不能超过50个字符: 'The menu name must be at most 50 characters',
  请选择上级菜单: 'Please choose the parent menu',
  请输入菜单路径: 'Please enter the menu path',
  请输入授权标识: 'Please enter the permission code',
  请输入规则名称: 'Please enter the rule name',
  请选择条件规则: 'Please choose the condition',
  请输入规则值: 'Please enter the rule value',
  缺少用户ID: 'The user id is missing',
  缺少角色ID: 'The role id is missing',
  缺少部门ID: 'The department id is missing',
  缺少菜单ID: 'The menu id is missing',
  缺少权限ID: 'The permission id is missing',
  缺少规则ID: 'The rule id is missing',
  缺少上级菜单ID: 'The parent menu id is missing',
  用户不存在: 'No such user',
  角色不存在: 'No such role',
  部门不存在: 'No such department',
  部门角色不存在: 'No such department role',
  所选角色不存在: 'A chosen role does not exist',
  所选部门不存在: 'A chosen department does not exist',
  所选权限不存在: 'A chosen permission does not exist',
  所选部门角色不存在: 'A chosen department role does not exist',
  所选部门不属于当前用户: 'The chosen department is not one of yours',
  所选数据规则不属于该菜单: 'A chosen data rule is not one of this menu',
  所选权限超出了部门的权限范围: "A chosen permission is beyond the department's own",
  上级菜单不存在: 'The parent menu does not exist',
  上级部门不存在: 'The parent department does not exist',
  按钮下不能再添加菜单或按钮: 'A button cannot have menus or buttons under it',
  '字典Code格式不正确！': 'The dictionary code is not valid',
  '编号不能重复：该编号已被其他记录使用': 'The code must be unique: another record already uses it',
  一次最多保存500行: 'Save at most 500 rows at a time',
  '保存成功!': 'Saved',
  未找到权限配置信息: 'No permissions are configured',
  未找到用户相关角色信息: 'The user has no roles',
  未找到角色信息: 'No roles found',
  '未查询匹配数据！': 'Nothing matches',
  查找失败: 'Nothing found',
  该项不能为空: 'This field is required',
  请输入正确的金额: 'Please enter a valid amount',
  '请输入字母开头的字母、数字或下划线': 'Please enter letters, digits or underscores, starting with a letter',
  请输入数字: 'Please enter a number',
  请输入整数: 'Please enter a whole number',
  请输入字母: 'Please enter letters',
  请输入正确的电子邮件: 'Please enter a valid email address',
  请输入正确的网址: 'Please enter a valid URL',
  请输入正确的邮政编码: 'Please enter a valid postcode',
  请输入6到16位数字: 'Please enter 6 to 16 digits',
  请输入6到18位字母: 'Please enter 6 to 18 letters',
  请输入6到16位任意字符: 'Please enter 6 to 16 characters',
  请输入姓名: 'Please enter the name',
  请输入编号: 'Please enter the code',
  该值不能重复: 'This value must be unique',
  格式不正确: 'Not in the right format',
  '编号为2到20位字母、数字或-': 'A code has 2 to 20 letters, digits or -',
  编号不能重复: 'The code must be unique',
  数量不能超过9999: 'The quantity must be at most 9999',
  '日期格式应为 YYYY-MM-DD': 'A date is written YYYY-MM-DD',
  '时间格式应为 YYYY-MM-DD HH:mm:ss': 'A time is written YYYY-MM-DD HH:mm:ss',
  '记录已不存在（可能已被他人删除），请刷新后再试': 'The record no longer exists (someone may have deleted it); please reload',
  // The card ledger.
  '销户成功！': 'Account closed',
  支付订单不存在: 'No such payment order',
  支付方式不存在: 'No such payment channel',
  支付回调签名无效: 'The payment callback signature is not valid',
  '已创建支付订单，等待支付结果': 'Payment order created; waiting for the payment',
  终端不存在: 'No such terminal',
  '密钥已生成，请立即配置到终端，关闭后将无法再次查看': 'Key issued: configure the terminal with it now; it cannot be shown again',
  终端签名无效: 'The terminal signature is not valid',
  终端时间与服务器相差过大: "The terminal's clock is too far from the server's",
  终端已停用: 'The terminal is disabled',
  卡片不存在: 'No such card',
  '冻结成功！': 'Frozen',
  '解冻成功！': 'Unfrozen',
  '挂失成功！': 'Reported lost',
  '解挂成功！': 'Loss report cancelled',
  '补卡成功！': 'Card replaced',
  '换卡成功！': 'Card changed',
  '退卡成功！': 'Card returned',
  定时任务不存在: 'No such scheduled job',
  定时任务暂停成功: 'Job stopped',
  定时任务启动成功: 'Job started',
  执行成功: 'Run done',
  请指定任务: 'Name the job',
  已拉黑: 'Blocked',
  已解除拉黑: 'Unblocked',
  黑名单记录不存在: 'No such blacklist entry',
  已解绑微信: 'WeChat unbound',
  邀请短信已发送: 'Invitation sent',
  家长记录不存在: 'No such parent record',
  '短信发送失败，请稍后重试': 'The text message could not be sent; try again later',
  补卡已撤销: 'Replacement cancelled',
  补卡单不存在: 'No such replacement bill',
  '调账单已提交，等待审核': 'Adjustment entered; it waits for approval',
  '调账已入账！': 'Adjustment posted',
  已驳回: 'Rejected',
  调账单不存在: 'No such adjustment',
  访客记录不存在: 'No such visit',
  审核通过: 'Approved',
  已拒绝来访: 'Visit refused',
  '签到成功！': 'Checked in',
  '签离成功！': 'Checked out',
  已取消来访: 'Visit cancelled',
  卡号应为4到20位数字: 'A card number has 4 to 20 digits',
  物理卡号应为8到16位十六进制字符: 'A chip number has 8 to 16 hexadecimal characters',
  该请求已办理: 'This request was already carried out',
  '开户成功！': 'Account opened',
  '充值成功！': 'Recharged',
  '冲正成功！': 'Reversed',
  '消费成功！': 'Paid',
  '退款成功！': 'Refunded',
  账户不存在: 'No such account',
  人员不存在: 'No such member',
  充值记录不存在: 'No such recharge',
  消费记录不存在: 'No such payment',
  '该请求编号已用于另一笔业务，请刷新后重试': 'This request id was already used for another operation; refresh and try again',
  开户发卡: 'Account opened, card issued',
  充值: 'Recharge',
  消费: 'Payment',
  学校不存在: 'No such school',
  学校编号已存在: 'A school already has this number',
  学校名称已存在: 'A school already has this name',
  不能冻结平台学校: "The platform's own school cannot be frozen",
  学校编号须为正整数: 'The school number must be a positive whole number',
  学校编号过大: 'The school number is too large',
  缺少学校编号: 'The school number is missing',
  请输入学校名称: "Enter the school's name",
  请输入管理员账号: "Enter the administrator's username",
  请输入管理员姓名: "Enter the administrator's name",
  请输入管理员密码: "Enter the administrator's password",
  缺少通告ID: 'The announcement id is missing',
  该手机号未注册: 'No account has this phone number',
  手机号绑定成功: 'Phone number bound',
  请选择文件: 'Choose a file',
  请选择要同步的字典项: 'Choose the items to sync',
  字典同步成功: 'Dictionaries synced',
  一次最多同步5000项: 'At most 5000 items at a time',
  '上传成功！': 'Uploaded',
  该手机号已注册: 'An account already has this phone number',
  '该手机号绑定了多个账号，请使用账号密码登录': 'Several accounts have this phone number; sign in with a username and password',
  '平台未开放自助注册，请联系管理员开通账号': 'Self-registration is closed; ask an administrator for an account',
  注册成功: 'Registered',
  手机号与用户账号不匹配: 'The phone number does not belong to this account',
  请指定是否开放注册: 'Say whether registration is open',
  已开放自助注册: 'Self-registration opened',
  已关闭自助注册: 'Self-registration closed',
  '验证码发送过于频繁，请60秒后再试': 'A code was just sent; try again in 60 seconds',
  该手机号今日获取验证码次数已达上限: 'This phone has had all its codes for today',
  '获取验证码过于频繁，请稍后再试': 'Too many codes asked for; try again later',
  短信验证码错误或已过期: 'The text-message code is wrong or has expired',
  '短信验证码已发送，5分钟内有效': 'Code sent; it is good for 5 minutes',
  未配置CAS单点登录: 'CAS single sign-on is not configured',
  'CAS票据无效或已过期，请重新登录': 'The CAS ticket is not valid or has expired; sign in again',
  'CAS服务器无法访问，请稍后重试': 'The CAS server cannot be reached; try again later',
  '该用户不存在，请联系管理员开通账号': 'No such account; ask an administrator for one',
  未配置第三方登录: 'Third-party sign-in is not configured',
  '缺少CAS票据（ticket）': 'The CAS ticket is missing (ticket)',
  '缺少服务地址（service）': 'The service address is missing (service)',
  请输入手机号码: 'Enter a phone number',
  请输入短信验证码: 'Enter the text-message code',
  短信验证码为6位数字: 'The text-message code has 6 digits',
  '短信类型只能是0（登录）、1（注册）、2（找回密码）或3（绑定手机）': 'smsmode is 0 (sign in), 1 (register), 2 (reset password) or 3 (bind a phone)',
  接收对象不存在: 'No such recipient',
  该系统通知发布成功: 'Announcement released',
  该系统通知撤销成功: 'Announcement revoked',
  全部标注已读: 'All marked read',
  请输入标题: 'Enter a title',
  '消息类型只能是1（通知公告）或2（系统消息）': 'The category is 1 (notice) or 2 (system message)',
  '优先级只能是L、M或H': 'The priority is L, M or H',
  '通告对象只能是ALL、USER、DEPART或ROLE': 'The recipients are ALL, USER, DEPART or ROLE',
  打开方式只能是url或component: 'Opens as url or component',
  请选择接收对象: 'Choose the recipients',
  结束时间不能早于开始时间: 'The end cannot be before the start',
  请输入打开页面: 'Enter the page to open',
};

/** Chinese field titles back to English (the schemas name fields in Chinese in their limits). */
const TITLE_EN = new Map(Object.values(FIELD_TITLES).map((titles) => [titles['zh-CN'], titles.en]));
TITLE_EN.set('机构名称', 'Department name')
  .set('学校名称', 'School name')
  .set('ICP备案号', 'ICP filing number')
  .set('版权信息', 'Copyright line')
  .set('管理员账号', 'Administrator username')
  .set('标题', 'Title')
  .set('昵称', 'Nickname')
  .set('头像', 'Avatar')
  .set('邮箱', 'E-mail')
  .set('内容', 'Content')
  .set('摘要', 'Summary')
  .set('打开页面', 'Page to open')
  .set('业务ID', 'Record id')
  .set('管理员姓名', 'Administrator name')
  .set('备注', 'Notes')
  .set('菜单路径', 'Menu path');

/** Messages built from parts: a suffix naming the field, a row prefix, a length limit. */
function composed(message: string): string | undefined {
  const field = /^(.*)（([A-Za-z0-9_.]*)）$/.exec(message);
  if (field) {
    const base = toEnglish(field[1]!);
    return base === field[1] ? undefined : field[2] ? `${base} (${field[2]})` : base;
  }
  const row = /^第 (\d+) 行\s*(.*)$/.exec(message);
  if (row) {
    const rest = toEnglish(row[2]!.replace(/^的/, ''));
    return rest === row[2] ? undefined : `Row ${row[1]}: ${rest}`;
  }
  const titled = /^([^：]{1,20})：(.+)$/.exec(message);
  if (titled && TITLE_EN.has(titled[1]!)) {
    const rest = toEnglish(titled[2]!);
    return rest === titled[2] ? undefined : `${TITLE_EN.get(titled[1]!)}: ${rest}`;
  }
  const limit = /^(.+)不能超过(\d+)个字符$/.exec(message);
  if (limit && TITLE_EN.has(limit[1]!)) return `${TITLE_EN.get(limit[1]!)} must be at most ${limit[2]} characters`;
  return undefined;
}

/** The English of a server message, or the message itself when the catalogue lacks it. */
export function toEnglish(message: string): string {
  return ENGLISH[message] ?? composed(message) ?? message;
}
