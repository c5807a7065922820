/**
 * Platform tables: tenants, users, roles, departments, the menu/permission tree, dictionaries,
 * sessions and the login log. Business areas add their own schema files later.
 */
import { bigserial, boolean, date, numeric, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' });

export const tenants = pgTable('tenants', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  companyType: text('company_type'),
  payChannelType: text('pay_channel_type'),
  /** 1 active, 0 frozen. */
  status: integer('status').notNull().default(1),
  /** The school's own lines in the console's footer (its ICP filing number and copyright). */
  icp: text('icp'),
  copyright: text('copyright'),
  /** Every "day" of the school (accounting dates, daily limits, reports) is a day in this zone. */
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  /** How many days old an offline terminal payment may be when uploaded. */
  offlineDays: integer('offline_days').notNull().default(7),
  /** The longest date range of 消费记录 and 充值记录. */
  recordRangeDays: integer('record_range_days').notNull().default(31),
  /** Four eyes: for this many days an account may not check the work of the person who created it. */
  checkerWaitDays: integer('checker_wait_days').notNull().default(90),
  /** 请假退餐费's 生效点: 1 次日起 (from the day after the leave is approved) · 2 当餐起 (from the meal under way). */
  mealRefundStart: text('meal_refund_start').notNull().default('1'),
  /** A leave shorter than this many full days of meals refunds nothing (0: every meal counts). */
  mealRefundMinDays: integer('meal_refund_min_days').notNull().default(0),
  createBy: text('create_by'),
  createdAt: createdAt(),
  updateBy: text('update_by'),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    username: text('username').notNull(),
    realname: text('realname').notNull().default(''),
    nickname: text('nickname'),
    passwordHash: text('password_hash').notNull(),
    /**
     * Who last set the password (four eyes): the user's own name when they chose it; another
     * name when an administrator created the account or reset it. Unknown (older rows): their own.
     */
    passwordSetBy: text('password_set_by'),
    avatar: text('avatar'),
    phone: text('phone'),
    email: text('email'),
    workNo: text('work_no'),
    /** 1 male, 2 female. */
    sex: integer('sex'),
    /** 1 normal, 2 frozen. */
    status: integer('status').notNull().default(1),
    /** 1 when logically deleted. */
    delFlag: integer('del_flag').notNull().default(0),
    /** The department the user currently works in (users in several departments choose). */
    orgCode: text('org_code'),
    /** 个人设置's notice preferences (JSON: toast on arrival, system messages in the badge). */
    noticePrefs: text('notice_prefs'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createBy: text('create_by'),
    updateBy: text('update_by'),
  },
  (t) => [uniqueIndex('users_username_key').on(t.username), index('users_tenant_idx').on(t.tenantId)],
);

export const roles = pgTable(
  'roles',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    roleCode: text('role_code').notNull(),
    roleName: text('role_name').notNull(),
    /** What an English console shows (the Chinese name when empty). */
    roleNameEn: text('role_name_en'),
    description: text('description'),
    createBy: text('create_by'),
    createdAt: createdAt(),
    updateBy: text('update_by'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_tenant_code_key').on(t.tenantId, t.roleCode)],
);

/**
 * What each user ran from the palette, how often and when last (menus, commands, tabs by the
 * palette's entry id): its recent and frequent ranking, kept here so it follows the user to
 * another computer.
 */
export const paletteUses = pgTable(
  'palette_uses',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryId: text('entry_id').notNull(),
    useCount: integer('use_count').notNull().default(1),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.entryId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const departments = pgTable(
  'departments',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** Null for a root department. */
    parentId: text('parent_id'),
    departName: text('depart_name').notNull(),
    departNameEn: text('depart_name_en'),
    /** A01 for roots, children append A01, A02…: A01A03. */
    orgCode: text('org_code').notNull(),
    /** 1 school/company, 2 department, 3 post. */
    orgCategory: text('org_category').notNull().default('2'),
    /** Depth, "1" at the root. */
    orgType: text('org_type').notNull().default('1'),
    departOrder: integer('depart_order').notNull().default(0),
    description: text('description'),
    status: text('status').notNull().default('1'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('departments_tenant_org_code_key').on(t.tenantId, t.orgCode), index('departments_parent_idx').on(t.parentId)],
);

export const userDepartments = pgTable(
  'user_departments',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departId: text('depart_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.departId] }), index('user_departments_depart_idx').on(t.departId)],
);

/** Menus (type 0 top level, 1 sub-menu) and permissions (type 2 buttons/columns) in one tree. */
export const permissions = pgTable(
  'permissions',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    /** Permission code(s), comma-separated: `user:add`, or a screen's `system:users`. */
    perms: text('perms'),
    /** '1' show/hide strategy, '2' disable strategy. */
    permsType: text('perms_type').notNull().default('1'),
    icon: text('icon'),
    component: text('component'),
    componentName: text('component_name'),
    url: text('url'),
    redirect: text('redirect'),
    sortNo: doublePrecision('sort_no').notNull().default(0),
    menuType: integer('menu_type').notNull(),
    isLeaf: boolean('is_leaf').notNull().default(true),
    /** False: shown in the menu without a route. */
    isRoute: boolean('is_route').notNull().default(true),
    keepAlive: boolean('keep_alive').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    alwaysShow: boolean('always_show').notNull().default(false),
    internalOrExternal: boolean('internal_or_external').notNull().default(false),
    description: text('description'),
    /** '1' valid, '0' invalid. */
    status: text('status').notNull().default('1'),
    delFlag: integer('del_flag').notNull().default(0),
    ruleFlag: integer('rule_flag').notNull().default(0),
    /** A school's own menu (a published online form): null for the product's menu, which every school shares. */
    tenantId: integer('tenant_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('permissions_parent_idx').on(t.parentId)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: text('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    /** The menu's data rules this role is bound by, comma-separated (sys_role_permission.data_rule_ids). */
    dataRuleIds: text('data_rule_ids'),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] }), index('role_permissions_permission_idx').on(t.permissionId)],
);

export const departmentPermissions = pgTable(
  'department_permissions',
  {
    departId: text('depart_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    permissionId: text('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.departId, t.permissionId] })],
);

