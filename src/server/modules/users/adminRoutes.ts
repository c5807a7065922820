import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, desc, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { PageResult } from '@shared/envelope';
import { adminPasswordSchema, frozenBatchSchema, idList, userAddSchema, userEditSchema } from '@shared/schemas/system';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { isSmallTable, totalOfPage, windowTotal } from '../../db/paging';
import { inSchool, schoolReads, unscoped, type Work } from '../../db/work';
import { departmentRoles, departmentRoleUsers, departments, roles, userDepartments, userRoles, users } from '../../db/schema';
import { authOf, type AuthContext } from '../../http/auth';
import { hiddenColumnsOf, stripColumns } from '../../http/columns';
import { badRequest, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { hashPassword } from '../auth/passwords';
import { entryText, type DictEntry } from '../dictionaries/texts';
import { ADMIN_ROLE_CODE, assertMayGiveRoles, assertNotAbove, GRANT_MESSAGES } from '../auth/grants';
import { containing } from '../../db/like';

/** Data-column permissions of the user list: `user:col:phone` and so on. */
export const USER_COLUMN_PREFIX = 'user:col:';
/** Texts of the user's dictionary fields (sex, user_status), from the dictionary cache. */
type UserTexts = { sex: ReadonlyMap<string, DictEntry>; status: ReadonlyMap<string, DictEntry>; text: (entry: DictEntry | undefined) => string };

const listQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  column: z.enum(['createTime', 'username', 'realname', 'workNo', 'status']).catch('createTime'),
  order: z.enum(['asc', 'desc']).catch('desc'),
  username: z.string().max(64).optional(),
  realname: z.string().max(64).optional(),
  phone: z.string().max(20).optional(),
  status: z.enum(['1', '2']).optional().catch(undefined),
  departId: z.string().max(64).optional(),
});

const SORT_COLUMNS = { createTime: users.createdAt, username: users.username, realname: users.realname, workNo: users.workNo, status: users.status } as const;

/** JeecgBoot list filters arrive as `*text*`; both that and plain text mean "contains". */
const contains = (text: string) => containing(text.replace(/^\*|\*$/g, ''));

type UserRow = typeof users.$inferSelect;

/** A user as the list and forms see them: no hash, no lock counters. */
function toRecord(user: UserRow, departs: { id: string; departName: string }[], roleIds: string[], texts: UserTexts) {
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    workNo: user.workNo,
    phone: user.phone,
    email: user.email,
    sex: user.sex,
    sex_dictText: user.sex ? texts.text(texts.sex.get(String(user.sex))) : '',
    avatar: user.avatar,
    status: user.status,
    status_dictText: texts.text(texts.status.get(String(user.status))),
    orgCode: user.orgCode,
    orgCodeTxt: departs.map((d) => d.departName).join(','),
    departIds: departs.map((d) => d.id).join(','),
    selectedroles: roleIds.join(','),
    createTime: user.createdAt.toISOString(),
  };
}
export type UserRecord = ReturnType<typeof toRecord>;

/**
 * Each user's departments (tree order) and role ids, read in the same query as the user: a page
 * of users is one query.
 */
const linkColumns = {
  departs: sql<
    { id: string; departName: string }[] | null
  >`(select json_agg(json_build_object('id', d.id, 'departName', d.depart_name) order by d.org_code) from ${userDepartments} ud join ${departments} d on d.id = ud.depart_id where ud.user_id = "users"."id")`,
  roleIds: sql<string | null>`(select string_agg(ur.role_id, ',' order by ur.role_id) from ${userRoles} ur where ur.user_id = "users"."id")`,
};

const recordOf = (texts: UserTexts) => (row: { user: UserRow; departs: { id: string; departName: string }[] | null; roleIds: string | null }) =>
  toRecord(row.user, row.departs ?? [], row.roleIds ? row.roleIds.split(',') : [], texts);

