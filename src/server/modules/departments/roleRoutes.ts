import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { grantDiffSchema, idList, roleAddSchema } from '@shared/schemas/system';
import { buildTree } from '@shared/tree';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { departmentPermissions, departmentRolePermissions, departmentRoles, departmentRoleUsers, permissions, userDepartments, users } from '../../db/schema';
import { alive, inSchool, schoolReads, type Work } from '../../db/work';
import { assertMayGiveDepartmentRoles, assertMayGrantPermissions, assertNotAbove } from '../auth/grants';
import { authOf } from '../../http/auth';
import { badRequest, notFound, ok, referenced } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { grantDiff } from '../permissions/adminRoutes';
import { departOfTenant } from './queries';

/** Department roles are managed by whoever assigns department permissions. */
const MANAGE = 'depart:authorize';

async function departRoleOfSchool(work: Work, id: string) {
  const role = await work.one(departmentRoles, id);
  if (!role) throw notFound('未找到对应实体');
  return role;
}

/** The permission ids a department holds: the ceiling for its roles. */
async function departPermissionIds(db: Executor, departId: string): Promise<Set<string>> {
  const rows = await db.select({ id: departmentPermissions.permissionId }).from(departmentPermissions).where(eq(departmentPermissions.departId, departId));
  return new Set(rows.map((row) => row.id));
}