export const dictionaries = pgTable(
  'dictionaries',
  {
    id: text('id').primaryKey(),
    dictName: text('dict_name').notNull(),
    dictCode: text('dict_code').notNull(),
    description: text('description'),
    /** '0' string values, '1' number values (dictionary `dict_value_type`). */
    type: text('type').notNull().default('0'),
    delFlag: integer('del_flag').notNull().default(0),
    createBy: text('create_by'),
    createdAt: createdAt(),
    updateBy: text('update_by'),
    updatedAt: updatedAt(),
  },
  // Deleted dictionaries (del_flag 1) free their code.
  (t) => [
    uniqueIndex('dictionaries_code_key')
      .on(t.dictCode)
      .where(sql`del_flag = 0`),
  ],
);

/** The columns of a dictionary item, the platform's and a school's alike. */
const dictionaryItemColumns = () => ({
  dictId: text('dict_id')
    .notNull()
    .references(() => dictionaries.id, { onDelete: 'cascade' }),
  itemText: text('item_text').notNull(),
  /** The text an English console shows (the Chinese one when empty). */
  itemTextEn: text('item_text_en'),
  itemValue: text('item_value').notNull(),
  description: text('description'),
  sortOrder: integer('sort_order').notNull().default(0),
  /** '1' enabled, '0' disabled (dictionary `dict_item_status`). */
  status: text('status').notNull().default('1'),
  /** The tag colour lists show the item in (`#f5222d`), none for plain text. */
  color: text('color'),
  createBy: text('create_by'),
  createdAt: createdAt(),
  updateBy: text('update_by'),
  updatedAt: updatedAt(),
});

export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    id: text('id').primaryKey(),
    ...dictionaryItemColumns(),
  },
  (t) => [uniqueIndex('dictionary_items_dict_value_key').on(t.dictId, t.itemValue)],
);

/**
 * A school's own items of a platform dictionary (JeecgBoot's dictOrgItem): an item with a value
 * the platform has replaces it for that school (text, colour, order, status), others add to it.
 */
export const dictionaryOrgItems = pgTable(
  'dictionary_org_items',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    sysOrgCode: text('sys_org_code'),
    ...dictionaryItemColumns(),
  },
  (t) => [uniqueIndex('dictionary_org_items_value_key').on(t.tenantId, t.dictId, t.itemValue)],
);

/** Server-side sessions: the token's SHA-256 is the key, so a database copy holds no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Failed sign-ins per key — `user:<name>` (known or not, so both look alike) and `ip:<address>` —
 * within a window: past a few, sign-in asks for a captcha and answers more slowly. Nothing locks.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Where each account last signed in successfully (`<name>|<address>`): from such an address, the
 * account's failures elsewhere do not ask for a captcha — only those from that address do.
 */
