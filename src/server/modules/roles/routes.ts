import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ilike, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { PageResult } from '@shared/envelope';
import { idList, roleAddSchema, roleEditSchema } from '@shared/schemas/system';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { pageTotal } from '../../db/paging';
import { roles } from '../../db/schema';
import { authOf } from '../../http/auth';
import { badRequest, forbidden, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { permissionTree } from '../permissions/tree';
import { ADMIN_ROLE_CODE, GRANT_MESSAGES } from '../auth/grants';
import { containing } from '../../db/like';

type RoleRow = typeof roles.$inferSelect;

const toRecord = (role: RoleRow) => ({
  id: role.id,
  roleName: role.roleName,
  roleCode: role.roleCode,
  description: role.description,
  createTime: role.createdAt.toISOString(),
  updateTime: role.updatedAt?.toISOString() ?? null,
});

const listQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  column: z.enum(['createTime', 'roleName', 'roleCode']).catch('createTime'),
  order: z.enum(['asc', 'desc']).catch('desc'),
  roleName: z.string().max(64).optional(),
});
const SORT_COLUMNS = { createTime: roles.createdAt, roleName: roles.roleName, roleCode: roles.roleCode } as const;

/** A role of the caller's tenant, or 404. */
export async function roleOfTenant(db: Executor, tenantId: number, id: string): Promise<RoleRow> {
  const [role] = await db.select().from(roles).where(and(eq(roles.id, id), eq(roles.tenantId, tenantId)));
  if (!role) throw notFound('未找到对应实体');
  return role;
}

async function codeTaken(db: Executor, tenantId: number, roleCode: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.roleCode, roleCode), exceptId ? ne(roles.id, exceptId) : undefined));
  return Boolean(row);
}

export function roleRoutes(api: FastifyInstance, { db }: AppContext): void {
  api.get('/sys/role/list', { config: { permission: 'system:roles' } }, async (request) => {
    const { tenantId } = authOf(request);
    const query = parseInput(listQuery, request.query);
    const name = query.roleName?.replace(/^\*|\*$/g, '');
    const where = and(eq(roles.tenantId, tenantId), name ? ilike(roles.roleName, containing(name)) : undefined);
    const sort = SORT_COLUMNS[query.column];
    const rows = await db
      .select()
      .from(roles)
      .where(where)
      .orderBy(query.order === 'asc' ? asc(sort) : desc(sort), asc(roles.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize);
    const { total } = await pageTotal(db, roles, where);
    const page: PageResult<ReturnType<typeof toRecord>> = { records: rows.map(toRecord), total, size: query.pageSize, current: query.pageNo, pages: Math.ceil(total / query.pageSize) };
    return ok(page, '查询成功');
  });

  // Role pickers in the user form.
  api.get('/sys/role/queryall', { config: { permission: 'system:users,system:roles' } }, async (request) => {
    const { tenantId } = authOf(request);
    const rows = await db.select().from(roles).where(eq(roles.tenantId, tenantId)).orderBy(asc(roles.createdAt), asc(roles.id));
    if (rows.length === 0) return { ...ok([], '未找到角色信息'), success: false };
    return ok(rows.map(toRecord), '查询成功');
  });

  api.get('/sys/role/checkRoleCode', { config: { permission: 'system:roles' } }, async (request) => {
    const { tenantId } = authOf(request);
    const query = parseInput(z.object({ roleCode: z.string().default(''), id: z.string().optional() }), request.query);
    if (!query.roleCode.trim()) return ok(true, '该值可用！');
    return (await codeTaken(db, tenantId, query.roleCode.trim(), query.id)) ? { ...ok(false, '角色编码已存在'), success: false } : ok(true, '该值可用！');
  });

  api.post('/sys/role/add', { config: { permission: 'role:add' } }, async (request) => {
    const { tenantId, isAdmin } = authOf(request);
    const body = parseInput(roleAddSchema, request.body);
    if (body.roleCode === ADMIN_ROLE_CODE && !isAdmin) throw forbidden(GRANT_MESSAGES.adminRoleOnly);
    const id = newId();
    await db.transaction(async (tx) => {
      if (await codeTaken(tx, tenantId, body.roleCode)) throw badRequest('角色编码已存在');
      await tx.insert(roles).values({ id, tenantId, ...body });
    });
    return ok({ id }, '添加成功！');
  });

  api.route({
    method: ['PUT', 'POST'],
    url: '/sys/role/edit',
    config: { permission: 'role:edit' },
    handler: async (request) => {
      const { tenantId, isAdmin } = authOf(request);
      const body = parseInput(roleEditSchema, request.body);
      if (body.roleCode === ADMIN_ROLE_CODE && !isAdmin) throw forbidden(GRANT_MESSAGES.adminRoleOnly);
      await db.transaction(async (tx) => {
        const role = await roleOfTenant(tx, tenantId, body.id);
        if (role.roleCode === ADMIN_ROLE_CODE && body.roleCode !== ADMIN_ROLE_CODE) throw badRequest('系统管理员角色的编码不能修改');
        if (await codeTaken(tx, tenantId, body.roleCode, role.id)) throw badRequest('角色编码已存在');
        await tx.update(roles).set({ roleName: body.roleName, roleCode: body.roleCode, description: body.description, updatedAt: new Date() }).where(eq(roles.id, role.id));
      });
      return ok(null, '修改成功!');
    },
  });

  const removeRoles = async (tenantId: number, ids: string[]) => {
    if (ids.length === 0) throw badRequest('请选择角色');
    await db.transaction(async (tx) => {
      const found = await tx.select().from(roles).where(and(eq(roles.tenantId, tenantId), inArray(roles.id, ids)));
      if (found.length !== ids.length) throw notFound('未找到对应实体');
      if (found.some((role) => role.roleCode === ADMIN_ROLE_CODE)) throw badRequest('系统管理员角色不能删除');
      // Grants and user links go with the role (foreign keys cascade).
      await tx.delete(roles).where(inArray(roles.id, ids));
    });
  };

  api.delete('/sys/role/delete', { config: { permission: 'role:delete', changesAccess: true } }, async (request) => {
    const { tenantId } = authOf(request);
    const { id } = parseInput(z.object({ id: z.string({ error: '缺少角色ID' }).min(1, '缺少角色ID') }), request.query);
    await removeRoles(tenantId, [id]);
    return ok(null, '删除角色成功');
  });

  api.delete('/sys/role/deleteBatch', { config: { permission: 'role:delete', changesAccess: true } }, async (request) => {
    const { tenantId } = authOf(request);
    const { ids } = parseInput(z.object({ ids: idList }), request.query);
    await removeRoles(tenantId, ids);
    return ok(null, '批量删除角色成功');
  });

  // The permission tree for assigning permissions to a role (title via the hasDatarule slot in JeecgBoot).
  api.get('/sys/role/queryTreeList', { config: { permission: 'role:authorize,depart:authorize' } }, async () => {
    const { treeList, ids } = await permissionTree(db, (row, children) => ({
      key: row.id,
      value: row.id,
      parentId: row.parentId ?? '',
      slotTitle: row.name,
      title: row.name,
      menuType: row.menuType,
      perms: row.perms,
      ruleFlag: row.ruleFlag,
      isLeaf: children === null,
      children,
      scopedSlots: { title: 'hasDatarule' },
    }));
    return ok({ treeList, ids }, '查询成功');
  });

}