/** A live user of the school, or 404. */
async function userOfSchool(work: Work, id: string): Promise<UserRow> {
  const user = await work.one(users, id);
  if (!user) throw notFound('未找到对应实体');
  return user;
}

/** Role and department ids must exist in the caller's school. */
async function checkLinks(work: Work, roleIds: string[], departIds: string[]) {
  if (roleIds.length && (await work.count(roles, inArray(roles.id, roleIds))) !== roleIds.length) throw badRequest('所选角色不存在（selectedroles）');
  if (departIds.length && (await work.count(departments, inArray(departments.id, departIds))) !== departIds.length) throw badRequest('所选部门不存在（selecteddeparts）');
}

/** Active administrators of the school other than `exceptIds`: the console must keep one. */
async function otherAdminCount(work: Work, exceptIds: string[]): Promise<number> {
  const rows = await work.tx
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(work.school(users), eq(users.status, 1), eq(roles.roleCode, ADMIN_ROLE_CODE)));
  return rows.filter((row) => !exceptIds.includes(row.id)).length;
}

/** Usernames are unique across schools (they sign in without one): whether another user of any school has it. */
async function usernameTaken(everySchool: Executor, username: string, exceptId?: string): Promise<boolean> {
  const [found] = await everySchool
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return Boolean(found);
}

async function isAdmin(db: Executor, userIds: string[]): Promise<boolean> {
  if (userIds.length === 0) return false;
  const rows = await db
    .select({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(userRoles.userId, userIds), eq(roles.roleCode, ADMIN_ROLE_CODE)));
  return rows.length > 0;
}

