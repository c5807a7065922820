import type { FastifyInstance } from 'fastify';
import { containing } from '../../db/like';
import { and, asc, desc, eq, ilike, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { dataRuleSchema, grantDiffSchema, idList, permissionFormSchema, type PermissionForm } from '@shared/schemas/system';
import { descendantIds } from '@shared/tree';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { alive, inSchool, schoolReads, unscoped } from '../../db/work';
import { departmentPermissions, permissionDataRules, permissions, rolePermissions } from '../../db/schema';
import { authOf, type AuthContext } from '../../http/auth';
import { splitActions } from '@shared/permissions';
import { badRequest, forbidden, notFound, ok, referenced } from '../../http/envelope';
import { ADMIN_ROLE_CODE, assertMayGrantPermissions, GRANT_MESSAGES } from '../auth/grants';
import { parseInput } from '../../http/validate';
import { departOfTenant } from '../departments/queries';
import { roleOfTenant } from '../roles/routes';
import { allPermissionRows, permissionTree, type PermissionRow } from './tree';
import { ruleRecord } from './dataRuleRecord';

const MANAGE = 'system:permissions';
const ASSIGN = 'role:authorize,depart:authorize';

/** A node of the menu management tree: the row plus JeecgBoot's tree keys (both leaf and isLeaf). */
const managementNode = (row: PermissionRow, children: unknown[] | null) => ({
  ...row,
  route: row.isRoute,
  key: row.id,
  title: row.name,
  leaf: children === null,
  isLeaf: children === null,
  children,
});

/** The node of assignment trees (checkbox trees): `key`, `value`, `title`. */
const assignmentNode = (row: PermissionRow, children: unknown[] | null) => ({
  key: row.id,
  value: row.id,
  title: row.name,
  slotTitle: row.name,
  label: row.name,
  icon: row.icon,
  parentId: row.parentId ?? '',
  menuType: row.menuType,
  perms: row.perms,
  isLeaf: children === null,
  children,
  ruleFlag: null,
  scopedSlots: null,
});

/** The component path as stored: no leading `/`, `views/`, `src/views/` or `.vue` (JeecgBoot's trim). */
export function normaliseComponent(component: string | null): string | null {
  if (!component) return null;
  return (
    component
      .replace(/^\/+/, '')
      .replace(/^src\/views\//, '')
      .replace(/^views\//, '')
      .replace(/\.vue$/, '') || null
  );
}

/** The url as stored: relative urls get a leading `/`; external ones are kept. */
export function normaliseUrl(url: string | null): string | null {
  if (!url) return null;
  return /^(https?:\/\/|\{\{|\/)/.test(url) ? url : `/${url}`;
}

function rowValues(body: PermissionForm) {
  return {
    name: body.name,
    nameEn: body.nameEn,
    parentId: body.menuType === 0 ? null : body.parentId,
    url: normaliseUrl(body.url),
    component: normaliseComponent(body.component) ?? (body.menuType === 0 ? 'layouts/RouteView' : null),
    componentName: body.componentName,
    redirect: body.redirect,
    perms: body.perms,
    permsType: body.permsType,
    icon: body.icon,
    sortNo: body.sortNo,
    menuType: body.menuType,
    isRoute: body.route,
    hidden: body.hidden,
    keepAlive: body.keepAlive,
    alwaysShow: body.alwaysShow,
    internalOrExternal: body.internalOrExternal,
    status: body.status,
    description: body.description,
  };
}

/** Keeps every parent's leaf flag right after a move, add or delete. */
async function refreshLeafFlags(db: Executor, parentIds: (string | null)[]) {
  for (const parentId of new Set(parentIds)) {
    if (!parentId) continue;
    const [child] = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(eq(permissions.parentId, parentId), alive(permissions)))
      .limit(1);
    await db.update(permissions).set({ isLeaf: !child }).where(eq(permissions.id, parentId));
  }
}

async function livePermission(db: Executor, id: string): Promise<PermissionRow> {
  const [row] = await db
    .select()
    .from(permissions)
    .where(and(eq(permissions.id, id), alive(permissions)));
  if (!row) throw notFound('未找到对应实体');
  return row;
}

/** The parent must exist and be a menu (buttons have no children). */
async function checkParent(db: Executor, parentId: string | null) {
  if (!parentId) return;
  const [parent] = await db
    .select()
    .from(permissions)
    .where(and(eq(permissions.id, parentId), alive(permissions)));
  if (!parent) throw badRequest('上级菜单不存在（parentId）');
  if (parent.menuType === 2) throw badRequest('按钮下不能再添加菜单或按钮（parentId）');
}

/** Ids a grant may name: live permission rows. */
async function checkPermissionIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(and(inArray(permissions.id, ids), alive(permissions)));
  if (found.length !== ids.length) throw badRequest('所选权限不存在（permissionIds）');
}

/**
 * Applies an assignment as JeecgBoot does: add what is in `permissionIds` but not in
 * `lastpermissionIds`, remove the reverse — a diff against what the client loaded, so two
 * administrators editing different parts of one role do not overwrite each other.
 */
export function grantDiff(body: z.infer<typeof grantDiffSchema>): { add: string[]; remove: string[] } {
  const next = new Set(body.permissionIds);
  const last = new Set(body.lastpermissionIds);
  return { add: [...next].filter((id) => !last.has(id)), remove: [...last].filter((id) => !next.has(id)) };
}

/**
 * A menu or button's code is what its holders may do: whoever edits it may write there only codes
 * they hold themselves, or one edit of a granted row would hand out any power (the codes it had
 * already may stay).
 */
function assertMayNameCodes(caller: AuthContext, perms: string | null, before: string | null) {
  if (caller.isAdmin) return;
  const kept = new Set(splitActions(before));
  if (splitActions(perms).some((code) => !kept.has(code) && !caller.codes.has(code))) throw forbidden(GRANT_MESSAGES.codesBeyond);
}

export function permissionAdminRoutes(api: FastifyInstance, context: AppContext): void {
  // 菜单管理 and its data rules: the product's menu every school shares, and each school's published forms in it.
  const catalogue = unscoped(context.db, 'permissions: the menu screen reads and edits the menu and data rules every school shares');
  api.get('/sys/permission/list', { config: { permission: MANAGE } }, async () => {
    const { treeList } = await permissionTree(catalogue, managementNode);
    return { ...ok(treeList, '查询成功'), code: 0 };
  });

  // A school grants the product's screens and its own (its published online forms), never another school's.
  api.get('/sys/permission/queryTreeList', { config: { permission: `${MANAGE},${ASSIGN}` } }, async (request) => {
    const work = schoolReads(context.db, authOf(request));
    const result = await permissionTree(work.tx, assignmentNode, work.tenantId);
    return ok(result, '查询成功');
  });

  // Lazy loading for the menu screen: top level first, children on expand.
  api.get('/sys/permission/getSystemMenuList', { config: { permission: MANAGE } }, async () => {
    const rows = await catalogue
      .select()
      .from(permissions)
      .where(and(alive(permissions), isNull(permissions.parentId)))
      .orderBy(asc(permissions.sortNo));
    return ok(
      rows.map((row) => managementNode(row, row.isLeaf ? null : [])),
      '查询成功',
    );
  });

  api.get('/sys/permission/getSystemSubmenu', { config: { permission: MANAGE } }, async (request) => {
    const { parentId } = parseInput(z.object({ parentId: z.string({ error: '缺少上级菜单ID（parentId）' }).min(1) }), request.query);
    const rows = await catalogue
      .select()
      .from(permissions)
      .where(and(alive(permissions), eq(permissions.parentId, parentId)))
      .orderBy(asc(permissions.sortNo));
    return ok(
      rows.map((row) => managementNode(row, row.isLeaf ? null : [])),
      '查询成功',
    );
  });

  api.get('/sys/permission/getSystemSubmenuBatch', { config: { permission: MANAGE } }, async (request) => {
    const { parentIds } = parseInput(z.object({ parentIds: idList }), request.query);
    const rows = parentIds.length
      ? await catalogue
          .select()
          .from(permissions)
          .where(and(alive(permissions), inArray(permissions.parentId, parentIds)))
          .orderBy(asc(permissions.sortNo))
      : [];
    const result: Record<string, unknown[]> = Object.fromEntries(parentIds.map((id) => [id, []]));
    for (const row of rows) result[row.parentId!]!.push(managementNode(row, row.isLeaf ? null : []));
    return ok(result, '查询成功');
  });

  api.post('/sys/permission/add', { config: { permission: 'permission:add', platform: true, changesAccess: true } }, async (request) => {
    const body = parseInput(permissionFormSchema, request.body);
    assertMayNameCodes(authOf(request), body.perms, null);
    const id = newId();
    await catalogue.transaction(async (tx) => {
      const values = rowValues(body);
      await checkParent(tx, values.parentId);
      await tx.insert(permissions).values({ id, ...values });
      await refreshLeafFlags(tx, [values.parentId]);
    });
    return ok({ id }, '添加成功！');
  });

  api.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/edit',
    config: { permission: 'permission:edit', platform: true, changesAccess: true },
    handler: async (request) => {
      const body = parseInput(permissionFormSchema.and(z.object({ id: z.string({ error: '缺少菜单ID' }).min(1, '缺少菜单ID') })), request.body);
      await catalogue.transaction(async (tx) => {
        const current = await livePermission(tx, body.id);
        assertMayNameCodes(authOf(request), body.perms, current.perms);
        const values = rowValues(body);
        if (values.parentId) {
          const below = descendantIds(current.id, await allPermissionRows(tx));
          if (below.has(values.parentId)) throw badRequest('不能把菜单移动到它自己或它的下级菜单之下');
        }
        await checkParent(tx, values.parentId);
        await tx
          .update(permissions)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(permissions.id, current.id));
        await refreshLeafFlags(tx, [current.parentId, values.parentId, current.id]);
      });
      return ok(null, '修改成功!');
    },
  });

  const removePermissions = async (ids: string[]) => {
    if (ids.length === 0) throw badRequest('请选择菜单');
    await catalogue.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(permissions)
        .where(and(inArray(permissions.id, ids), alive(permissions)));
      if (rows.length !== ids.length) throw notFound('未找到对应实体');
      const children = await tx
        .select({ id: permissions.id })
        .from(permissions)
        .where(and(inArray(permissions.parentId, ids), alive(permissions)));
      if (children.some((row) => !ids.includes(row.id))) throw badRequest('该菜单下还有子菜单或按钮，请先删除它们');
      await tx.update(permissions).set({ delFlag: 1, updatedAt: new Date() }).where(inArray(permissions.id, ids));
      // Grants of deleted rows go too: a menu restored later is not silently re-granted.
      await tx.delete(rolePermissions).where(inArray(rolePermissions.permissionId, ids));
      await tx.delete(departmentPermissions).where(inArray(departmentPermissions.permissionId, ids));
      await refreshLeafFlags(
        tx,
        rows.map((row) => row.parentId),
      );
    });
  };

  api.delete('/sys/permission/delete', { config: { permission: 'permission:delete', platform: true, changesAccess: true } }, async (request) => {
    const { id } = parseInput(z.object({ id: z.string({ error: '缺少菜单ID' }).min(1, '缺少菜单ID') }), request.query);
    await removePermissions([id]);
    return ok(null, '删除成功!');
  });

  api.delete('/sys/permission/deleteBatch', { config: { permission: 'permission:delete', platform: true, changesAccess: true } }, async (request) => {
    const { ids } = parseInput(z.object({ ids: idList }), request.query);
    await removePermissions(ids);
    return ok(null, '批量删除成功!');
  });

  // ---- Role assignment -------------------------------------------------------------------

  api.get('/sys/permission/queryRolePermission', { config: { permission: 'role:authorize' } }, async (request) => {
    const work = schoolReads(context.db, authOf(request));
    const { roleId } = parseInput(z.object({ roleId: z.string({ error: '缺少角色ID（roleId）' }).min(1) }), request.query);
    const role = await roleOfTenant(work, roleId);
    const rows = await work.tx.select({ id: rolePermissions.permissionId }).from(rolePermissions).where(eq(rolePermissions.roleId, role.id));
    return ok(
      rows.map((row) => row.id),
      '查询成功',
    );
  });

  api.post('/sys/permission/saveRolePermission', { config: { permission: 'role:authorize', changesAccess: true } }, async (request) => {
    const caller = authOf(request);
    const body = parseInput(grantDiffSchema.extend({ roleId: z.string({ error: '缺少角色ID（roleId）' }).min(1, '缺少角色ID（roleId）') }), request.body);
    const { add, remove } = grantDiff(body);
    await inSchool(context.db, caller, async (work) => {
      const { tx } = work;
      const role = await referenced(roleOfTenant(work, body.roleId), '角色不存在（roleId）');
      if (role.roleCode === ADMIN_ROLE_CODE && !caller.isAdmin) throw forbidden(GRANT_MESSAGES.adminRoleOnly);
      assertMayGrantPermissions(caller, [...add, ...remove]);
      await checkPermissionIds(tx, add);
      if (add.length)
        await tx
          .insert(rolePermissions)
          .values(add.map((permissionId) => ({ roleId: role.id, permissionId })))
          .onConflictDoNothing();
      if (remove.length) await tx.delete(rolePermissions).where(and(eq(rolePermissions.roleId, role.id), inArray(rolePermissions.permissionId, remove)));
    });
    return ok({ added: add.length, removed: remove.length }, '保存成功！');
  });

  // ---- Department assignment (the ceiling for the department's own roles) -----------------

  api.get('/sys/permission/queryDepartPermission', { config: { permission: 'depart:authorize' } }, async (request) => {
    const work = schoolReads(context.db, authOf(request));
    const { departId } = parseInput(z.object({ departId: z.string({ error: '缺少部门ID（departId）' }).min(1) }), request.query);
    const depart = await departOfTenant(work, departId);
    const rows = await work.tx.select({ id: departmentPermissions.permissionId }).from(departmentPermissions).where(eq(departmentPermissions.departId, depart.id));
    return ok(
      rows.map((row) => row.id),
      '查询成功',
    );
  });

  api.post('/sys/permission/saveDepartPermission', { config: { permission: 'depart:authorize', changesAccess: true } }, async (request) => {
    const caller = authOf(request);
    const body = parseInput(grantDiffSchema.extend({ departId: z.string({ error: '缺少部门ID（departId）' }).min(1, '缺少部门ID（departId）') }), request.body);
    const { add, remove } = grantDiff(body);
    await inSchool(context.db, caller, async (work) => {
      const { tx } = work;
      const depart = await referenced(departOfTenant(work, body.departId), '部门不存在（departId）');
      assertMayGrantPermissions(caller, [...add, ...remove]);
      await checkPermissionIds(tx, add);
      if (add.length)
        await tx
          .insert(departmentPermissions)
          .values(add.map((permissionId) => ({ departId: depart.id, permissionId })))
          .onConflictDoNothing();
      if (remove.length) await tx.delete(departmentPermissions).where(and(eq(departmentPermissions.departId, depart.id), inArray(departmentPermissions.permissionId, remove)));
    });
    return ok({ added: add.length, removed: remove.length }, '保存成功！');
  });

  // ---- Data rules ------------------------------------------------------------------------

  api.get('/sys/permission/getPermRuleListByPermId', { config: { permission: `${MANAGE},${ASSIGN}` } }, async (request) => {
    const { permissionId } = parseInput(z.object({ permissionId: z.string({ error: '缺少权限ID（permissionId）' }).min(1) }), request.query);
    const rows = await catalogue.select().from(permissionDataRules).where(eq(permissionDataRules.permissionId, permissionId)).orderBy(desc(permissionDataRules.createdAt));
    return { ...ok(rows.map(ruleRecord), '查询成功'), code: 0 };
  });

  api.get('/sys/permission/queryPermissionRule', { config: { permission: `${MANAGE},${ASSIGN}` } }, async (request) => {
    const query = parseInput(z.object({ permissionId: z.string({ error: '缺少权限ID（permissionId）' }).min(1), ruleName: z.string().optional(), ruleValue: z.string().optional() }), request.query);
    const rows = await catalogue
      .select()
      .from(permissionDataRules)
      .where(
        and(
          eq(permissionDataRules.permissionId, query.permissionId),
          query.ruleName ? ilike(permissionDataRules.ruleName, containing(query.ruleName)) : undefined,
          query.ruleValue ? ilike(permissionDataRules.ruleValue, containing(query.ruleValue)) : undefined,
        ),
      )
      .orderBy(desc(permissionDataRules.createdAt));
    return ok(rows.map(ruleRecord), '查询成功');
  });

  api.post('/sys/permission/addPermissionRule', { config: { permission: 'permission:edit', platform: true } }, async (request) => {
    const { username } = authOf(request);
    const body = parseInput(dataRuleSchema, request.body);
    const id = newId();
    await catalogue.transaction(async (tx) => {
      await livePermission(tx, body.permissionId);
      await tx.insert(permissionDataRules).values({ ...body, id, createBy: username });
      await tx.update(permissions).set({ ruleFlag: 1 }).where(eq(permissions.id, body.permissionId));
    });
    return ok({ id }, '添加成功！');
  });

  api.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/editPermissionRule',
    config: { permission: 'permission:edit', platform: true },
    handler: async (request) => {
      const { username } = authOf(request);
      const body = parseInput(dataRuleSchema.extend({ id: z.string({ error: '缺少规则ID' }).min(1) }), request.body);
      const [updated] = await catalogue
        .update(permissionDataRules)
        .set({ ruleName: body.ruleName, ruleColumn: body.ruleColumn, ruleConditions: body.ruleConditions, ruleValue: body.ruleValue, status: body.status, updatedAt: new Date(), updateBy: username })
        .where(and(eq(permissionDataRules.id, body.id), eq(permissionDataRules.permissionId, body.permissionId)))
        .returning({ id: permissionDataRules.id });
      if (!updated) throw notFound('未找到对应实体');
      return ok(null, '修改成功!');
    },
  });

  api.delete('/sys/permission/deletePermissionRule', { config: { permission: 'permission:edit', platform: true } }, async (request) => {
    const { id } = parseInput(z.object({ id: z.string({ error: '缺少规则ID' }).min(1) }), request.query);
    await catalogue.transaction(async (tx) => {
      const [rule] = await tx.delete(permissionDataRules).where(eq(permissionDataRules.id, id)).returning();
      if (!rule) throw notFound('未找到对应实体');
      const [left] = await tx.select({ id: permissionDataRules.id }).from(permissionDataRules).where(eq(permissionDataRules.permissionId, rule.permissionId)).limit(1);
      if (!left) await tx.update(permissions).set({ ruleFlag: 0 }).where(eq(permissions.id, rule.permissionId));
    });
    return ok(null, '删除成功!');
  });
}
