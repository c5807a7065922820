/**
 * Messages for input that breaks a schema's basic rules (a number where text belongs, text too
 * long…) in the user's language and with the field's title, instead of zod's English defaults.
 * Schemas' own messages (请输入用户名…) take precedence; these cover everything else.
 */
export type MessageLocale = 'zh-CN' | 'en';

type Titles = Record<MessageLocale, string>;

/** Titles of the fields the API takes, by key. An unknown key shows as itself. */
export const FIELD_TITLES: Record<string, Titles> = {
  id: { 'zh-CN': 'ID', en: 'ID' },
  ids: { 'zh-CN': 'ID 列表', en: 'IDs' },
  username: { 'zh-CN': '用户账号', en: 'Username' },
  realname: { 'zh-CN': '用户姓名', en: 'Name' },
  password: { 'zh-CN': '密码', en: 'Password' },
  oldpassword: { 'zh-CN': '旧密码', en: 'Old password' },
  confirmpassword: { 'zh-CN': '确认密码', en: 'Password confirmation' },
  captcha: { 'zh-CN': '验证码', en: 'Captcha' },
  checkKey: { 'zh-CN': '验证码 key', en: 'Captcha key' },
  remember_me: { 'zh-CN': '记住我', en: 'Remember me' },
  workNo: { 'zh-CN': '工号', en: 'Work number' },
  phone: { 'zh-CN': '手机号码', en: 'Mobile' },
  email: { 'zh-CN': '邮箱', en: 'Email' },
  sex: { 'zh-CN': '性别', en: 'Gender' },
  avatar: { 'zh-CN': '头像', en: 'Avatar' },
  status: { 'zh-CN': '状态', en: 'Status' },
  selectedroles: { 'zh-CN': '角色', en: 'Roles' },
  selecteddeparts: { 'zh-CN': '部门', en: 'Departments' },
  orgCode: { 'zh-CN': '部门编码', en: 'Department code' },
  roleId: { 'zh-CN': '角色', en: 'Role' },
  roleName: { 'zh-CN': '角色名称', en: 'Role name' },
  roleCode: { 'zh-CN': '角色编码', en: 'Role code' },
  description: { 'zh-CN': '描述', en: 'Description' },
  departId: { 'zh-CN': '部门', en: 'Department' },
  deptId: { 'zh-CN': '部门', en: 'Department' },
  departName: { 'zh-CN': '机构名称', en: 'Department name' },
  departNameEn: { 'zh-CN': '英文名称', en: 'English name' },
  parentId: { 'zh-CN': '上级', en: 'Parent' },
  orgCategory: { 'zh-CN': '机构类型', en: 'Organisation type' },
  departOrder: { 'zh-CN': '排序', en: 'Order' },
  userId: { 'zh-CN': '用户', en: 'User' },
  userid: { 'zh-CN': '用户', en: 'User' },
  newRoleId: { 'zh-CN': '新角色', en: 'New roles' },
  oldRoleId: { 'zh-CN': '原角色', en: 'Previous roles' },
  permissionId: { 'zh-CN': '权限', en: 'Permission' },
  permissionIds: { 'zh-CN': '权限', en: 'Permissions' },
  lastpermissionIds: { 'zh-CN': '原有权限', en: 'Previous permissions' },
  dataRuleIds: { 'zh-CN': '数据规则', en: 'Data rules' },
  menuType: { 'zh-CN': '菜单类型', en: 'Menu type' },
  name: { 'zh-CN': '名称', en: 'Name' },
  nameEn: { 'zh-CN': '英文名称', en: 'English name' },
  url: { 'zh-CN': '菜单路径', en: 'Menu path' },
  component: { 'zh-CN': '前端组件', en: 'Component' },
  componentName: { 'zh-CN': '组件名称', en: 'Component name' },
  redirect: { 'zh-CN': '默认跳转地址', en: 'Redirect' },
  perms: { 'zh-CN': '授权标识', en: 'Permission code' },
  permsType: { 'zh-CN': '授权策略', en: 'Permission type' },
  icon: { 'zh-CN': '菜单图标', en: 'Icon' },
  sortNo: { 'zh-CN': '排序', en: 'Order' },
  route: { 'zh-CN': '是否路由菜单', en: 'Route menu' },
  hidden: { 'zh-CN': '隐藏路由', en: 'Hidden' },
  keepAlive: { 'zh-CN': '缓存路由', en: 'Keep alive' },
  alwaysShow: { 'zh-CN': '聚合路由', en: 'Always show' },
  internalOrExternal: { 'zh-CN': '打开方式', en: 'Open in' },
  ruleName: { 'zh-CN': '规则名称', en: 'Rule name' },
  ruleColumn: { 'zh-CN': '规则字段', en: 'Rule column' },
  ruleConditions: { 'zh-CN': '条件规则', en: 'Condition' },
  ruleValue: { 'zh-CN': '规则值', en: 'Rule value' },
  pageNo: { 'zh-CN': '页码', en: 'Page' },
  pageSize: { 'zh-CN': '每页条数', en: 'Page size' },
  column: { 'zh-CN': '排序字段', en: 'Sort column' },
  order: { 'zh-CN': '排序方向', en: 'Sort order' },
  keyWord: { 'zh-CN': '关键字', en: 'Keyword' },
  rows: { 'zh-CN': '表格数据', en: 'Rows' },
  deleted: { 'zh-CN': '删除的行', en: 'Deleted rows' },
  code: { 'zh-CN': '编码', en: 'Code' },
  amount: { 'zh-CN': '金额', en: 'Amount' },
  quantity: { 'zh-CN': '数量', en: 'Quantity' },
  category: { 'zh-CN': '类别', en: 'Category' },
  orderNum: { 'zh-CN': '排序号', en: 'Order number' },
  progress: { 'zh-CN': '进度', en: 'Progress' },
};