async function replaceLinks(db: Executor, userId: string, roleIds: string[], departIds: string[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  await db.delete(userDepartments).where(eq(userDepartments.userId, userId));
  // Department roles of departments the user leaves go with them.
  const leftRoles = db
    .select({ id: departmentRoles.id })
    .from(departmentRoles)
    .where(departIds.length ? notInArray(departmentRoles.departId, departIds) : undefined);
  await db.delete(departmentRoleUsers).where(and(eq(departmentRoleUsers.userId, userId), inArray(departmentRoleUsers.roleId, leftRoles)));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  if (departIds.length) await db.insert(userDepartments).values(departIds.map((departId) => ({ userId, departId })));
}

export function userAdminRoutes(api: FastifyInstance, context: AppContext): void {
  const { sessions, dictionaries } = context;
  const everySchool = unscoped(context.db, 'users: a username is unique across schools');
  const textsOfUsers = async (request: FastifyRequest): Promise<UserTexts> => ({
    sex: await dictionaries.itemsOf('sex'),
    status: await dictionaries.itemsOf('user_status'),
    text: (entry) => (entry ? entryText(entry, authOf(request).locale) : ''),
  });

  api.get('/sys/user/list', { config: { permission: 'system:users' } }, async (request) => {
    const caller = authOf(request);
    const query = parseInput(listQuery, request.query);
    // A column the caller cannot see cannot be filtered or sorted on either: its values would
    // leak one question at a time.
    const hidden = hiddenColumnsOf(caller, USER_COLUMN_PREFIX);
    const work = schoolReads(context.db, caller);
    const filters: (SQL | undefined)[] = [work.school(users)];
    if (query.username) filters.push(ilike(users.username, contains(query.username)));
    if (query.realname) filters.push(ilike(users.realname, contains(query.realname)));
    if (query.phone && !hidden.has('phone')) filters.push(ilike(users.phone, contains(query.phone)));
    if (query.status) filters.push(eq(users.status, Number(query.status)));
    if (query.departId) filters.push(inArray(users.id, work.tx.select({ id: userDepartments.userId }).from(userDepartments).where(eq(userDepartments.departId, query.departId))));
    const where = and(...filters);
    const column = hidden.has(query.column) ? 'createTime' : query.column;
    const sort = SORT_COLUMNS[column];
    const small = await isSmallTable(work.tx, users);
    const offset = (query.pageNo - 1) * query.pageSize;
    const rows = await work.tx
      .select({ user: users, ...linkColumns, ...(small ? { total: windowTotal } : {}) })
      .from(users)
      .where(where)
      .orderBy(query.order === 'asc' ? asc(sort) : desc(sort), asc(users.id))
      .limit(query.pageSize)
      .offset(offset);
    const { total } = await totalOfPage(work.tx, users, where, small, rows, offset);
    const records = stripColumns(rows.map(recordOf(await textsOfUsers(request))), hidden);
    const page: PageResult<Partial<UserRecord>> = { records, total, size: query.pageSize, current: query.pageNo, pages: Math.ceil(total / query.pageSize) };
    return ok(page, '查询成功');
  });

  api.get('/sys/user/queryById', { config: { permission: 'system:users' } }, async (request) => {
    const work = schoolReads(context.db, authOf(request));
    const { id } = parseInput(z.object({ id: z.string({ error: '缺少用户ID' }).min(1) }), request.query);
    const [row] = await work.tx
      .select({ user: users, ...linkColumns })
      .from(users)
      .where(and(work.school(users), eq(users.id, id)));
    if (!row) throw notFound('未找到对应实体');
    const [record] = stripColumns([recordOf(await textsOfUsers(request))(row)], hiddenColumnsOf(authOf(request), USER_COLUMN_PREFIX));
    return ok(record, '查询成功');
  });

  // Live uniqueness while typing. Usernames are unique across tenants (they sign in without one).
  api.get('/sys/user/checkOnlyUser', { config: { permission: 'system:users' } }, async (request) => {
    const query = parseInput(z.object({ username: z.string().optional(), phone: z.string().optional(), email: z.string().optional(), id: z.string().optional() }), request.query);
    const caller = authOf(request);
    // Hidden columns are no oracle here either.
    const hidden = hiddenColumnsOf(caller, USER_COLUMN_PREFIX);
    const username = query.username?.trim();
    // A phone or e-mail is taken within the school, deleted users' too.
    const checks: SQL[] = [];
    if (query.phone && !hidden.has('phone')) checks.push(eq(users.phone, query.phone.trim()));
    if (query.email && !hidden.has('email')) checks.push(eq(users.email, query.email.trim()));
    if (!username && checks.length === 0) return ok(true, '该值可用！');
    const work = schoolReads(context.db, caller);
    const except = query.id ? ne(users.id, query.id) : undefined;
    const found =
      (username && (await usernameTaken(everySchool, username, query.id))) ||
      (checks.length > 0 &&
        (
          await work.tx
            .select({ id: users.id })
            .from(users)
            .where(and(work.school(users, { deleted: true }), or(...checks), except))
            .limit(1)
        ).length > 0);
    return found ? { ...ok(true, '用户账号已存在'), success: false } : ok(true, '该值可用！');
  });

  api.post('/sys/user/add', { config: { permission: 'user:add' } }, async (request) => {
    const caller = authOf(request);
    const body = parseInput(userAddSchema, request.body);
    const passwordHash = await hashPassword(body.password);
    // Before the school's transaction: the name is checked in every school (and the unique index holds a race).
    if (await usernameTaken(everySchool, body.username)) throw badRequest('用户账号已存在');
    const id = await inSchool(context.db, caller, async (work) => {
      await checkLinks(work, body.selectedroles, body.selecteddeparts);
      await assertMayGiveRoles(work.tx, caller, body.selectedroles);
      const firstDepart = body.selecteddeparts.length ? (await work.one(departments, body.selecteddeparts[0]!))?.orgCode : null;
      const userId = newId();
      await work
        .insert(users, {
          id: userId,
          username: body.username,
          realname: body.realname,
          nickname: body.realname,
          passwordHash,
          passwordSetBy: work.username,
          workNo: body.workNo,
          phone: body.phone,
          email: body.email,
          sex: body.sex,
          avatar: body.avatar,
          orgCode: firstDepart ?? null,
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw badRequest('用户账号已存在');
          throw error;
        });
      await replaceLinks(work.tx, userId, body.selectedroles, body.selecteddeparts);
      return userId;
    });
    return ok({ id }, '添加成功！');
  });

  api.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/edit',
    config: { permission: 'user:edit', changesAccess: true },
    handler: async (request) => {
      const caller = authOf(request);
      const body = parseInput(userEditSchema, request.body);
      await inSchool(context.db, caller, async (work) => {
        const { tx } = work;
        const user = await userOfSchool(work, body.id);
        await checkLinks(work, body.selectedroles, body.selecteddeparts);
        await assertNotAbove(tx, caller, [user.id]);
        await assertMayGiveRoles(tx, caller, body.selectedroles);
        // Taking the admin role away from the last administrator would lock everyone out.
        if ((await isAdmin(tx, [user.id])) && (await otherAdminCount(work, [user.id])) === 0) {
          const keepsAdmin = await tx
            .select({ id: roles.id })
            .from(roles)
            .where(and(inArray(roles.id, body.selectedroles.length ? body.selectedroles : ['']), eq(roles.roleCode, ADMIN_ROLE_CODE)));
          if (keepsAdmin.length === 0) throw badRequest('不能移除最后一个系统管理员的管理员角色');
        }
        const departCodes = body.selecteddeparts.length ? await tx.select({ orgCode: departments.orgCode }).from(departments).where(inArray(departments.id, body.selecteddeparts)) : [];
        // Keep the current department if the user still belongs to it, else the first one.
        const orgCode = departCodes.some((d) => d.orgCode === user.orgCode) ? user.orgCode : (departCodes[0]?.orgCode ?? null);
        // Columns hidden from the editor never reached their form: they keep their values.
        const hidden = hiddenColumnsOf(authOf(request), USER_COLUMN_PREFIX);
        const visible = <T>(column: string, value: T) => (hidden.has(column) ? {} : { [column]: value });
        await work.update(
          users,
          {
            realname: body.realname,
            workNo: body.workNo,
            ...visible('phone', body.phone),
            ...visible('email', body.email),
            sex: body.sex,
            avatar: body.avatar,
            orgCode,
          },
          eq(users.id, user.id),
        );
        await replaceLinks(tx, user.id, body.selectedroles, body.selecteddeparts);
      });
      return ok(null, '修改成功!');
    },
  });

  const removeUsers = async (caller: AuthContext, ids: string[]) => {
    if (ids.length === 0) throw badRequest('请选择用户');
    if (ids.includes(caller.userId)) throw badRequest('不能删除当前登录用户');
    await inSchool(context.db, caller, async (work) => {
      if ((await work.count(users, inArray(users.id, ids))) !== ids.length) throw notFound('未找到对应实体');
      await assertNotAbove(work.tx, caller, ids);
      if ((await isAdmin(work.tx, ids)) && (await otherAdminCount(work, ids)) === 0) throw badRequest('不能删除最后一个系统管理员');
      await work.remove(users, inArray(users.id, ids));
    });
    for (const id of ids) await sessions.revokeAllOf(id);
  };

  api.delete('/sys/user/delete', { config: { permission: 'user:delete', changesAccess: true } }, async (request) => {
    const { id } = parseInput(z.object({ id: z.string({ error: '缺少用户ID' }).min(1, '缺少用户ID') }), request.query);
    await removeUsers(authOf(request), [id]);
    return ok(null, '删除用户成功');
  });

  api.delete('/sys/user/deleteBatch', { config: { permission: 'user:delete', changesAccess: true } }, async (request) => {
    const { ids } = parseInput(z.object({ ids: idList }), request.query);
    await removeUsers(authOf(request), ids);
    return ok(null, '批量删除用户成功');
  });

  api.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/frozenBatch',
    config: { permission: 'user:freeze' },
    handler: async (request) => {
      const caller = authOf(request);
      const { ids, status } = parseInput(frozenBatchSchema, request.body);
      if (status === 2 && ids.includes(caller.userId)) throw badRequest('不能冻结当前登录用户');
      await inSchool(context.db, caller, async (work) => {
        if ((await work.count(users, inArray(users.id, ids))) !== ids.length) throw notFound('未找到对应实体');
        await assertNotAbove(work.tx, caller, ids);
        if (status === 2 && (await isAdmin(work.tx, ids)) && (await otherAdminCount(work, ids)) === 0) throw badRequest('不能冻结最后一个系统管理员');
        await work.update(users, { status }, inArray(users.id, ids));
      });
      // A frozen user's open sessions end now, not at their next sign-in.
      if (status === 2) for (const id of ids) await sessions.revokeAllOf(id);
      return ok(null, '操作成功!');
    },
  });

  api.get('/sys/user/queryUserRole', { config: { permission: 'system:users' } }, async (request) => {
    const { userid } = parseInput(z.object({ userid: z.string({ error: '缺少用户ID（userid）' }).min(1) }), request.query);
    const work = schoolReads(context.db, authOf(request));
    const user = await userOfSchool(work, userid);
    const rows = await work.tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, user.id));
    if (rows.length === 0) return { ...ok([], '未找到用户相关角色信息'), success: false };
    return ok(
      rows.map((row) => row.roleId),
      '查询成功',
    );
  });

  api.get('/sys/user/userDepartList', { config: { permission: 'system:users' } }, async (request) => {
    const { userId } = parseInput(z.object({ userId: z.string({ error: '缺少用户ID（userId）' }).min(1) }), request.query);
    const work = schoolReads(context.db, authOf(request));
    const user = await userOfSchool(work, userId);
    const [row] = await work.tx.select({ departs: linkColumns.departs }).from(users).where(eq(users.id, user.id));
    const departs = row?.departs ?? [];
    if (departs.length === 0) return { ...ok([], '查找失败'), success: false };
    return ok(
      departs.map((d) => ({ key: d.id, value: d.id, title: d.departName, children: [] })),
      '查询成功',
    );
  });

  api.get('/sys/user/queryUserByDepId', { config: { permission: 'system:users,system:departments' } }, async (request) => {
    const work = schoolReads(context.db, authOf(request));
    const query = parseInput(z.object({ id: z.string({ error: '缺少部门ID（id）' }).min(1, '缺少部门ID（id）'), realname: z.string().optional() }), request.query);
    const rows = await work.tx
      .select({ user: users, ...linkColumns })
      .from(users)
      .innerJoin(userDepartments, eq(userDepartments.userId, users.id))
      .where(and(eq(userDepartments.departId, query.id), work.school(users), query.realname ? ilike(users.realname, contains(query.realname)) : undefined))
      .orderBy(asc(users.username));
    const hidden = hiddenColumnsOf(authOf(request), USER_COLUMN_PREFIX);
    return ok(stripColumns(rows.map(recordOf(await textsOfUsers(request))), hidden), '查询成功');
  });

  // An administrator sets another user's password; that user's sessions end.
  api.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/changePassword',
    config: { permission: 'user:resetPassword' },
    handler: async (request) => {
      const caller = authOf(request);
      const body = parseInput(adminPasswordSchema, request.body);
      const reads = schoolReads(context.db, caller);
      const [user] = await reads.rows(users, eq(users.username, body.username), { limit: 1 });
      if (!user) throw badRequest('用户不存在！');
      await assertNotAbove(reads.tx, caller, [user.id], GRANT_MESSAGES.passwordAbove);
      const passwordHash = await hashPassword(body.password);
      await inSchool(context.db, caller, (work) => work.update(users, { passwordHash, passwordSetBy: work.username }, eq(users.id, user.id)));
      await sessions.revokeAllOf(user.id);
      return ok(null, '密码修改成功!');
    },
  });
}