export const signInPlaces = pgTable('sign_in_places', {
  key: text('key').primaryKey(),
  signedInAt: timestamp('signed_in_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Fixed-window counters of limited acts (uploads a minute per user), counted in the database: every instance sees one count. */
export const rateWindows = pgTable('rate_windows', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  hits: integer('hits').notNull().default(0),
});

/**
 * Nonces of devices' take requests (grants, plates, task items, a phone's numbers) seen within the
 * signatures' clock window: one sent again is a replay and is refused. Older ones are pruned.
 */
export const deviceNonces = pgTable('device_nonces', {
  /** `<route>|<serial>|<nonce>`. */
  key: text('key').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Captchas handed out by GET /sys/randomImage/{key}: one answer each, soon expired. */
export const captchas = pgTable(
  'captchas',
  {
    checkKey: text('check_key').primaryKey(),
    /** SHA-256 of the upper-cased answer. */
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/**
 * Codes texted to phones (sign-in, registration, password reset): stored as hashes, each good for
 * five minutes, a few tries and one use. The rows also count what a phone and an address asked for.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobile: text('mobile').notNull(),
    /** login · register · reset. */
    purpose: text('purpose').notNull(),
    /** SHA-256 of the code with the row's mobile and purpose. */
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * The server instances sharing this database, each writing its heartbeat and its last minute's
 * numbers (系统监控 › 服务器信息). A row not seen for a while is an instance that stopped.
 */
export const serverInstances = pgTable('server_instances', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  version: text('version').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Requests answered in the last minute, and how many of them failed (status ≥ 500). */
  requestsLastMinute: integer('requests_last_minute').notNull().default(0),
  errorsLastMinute: integer('errors_last_minute').notNull().default(0),
  requestsTotal: doublePrecision('requests_total').notNull().default(0),
});

/** The installation's own switches, set by the platform's administrators (自助注册…). */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updateBy: text('update_by'),
  updatedAt: updatedAt(),
});

/**
 * Every uploaded file: whose school and user it belongs to, what it is. The stored path carries
 * a random name, and reads check the school.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    /** The path as clients use it: `<biz>/<random>.<ext>`. */
    path: text('path').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    ownerId: text('owner_id').notNull(),
    biz: text('biz').notNull(),
    originalName: text('original_name').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_owner_idx').on(t.ownerId, t.createdAt), index('stored_files_tenant_idx').on(t.tenantId)],
);

export const loginLogs = pgTable(
  'login_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id'),
    userId: text('user_id'),
    username: text('username').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    success: boolean('success').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_logs_created_idx').on(t.createdAt), index('login_logs_username_idx').on(t.username, t.createdAt)],
);

/**
 * 操作日志: one row per changing request a signed-in user made (日志管理), written after the answer
 * went out: who, which school, the route and its permission code, what it named (ids, never bodies),
 * from where, how long it took and how it ended.
 */
export const operationLogs = pgTable(
  'sys_operation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id'),
    userId: text('user_id'),
    username: text('username').notNull(),
    /** operate_type: 2 添加 · 3 编辑 · 4 删除 · 5 导入 · 6 导出 · 7 业务操作. */
    operateType: text('operate_type').notNull(),
    /** POST, PUT, DELETE. */
    requestMethod: text('request_method').notNull(),
    /** The route as declared (/memb/card/replace), and the path called. */
    route: text('route').notNull(),
    requestUrl: text('request_url').notNull(),
    permission: text('permission'),
    /** The record the request named: id=…, ids=…, username=…. */
    target: text('target'),
    ip: text('ip'),
    costMs: integer('cost_ms').notNull(),
    status: integer('status').notNull(),
    success: boolean('success').notNull(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [index('sys_operation_log_tenant_idx').on(t.tenantId, t.createdAt), index('sys_operation_log_user_idx').on(t.username, t.createdAt)],
);

/**
 * 定时任务 (JeecgBoot's sys_quartz_job): a named built-in handler with its parameter on a cron
 * schedule — never code typed by a user. `next_run_at` is the claim: an instance runs a due job
 * only when it moves that time on first, so with several instances each run happens once.
 */
export const quartzJobs = pgTable('sys_quartz_job', {
  id: text('id').primaryKey(),
  /** The handler's name (quartz_job_handler). */
  jobClassName: text('job_class_name').notNull(),
  cronExpression: text('cron_expression').notNull(),
  parameter: text('parameter'),
  // JeecgBoot's client may leave it blank: the job is then named by its handler (job.hooks.ts).
  description: text('description').notNull().default(''),
  /** quartz_status: '0' 正常 (scheduled) · '-1' 停止. */
  status: text('status').notNull().default('0'),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  delFlag: integer('del_flag').notNull().default(0),
  createBy: text('create_by'),
  createdAt: createdAt(),
  updateBy: text('update_by'),
  updatedAt: updatedAt(),
});

/** One run of a job: when, on which instance, scheduled or by hand, how long, and how it ended. */
export const quartzJobRuns = pgTable(
  'sys_quartz_job_run',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: text('job_id')
      .notNull()
      .references(() => quartzJobs.id),
    /** The scheduled time it ran for (null: run by hand). One run per job and time, whatever the instances. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true, mode: 'date' }),
    /** 'schedule' or 'manual'. */
    trigger: text('trigger').notNull(),
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    success: boolean('success').notNull(),
    result: text('result'),
    createBy: text('create_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sys_quartz_job_run_once_key').on(t.jobId, t.scheduledFor), index('sys_quartz_job_run_job_idx').on(t.jobId, t.createdAt)],
);

