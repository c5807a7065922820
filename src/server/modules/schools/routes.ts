import { seedTemplates } from '../messages/seed';
import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, ilike, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PageResult } from '@shared/envelope';
import { schoolAddSchema, schoolEditSchema, schoolIdSchema } from '@shared/schemas/school';
import { menuCodeForPath, splitActions } from '@shared/permissions';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { alive, unscoped } from '../../db/work';
import { containing } from '../../db/like';
import { departments, memberDepartments, permissions, rolePermissions, roles, tenants, userDepartments, userRoles, users } from '../../db/schema';
import { authOf, PLATFORM_TENANT, platformOnlyCodes } from '../../http/auth';
import { badRequest, notFound, ok } from '../../http/envelope';
import { schoolDateTime } from '../../http/schoolClock';
import { parseInput } from '../../http/validate';
import { hashPassword } from '../auth/passwords';
import { ADMIN_ROLE_CODE, covers } from '../auth/grants';
import { forgetSchoolSettings } from './settings';
import { school } from '@shared/entities/system/school';
import { registerFlowActions } from '../../crud/flowActions';
import { schoolActions } from './school.actions';

export const SCHOOLS_SCREEN = '/system/schools';
const LIST_CODE = menuCodeForPath(SCHOOLS_SCREEN);

const listQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  column: z.enum(['id', 'name', 'status', 'createTime']).catch('id'),
  order: z.enum(['asc', 'desc']).catch('asc'),
  name: z.string().max(100).optional(),
  status: z.enum(['0', '1']).optional().catch(undefined),
});
const SORT_COLUMNS = { id: tenants.id, name: tenants.name, status: tenants.status, createTime: tenants.createdAt } as const;
const idOnly = z.object({ id: schoolIdSchema });

/** Users of the school (its administrators included): one query with the school (the platform's list of every school, so its school by hand). */
// Named in full: a one-table select leaves its own columns unqualified, which the subquery's `u` would shadow.
const userCount = sql<number>`(select count(*)::int from ${users} u where u.tenant_id = "tenants"."id" and u.del_flag = 0)`;

type SchoolRow = typeof tenants.$inferSelect;

/** A school as JeecgBoot's tenant list shows it (id, name, status, dates, creator), with its footer lines. */
function toRecord(school: SchoolRow, users: number) {
  return {
    id: school.id,
    name: school.name,
    status: school.status,
    status_dictText: school.status === 1 ? '正常' : '冻结',
    beginDate: null,
    endDate: null,
    icp: school.icp,
    copyright: school.copyright,
    timeZone: school.timeZone,
    offlineDays: school.offlineDays,
    recordRangeDays: school.recordRangeDays,
    checkerWaitDays: school.checkerWaitDays,
    mealRefundStart: school.mealRefundStart,
    mealRefundMinDays: school.mealRefundMinDays,
    userCount: users,
    createBy: school.createBy,
    createTime: school.createdAt.toISOString(),
    updateBy: school.updateBy,
    updateTime: school.updatedAt?.toISOString() ?? null,
  };
}
export type SchoolRecord = ReturnType<typeof toRecord>;

async function schoolOf(db: Executor, id: number): Promise<SchoolRow> {
  const [school] = await db.select().from(tenants).where(eq(tenants.id, id));
  if (!school) throw notFound('学校不存在');
  return school;
}

/**
 * 学校管理 (JeecgBoot's /sys/tenant), for the platform's own administrators only: the schools of
 * this installation. A new school comes with its 系统管理员 role, holding every permission the
 * creator may give that is not the platform's own, its first administrator, and the roots of its
 * department and member trees, all in one transaction. Freezing a school ends its sessions, and
 * sign-in refuses its users until it is unfrozen.
 */