/** Titles of one schema's own fields (an entity's), looked up before the common ones. */
export type FieldTitles = Readonly<Record<string, Titles>>;

/** The title of a field path: the last named segment's title; list positions are counted from 1. */
export function fieldTitle(path: readonly PropertyKey[], locale: MessageLocale, own?: FieldTitles): string {
  const names = path.filter((part): part is string => typeof part === 'string');
  const last = names.at(-1);
  if (last === undefined) return locale === 'en' ? 'The request' : '请求';
  const title = own?.[last]?.[locale] ?? FIELD_TITLES[last]?.[locale] ?? last;
  const row = path.find((part) => typeof part === 'number');
  if (row === undefined) return title;
  return locale === 'en' ? `Row ${row + 1}: ${title}` : `第 ${row + 1} 行 ${title}`;
}

const KIND: Record<MessageLocale, Record<string, string>> = {
  'zh-CN': { string: '文本', number: '数字', int: '整数', boolean: '是/否', array: '列表', object: '对象', date: '日期', bigint: '整数' },
  en: { string: 'text', number: 'a number', int: 'a whole number', boolean: 'yes or no', array: 'a list', object: 'an object', date: 'a date', bigint: 'a whole number' },
};

/** The parts of a zod issue these messages read (zod 4's raw issue). */
export interface IssueLike {
  code?: string;
  path?: PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  format?: string;
  /** A refinement's own rule name (`{ params: { rule } }`): see RULE_MESSAGES. */
  params?: { rule?: string; said?: Record<MessageLocale, string> };
}

/** Messages of named refinements, by rule. */
const RULE_MESSAGES: Record<string, Record<MessageLocale, (title: string) => string>> = {
  money: { 'zh-CN': (t) => `${t}应为金额，最多两位小数`, en: (t) => `${t} must be an amount with at most two decimals` },
  quantity: { 'zh-CN': (t) => `${t}应为数量，最多三位小数`, en: (t) => `${t} must be a quantity with at most three decimals` },
  date: { 'zh-CN': (t) => `${t}应为 YYYY-MM-DD 格式的日期`, en: (t) => `${t} must be a date written YYYY-MM-DD` },
  datetime: { 'zh-CN': (t) => `${t}应为 YYYY-MM-DD HH:mm:ss 格式的时间`, en: (t) => `${t} must be written YYYY-MM-DD HH:mm:ss` },
  time: { 'zh-CN': (t) => `${t}应为 HH:mm 格式的时刻`, en: (t) => `${t} must be a time written HH:mm` },
  number: { 'zh-CN': (t) => `${t}应为数字`, en: (t) => `${t} must be a number` },
  decimals: { 'zh-CN': (t) => `${t}的小数位数过多`, en: (t) => `${t} has too many decimals` },
  preset: { 'zh-CN': (t) => `${t}的格式不正确`, en: (t) => `${t} is not in the right format` },
  required: { 'zh-CN': (t) => `请填写${t}`, en: (t) => `${t} is required` },
};

/** The message for an issue the schema gave none of its own. */
export function issueMessage(issue: IssueLike, locale: MessageLocale, own?: FieldTitles): string {
  // A record rule says its own words (`<entity>.rules.ts`).
  if (issue.code === 'custom' && issue.params?.said) return issue.params.said[locale];
  const title = fieldTitle(issue.path ?? [], locale, own);
  const rule = issue.code === 'custom' ? issue.params?.rule : undefined;
  if (rule && RULE_MESSAGES[rule]) return RULE_MESSAGES[rule]![locale](title);
  const zh = locale === 'zh-CN';
  const missing = issue.input === undefined || issue.input === null;
  const limit = String(issue.maximum ?? issue.minimum ?? '');
  const textual = issue.origin === 'string';
  const listy = issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'invalid_type':
      if (missing) return zh ? `请填写${title}` : `${title} is required`;
      return zh ? `${title}应为${KIND[locale][issue.expected ?? ''] ?? issue.expected}` : `${title} must be ${KIND[locale][issue.expected ?? ''] ?? issue.expected}`;
    case 'too_big':
      if (textual) return zh ? `${title}不能超过${limit}个字符` : `${title} must be at most ${limit} characters`;
      if (listy) return zh ? `${title}最多${limit}项` : `${title} may hold at most ${limit} items`;
      return zh ? `${title}不能大于${limit}` : `${title} must be at most ${limit}`;
    case 'too_small':
      if (textual) return limit === '1' ? (zh ? `请填写${title}` : `${title} is required`) : zh ? `${title}至少${limit}个字符` : `${title} must be at least ${limit} characters`;
      if (listy) return zh ? `${title}至少${limit}项` : `${title} needs at least ${limit} items`;
      return zh ? `${title}不能小于${limit}` : `${title} must be at least ${limit}`;
    case 'invalid_format':
      return zh ? `${title}的格式不正确` : `${title} is not in the right format`;
    case 'not_multiple_of':
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return zh ? `${title}的取值不正确` : `${title} has a value that is not allowed`;
    default:
      return zh ? `${title}不正确` : `${title} is not valid`;
  }
}