export function departmentRoleRoutes(api: FastifyInstance, context: AppContext): void {
  api.get('/sys/sysDepartRole/list', { config: { permission: MANAGE } }, async (request) => {
    const work = schoolReads(context.db, authOf(request));
    const { deptId } = parseInput(z.object({ deptId: z.string({ error: '缺少部门ID（deptId）' }).min(1) }), request.query);
    const depart = await departOfTenant(work, deptId);
    const rows = await work.rows(departmentRoles, eq(departmentRoles.departId, depart.id), { orderBy: asc(departmentRoles.createdAt) });
    const records = rows.map((row) => ({ id: row.id, departId: row.departId, roleName: row.roleName, roleCode: row.roleCode, description: row.description, createTime: row.createdAt.toISOString() }));
    return ok({ records, total: records.length, size: records.length, current: 1, pages: 1 }, '查询成功');
  });

  api.post('/sys/sysDepartRole/add', { config: { permission: MANAGE } }, async (request) => {
    const body = parseInput(roleAddSchema.extend({ departId: z.string({ error: '缺少部门ID（departId）' }).min(1, '缺少部门ID（departId）') }), request.body);
    const id = newId();
    await inSchool(context.db, authOf(request), async (work) => {
      const depart = await referenced(departOfTenant(work, body.departId), '部门不存在（departId）');
      const [taken] = await work.tx
        .select({ id: departmentRoles.id })
        .from(departmentRoles)
        .where(and(eq(departmentRoles.departId, depart.id), eq(departmentRoles.roleCode, body.roleCode)));
      if (taken) throw badRequest('角色编码已存在');
      await work.insert(departmentRoles, { id, departId: depart.id, roleName: body.roleName, roleCode: body.roleCode, description: body.description });
    });
    return ok({ id }, '添加成功！');
  });

  api.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepartRole/edit',
    config: { permission: MANAGE },
    handler: async (request) => {
      const body = parseInput(roleAddSchema.extend({ id: z.string({ error: '缺少角色ID' }).min(1) }), request.body);
      await inSchool(context.db, authOf(request), async (work) => {
        const role = await departRoleOfSchool(work, body.id);
        const [taken] = await work.tx
          .select({ id: departmentRoles.id })
          .from(departmentRoles)
          .where(and(eq(departmentRoles.departId, role.departId), eq(departmentRoles.roleCode, body.roleCode), ne(departmentRoles.id, role.id)));
        if (taken) throw badRequest('角色编码已存在');
        await work.update(departmentRoles, { roleName: body.roleName, roleCode: body.roleCode, description: body.description }, eq(departmentRoles.id, role.id));
      });
      return ok(null, '修改成功!');
    },
  });

  api.delete('/sys/sysDepartRole/delete', { config: { permission: MANAGE, changesAccess: true } }, async (request) => {
    const { id } = parseInput(z.object({ id: z.string({ error: '缺少角色ID' }).min(1) }), request.query);
    await inSchool(context.db, authOf(request), async (work) => {
      const role = await departRoleOfSchool(work, id);
      await work.remove(departmentRoles, eq(departmentRoles.id, role.id));
    });
    return ok(null, '删除成功!');
  });

  // Which department roles a user holds in a department, and the change as a diff.
  api.get('/sys/sysDepartRole/getDeptRoleByUserId', { config: { permission: MANAGE } }, async (request) => {
    const work = schoolReads(context.db, authOf(request));
    const query = parseInput(z.object({ userId: z.string().min(1), departId: z.string().min(1) }), request.query);
    const depart = await departOfTenant(work, query.departId);
    const rows = await work.tx
      .select({ roleId: departmentRoleUsers.roleId })
      .from(departmentRoleUsers)
      .innerJoin(departmentRoles, eq(departmentRoles.id, departmentRoleUsers.roleId))
      .where(and(eq(departmentRoleUsers.userId, query.userId), eq(departmentRoles.departId, depart.id)));
    return ok(
      rows.map((row) => row.roleId),
      '查询成功',
    );
  });

  api.post('/sys/sysDepartRole/deptRoleUserAdd', { config: { permission: MANAGE, changesAccess: true } }, async (request) => {
    const caller = authOf(request);
    const body = parseInput(z.object({ userId: z.string({ error: '缺少用户ID（userId）' }).min(1), newRoleId: idList, oldRoleId: idList }), request.body);
    const { add, remove } = grantDiff({ permissionIds: body.newRoleId, lastpermissionIds: body.oldRoleId });
    await inSchool(context.db, caller, async (work) => {
      const { tx } = work;
      const target = await work.one(users, body.userId);
      if (!target) throw badRequest('用户不存在（userId）');
      await assertNotAbove(tx, caller, [target.id]);
      await assertMayGiveDepartmentRoles(tx, caller, add);
      const touched = [...add, ...remove];
      const found = touched.length ? await work.rows(departmentRoles, inArray(departmentRoles.id, touched)) : [];
      if (found.length !== touched.length) throw badRequest('所选部门角色不存在（newRoleId）');
      // A department role only goes to members of its department.
      const memberOf = new Set((await tx.select({ departId: userDepartments.departId }).from(userDepartments).where(eq(userDepartments.userId, body.userId))).map((row) => row.departId));
      if (found.some((role) => add.includes(role.id) && !memberOf.has(role.departId))) throw badRequest('该用户不属于此部门，不能授予部门角色');
      if (add.length)
        await tx
          .insert(departmentRoleUsers)
          .values(add.map((roleId) => ({ userId: body.userId, roleId })))
          .onConflictDoNothing();
      if (remove.length) await tx.delete(departmentRoleUsers).where(and(eq(departmentRoleUsers.userId, body.userId), inArray(departmentRoleUsers.roleId, remove)));
    });
    return ok(null, '添加成功!');
  });

  // The tree a department role may be granted from: only the department's own permissions.
  api.get('/sys/sysDepartPermission/queryTreeListForDeptRole', { config: { permission: MANAGE } }, async (request) => {
    const { departId } = parseInput(z.object({ departId: z.string({ error: '缺少部门ID（departId）' }).min(1) }), request.query);
    const work = schoolReads(context.db, authOf(request));
    const depart = await departOfTenant(work, departId);
    const allowed = await departPermissionIds(work.tx, depart.id);
    const rows = allowed.size
      ? await work.tx
          .select()
          .from(permissions)
          .where(and(inArray(permissions.id, [...allowed]), alive(permissions)))
          .orderBy(asc(permissions.sortNo))
      : [];
    const treeList = buildTree(rows, (row, children) => ({
      key: row.id,
      value: row.id,
      title: row.name,
      slotTitle: row.name,
      parentId: row.parentId ?? '',
      menuType: row.menuType,
      isLeaf: children === null,
      children,
    }));
    return ok({ treeList, ids: rows.map((row) => row.id) }, '查询成功');
  });

  api.get('/sys/sysDepartPermission/queryDeptRolePermission', { config: { permission: MANAGE } }, async (request) => {
    const { roleId } = parseInput(z.object({ roleId: z.string({ error: '缺少角色ID（roleId）' }).min(1) }), request.query);
    const work = schoolReads(context.db, authOf(request));
    const role = await departRoleOfSchool(work, roleId);
    const rows = await work.tx.select({ id: departmentRolePermissions.permissionId }).from(departmentRolePermissions).where(eq(departmentRolePermissions.roleId, role.id));
    return ok(
      rows.map((row) => row.id),
      '查询成功',
    );
  });

  api.post('/sys/sysDepartPermission/saveDeptRolePermission', { config: { permission: MANAGE, changesAccess: true } }, async (request) => {
    const caller = authOf(request);
    const body = parseInput(grantDiffSchema.extend({ roleId: z.string({ error: '缺少角色ID（roleId）' }).min(1, '缺少角色ID（roleId）') }), request.body);
    const { add, remove } = grantDiff(body);
    await inSchool(context.db, caller, async (work) => {
      const { tx } = work;
      const role = await referenced(departRoleOfSchool(work, body.roleId), '部门角色不存在（roleId）');
      assertMayGrantPermissions(caller, [...add, ...remove]);
      const allowed = await departPermissionIds(tx, role.departId);
      if (add.some((id) => !allowed.has(id))) throw badRequest('所选权限超出了部门的权限范围（permissionIds）');
      if (add.length)
        await tx
          .insert(departmentRolePermissions)
          .values(add.map((permissionId) => ({ roleId: role.id, permissionId })))
          .onConflictDoNothing();
      if (remove.length) await tx.delete(departmentRolePermissions).where(and(eq(departmentRolePermissions.roleId, role.id), inArray(departmentRolePermissions.permissionId, remove)));
    });
    return ok({ added: add.length, removed: remove.length }, '保存成功！');
  });
}
