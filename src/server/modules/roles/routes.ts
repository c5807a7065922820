import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { roles } from '../../db/schema';
import { schoolReads, unscoped, Work } from '../../db/work';
import { authOf } from '../../http/auth';
import { notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { permissionTree } from '../permissions/tree';
import { schoolDateTime } from '../../http/schoolClock';

type RoleRow = typeof roles.$inferSelect;

const toRecord = (role: RoleRow) => ({
  id: role.id,
  roleName: role.roleName,
  roleCode: role.roleCode,
  description: role.description,
  createTime: schoolDateTime(role.createdAt),
  updateTime: role.updatedAt ? schoolDateTime(role.updatedAt) : null,
});

/** A role of the school, or 404. */
export async function roleOfTenant(work: Work, id: string): Promise<RoleRow>;
/** @deprecated The school's unit of work instead: `roleOfTenant(work, id)`. */
export async function roleOfTenant(db: Executor, tenantId: number, id: string): Promise<RoleRow>;
export async function roleOfTenant(on: Work | Executor, idOrSchool: string | number, id?: string): Promise<RoleRow> {
  // A caller not yet on a unit of work reads through one bound to the school it names.
  const work = on instanceof Work ? on : new Work(on, Number(idOrSchool), '');
  const role = await work.one(roles, on instanceof Work ? String(idOrSchool) : id!);
  if (!role) throw notFound('未找到对应实体');
  return role;
}

async function codeTaken(work: Work, roleCode: string, exceptId?: string): Promise<boolean> {
  return (await work.count(roles, and(eq(roles.roleCode, roleCode), exceptId ? ne(roles.id, exceptId) : undefined))) > 0;
}

/**
 * The role routes beyond the engine's list/add/edit/delete (see `role.ts`): the role picker, the
 * code check of JeecgBoot's form and the permission tree of 授权.
 */
export function roleRoutes(api: FastifyInstance, context: AppContext): void {
  // Role pickers in the user form.
  api.get('/sys/role/queryall', { config: { permission: 'system:users,system:roles' } }, async (request) => {
    const caller = authOf(request);
    const { locale } = caller;
    const work = schoolReads(context.db, caller);
    const rows = await work.tx.select().from(roles).where(work.school(roles)).orderBy(asc(roles.createdAt), asc(roles.id));
    if (rows.length === 0) return { ...ok([], '未找到角色信息'), success: false };
    // The user form's role choices, in the console's language.
    return ok(
      rows.map((row) => toRecord(locale === 'en' && row.roleNameEn ? { ...row, roleName: row.roleNameEn } : row)),
      '查询成功',
    );
  });

  api.get('/sys/role/checkRoleCode', { config: { permission: 'system:roles' } }, async (request) => {
    const query = parseInput(z.object({ roleCode: z.string().default(''), id: z.string().optional() }), request.query);
    if (!query.roleCode.trim()) return ok(true, '该值可用！');
    return (await codeTaken(schoolReads(context.db, authOf(request)), query.roleCode.trim(), query.id)) ? { ...ok(false, '角色编码已存在'), success: false } : ok(true, '该值可用！');
  });

  // The permission tree for assigning permissions to a role (title via the hasDatarule slot in JeecgBoot).
  api.get('/sys/role/queryTreeList', { config: { permission: 'role:authorize,depart:authorize' } }, async () => {
    const { treeList, ids } = await permissionTree(unscoped(context.db, 'roles: granting shows the whole menu every school shares'), (row, children) => ({
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