export function schoolRoutes(api: FastifyInstance, context: AppContext): void {
  // The platform's own screen: every school, and a new school's first rows before it has a unit of work.
  const db = unscoped(context.db, 'schools: the platform’s school screen lists, creates and edits every school');
  const read = { permission: LIST_CODE, platform: true } as const;

  api.get('/sys/tenant/list', { config: read }, async (request) => {
    const query = parseInput(listQuery, request.query);
    const name = query.name?.replace(/^\*|\*$/g, '').trim();
    const where = and(name ? ilike(tenants.name, containing(name)) : undefined, query.status ? eq(tenants.status, Number(query.status)) : undefined);
    const order = query.order === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select({ school: tenants, users: userCount })
        .from(tenants)
        .where(where)
        .orderBy(order(SORT_COLUMNS[query.column]), asc(tenants.id))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      db.select({ n: count() }).from(tenants).where(where),
    ]);
    const n = total?.n ?? 0;
    const page: PageResult<SchoolRecord> = {
      records: rows.map((row) => toRecord(row.school, row.users)),
      total: n,
      size: query.pageSize,
      current: query.pageNo,
      pages: Math.ceil(n / query.pageSize),
    };
    return ok(page);
  });

  // JeecgBoot's user form lists the schools a user may be given (租户分配): the active ones the
  // caller may see — every school for the platform, its own for a school.
  api.get('/sys/tenant/queryList', { config: { permission: 'system:users' } }, async (request) => {
    const caller = authOf(request);
    const rows = await db
      .select()
      .from(tenants)
      .where(and(eq(tenants.status, 1), caller.tenantId === PLATFORM_TENANT ? undefined : eq(tenants.id, caller.tenantId)))
      .orderBy(asc(tenants.id));
    const list = rows.map((school) => ({
      id: school.id,
      name: school.name,
      status: school.status,
      createBy: school.createBy ?? null,
      createTime: schoolDateTime(school.createdAt),
      beginDate: null,
      endDate: null,
    }));
    return { ...ok(list), code: 0 };
  });

  api.get('/sys/tenant/queryById', { config: read }, async (request) => {
    const { id } = parseInput(idOnly, request.query);
    const [row] = await db.select({ school: tenants, users: userCount }).from(tenants).where(eq(tenants.id, id));
    if (!row) throw notFound('学校不存在');
    return ok(toRecord(row.school, row.users));
  });

  api.post('/sys/tenant/add', { config: { permission: 'tenant:add', platform: true } }, async (request) => {
    const caller = authOf(request);
    const body = parseInput(schoolAddSchema, request.body);
    const passwordHash = await hashPassword(body.adminPassword);
    const id = await db.transaction(async (tx) => {
      // Numbers are handed out one at a time: two schools created at once do not take the same.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tenants:add'))`);
      let schoolId = body.id;
      if (schoolId !== undefined) {
        const [taken] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, schoolId));
        if (taken) throw badRequest('学校编号已存在');
      } else {
        const [last] = await tx.select({ id: max(tenants.id) }).from(tenants);
        schoolId = (last?.id ?? 0) + 1;
      }
      const [takenName] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, body.name));
      if (takenName) throw badRequest('学校名称已存在');
      const [takenUser] = await tx.select({ id: users.id }).from(users).where(eq(users.username, body.adminUsername));
      if (takenUser) throw badRequest('用户账号已存在');

      await tx.insert(tenants).values({
        id: schoolId,
        name: body.name,
        icp: body.icp ?? null,
        copyright: body.copyright ?? null,
        ...(body.timeZone ? { timeZone: body.timeZone } : {}),
        ...(body.offlineDays ? { offlineDays: body.offlineDays } : {}),
        ...(body.recordRangeDays ? { recordRangeDays: body.recordRangeDays } : {}),
        createBy: caller.username,
      });

      // What the school's administrators hold: all the creator may give, less the platform's own.
      const menu = await tx.select({ id: permissions.id, perms: permissions.perms }).from(permissions).where(alive(permissions));
      const platformOnly = (perms: string | null) => splitActions(perms).length > 0 && splitActions(perms).every((code) => platformOnlyCodes.has(code));
      const given = menu.filter((row) => !platformOnly(row.perms) && covers(caller, [row.id]));
      const roleId = newId();
      await tx
        .insert(roles)
        .values({ id: roleId, tenantId: schoolId, roleCode: ADMIN_ROLE_CODE, roleName: '系统管理员', roleNameEn: 'System administrator', description: '拥有本校全部权限', createBy: caller.username });
      if (given.length) await tx.insert(rolePermissions).values(given.map((row) => ({ roleId, permissionId: row.id })));

      const rootDepart = { id: newId(), tenantId: schoolId, parentId: null, departName: body.name, orgCode: 'A01', orgCategory: '1', orgType: '1', departOrder: 0, createBy: caller.username };
      await tx.insert(departments).values(rootDepart);
      await tx.insert(memberDepartments).values({ id: newId(), tenantId: schoolId, parentId: null, name: body.name, level: 1, sortNo: 1 });

      const userId = newId();
      await tx.insert(users).values({
        id: userId,
        tenantId: schoolId,
        username: body.adminUsername,
        realname: body.adminRealname,
        nickname: body.adminRealname,
        passwordHash,
        passwordSetBy: caller.username,
        phone: body.adminPhone ?? null,
        orgCode: rootDepart.orgCode,
        createBy: caller.username,
      });
      await tx.insert(userRoles).values({ userId, roleId });
      await tx.insert(userDepartments).values({ userId, departId: rootDepart.id });
      await seedTemplates(tx, schoolId, caller.username);
      return schoolId;
    });
    return ok({ id }, '添加成功！');
  });

  api.route({
    method: ['PUT', 'POST'],
    url: '/sys/tenant/edit',
    config: { permission: 'tenant:edit', platform: true },
    handler: async (request) => {
      const caller = authOf(request);
      const body = parseInput(schoolEditSchema, request.body);
      await db.transaction(async (tx) => {
        await schoolOf(tx, body.id);
        const [takenName] = await tx
          .select({ id: tenants.id })
          .from(tenants)
          .where(and(eq(tenants.name, body.name), sql`${tenants.id} <> ${body.id}`));
        if (takenName) throw badRequest('学校名称已存在');
        await tx
          .update(tenants)
          .set({
            name: body.name,
            ...(body.icp !== undefined ? { icp: body.icp } : {}),
            ...(body.copyright !== undefined ? { copyright: body.copyright } : {}),
            ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
            ...(body.offlineDays !== undefined ? { offlineDays: body.offlineDays } : {}),
            ...(body.recordRangeDays !== undefined ? { recordRangeDays: body.recordRangeDays } : {}),
            ...(body.checkerWaitDays !== undefined ? { checkerWaitDays: body.checkerWaitDays } : {}),
            ...(body.mealRefundStart !== undefined ? { mealRefundStart: body.mealRefundStart } : {}),
            ...(body.mealRefundMinDays !== undefined ? { mealRefundMinDays: body.mealRefundMinDays } : {}),
            updateBy: caller.username,
            updatedAt: new Date(),
          })
          .where(eq(tenants.id, body.id));
      });
      forgetSchoolSettings(body.id);
      return ok(null, '修改成功!');
    },
  });

  // 冻结 and 解冻 are the flow's (school.ts), on the family's paths.
  registerFlowActions(api, context, school, {
    table: tenants,
    live: () => undefined,
    touched: (caller) => ({ updateBy: caller.username, updatedAt: new Date() }),
    writes: (permission) => ({ permission, platform: true }),
    changed: async () => undefined,
    effects: schoolActions,
  });
}