/** The demo area's table-editing screen: a real table edited through the API. */
export const demoTableRows = pgTable(
  'demo_table_rows',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    orderNum: integer('order_num').notNull().default(0),
    name: text('name').notNull(),
    code: text('code').notNull(),
    phone: text('phone'),
    email: text('email'),
    /** Money with two decimals, exact. */
    amount: numeric('amount', { precision: 12, scale: 2 }),
    quantity: integer('quantity'),
    category: text('category'),
    tags: text('tags'),
    birthday: date('birthday', { mode: 'string' }),
    /** A datetime cell, `YYYY-MM-DD HH:mm:ss` as the school's clock shows it. */
    signedAt: text('signed_at'),
    /** Filled by the popup cell's picker: the department's name and code. */
    departName: text('depart_name'),
    departCode: text('depart_code'),
    checkedIn: boolean('checked_in').notNull().default(false),
    progress: integer('progress').notNull().default(0),
    /** Stored upload paths (POST /sys/common/upload). */
    attachment: text('attachment'),
    avatar: text('avatar'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('demo_table_rows_tenant_code_key').on(t.tenantId, t.code), index('demo_table_rows_tenant_order_idx').on(t.tenantId, t.orderNum, t.id)],
);

/** Data rules of a permission (JeecgBoot sys_permission_data_rule): row filters a role may apply. */
export const permissionDataRules = pgTable(
  'permission_data_rules',
  {
    id: text('id').primaryKey(),
    permissionId: text('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    ruleName: text('rule_name').notNull(),
    ruleColumn: text('rule_column'),
    /** Operator: =, !=, >, <, IN, LIKE, USE_SQL_RULES… */
    ruleConditions: text('rule_conditions').notNull(),
    ruleValue: text('rule_value').notNull(),
    /** '1' valid, '0' invalid. */
    status: text('status').notNull().default('1'),
    createdAt: createdAt(),
    createBy: text('create_by'),
    updatedAt: updatedAt(),
    updateBy: text('update_by'),
  },
  (t) => [index('permission_data_rules_permission_idx').on(t.permissionId)],
);

/** Roles defined inside a department, granted from the department's own permissions. */
export const departmentRoles = pgTable(
  'department_roles',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    departId: text('depart_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    roleName: text('role_name').notNull(),
    roleCode: text('role_code').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('department_roles_depart_code_key').on(t.departId, t.roleCode)],
);

export const departmentRoleUsers = pgTable(
  'department_role_users',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => departmentRoles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('department_role_users_role_idx').on(t.roleId)],
);

export const departmentRolePermissions = pgTable(
  'department_role_permissions',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => departmentRoles.id, { onDelete: 'cascade' }),
    permissionId: text('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] }), index('department_role_permissions_permission_idx').on(t.permissionId)],
);

/** The school's member tree (school → grade → class) for members and cards; not the staff departments. */
export const memberDepartments = pgTable(
  'member_departments',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    /** 1 school, 2 grade, 3 class. */
    level: integer('level').notNull(),
    sortNo: integer('sort_no').notNull().default(0),
    /** 1 在用 · 0 停用 (a graduated year, a merged class): kept for history, no longer picked. */
    status: text('status').notNull().default('1'),
    /** 升级 left this year with no next one (高三): it waits for 毕业, then is retired. */
    graduating: boolean('graduating').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('member_departments_tenant_parent_idx').on(t.tenantId, t.parentId)],
);

// Business areas' tables, one file per area.
export * from './tables/bills';
export * from './tables/members';
export * from './tables/ledger';
export * from './tables/devices';
export * from './tables/meals';
export * from './tables/mealOrders';
export * from './tables/subsidies';
export * from './tables/graduations';
export * from './tables/payments';
export * from './tables/scores';
export * from './tables/tuition';
export * from './tables/reports';
export * from './tables/utilities';
export * from './tables/pushes';
export * from './tables/downloads';
export * from './tables/announcements';
export * from './tables/history';
export * from './tables/messages';
export * from './tables/eventMarks';
export * from './tables/parentSessions';
export * from './tables/online';
export * from './tables/outbox';
