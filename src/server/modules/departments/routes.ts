import type { FastifyInstance } from 'fastify';
import { bySortThenName } from '@shared/naturalOrder';
import { and, eq, ilike, inArray, like } from 'drizzle-orm';
import { z } from 'zod';
import { departAddSchema, departEditSchema, idList } from '@shared/schemas/system';
import { buildTree, descendantIds } from '@shared/tree';
import type { AppContext } from '../../context';
import { newId } from '../../db/ids';
import { departments, userDepartments, users } from '../../db/schema';
import { inSchool, schoolReads, type Work } from '../../db/work';
import { authOf, type AuthContext } from '../../http/auth';
import { badRequest, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { departOfTenant, nextOrgCode, orgTypeOf, type DepartRow } from './queries';
import { containing } from '../../db/like';

/** Department pickers appear in the user form too. */
const PICK = 'system:departments,system:users';

const fullNode = (row: DepartRow, children: unknown[] | null) => ({
  id: row.id,
  parentId: row.parentId ?? '',
  departName: row.departName,
  departNameEn: row.departNameEn,
  orgCode: row.orgCode,
  orgCategory: row.orgCategory,
  orgType: row.orgType,
  departOrder: row.departOrder,
  description: row.description,
  status: row.status,
  createTime: row.createdAt.toISOString(),
  key: row.id,
  value: row.id,
  title: row.departName,
  isLeaf: children === null,
  children,
});

const idNode = (row: DepartRow, children: unknown[] | null) => ({ key: row.id, value: row.id, title: row.departName, children: children ?? [] });

/** Siblings by their order number, then naturally by name (一部, 二部, 十部). */
const departOrder = bySortThenName<DepartRow>(
  (row) => row.departOrder,
  (row) => row.departName,
);

async function schoolDeparts(work: Work): Promise<DepartRow[]> {
  return (await work.rows(departments)).sort(departOrder);
}

async function siblingCodes(work: Work, parentCode: string): Promise<string[]> {
  const pattern = `${parentCode}%`;
  const rows = await work.tx
    .select({ orgCode: departments.orgCode })
    .from(departments)
    .where(and(work.school(departments), like(departments.orgCode, pattern)));
  return rows.map((row) => row.orgCode);
}

export function departmentRoutes(api: FastifyInstance, context: AppContext): void {
  api.get('/sys/sysDepart/queryTreeList', { config: { permission: PICK } }, async (request) => {
    return { ...ok(buildTree(await schoolDeparts(schoolReads(context.db, authOf(request))), fullNode), '查询成功'), code: 0 };
  });

  api.get('/sys/sysDepart/queryIdTree', { config: { permission: PICK } }, async (request) => {
    return ok(buildTree(await schoolDeparts(schoolReads(context.db, authOf(request))), idNode), '查询成功');
  });

  api.get('/sys/sysDepart/searchBy', { config: { permission: PICK } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const query = parseInput(z.object({ keyWord: z.string().default(''), myDeptSearch: z.string().optional() }), request.query);
    let rows = await work.rows(departments, ilike(departments.departName, containing(query.keyWord.trim())));
    rows.sort(departOrder);
    if (query.myDeptSearch === '1') {
      const mine = await myDepartIds(work, caller.userId);
      rows = rows.filter((row) => mine.has(row.id));
    }
    if (rows.length === 0) return { ...ok([], '未查询匹配数据！'), success: false };
    return {
      ...ok(
        rows.map((row) => fullNode(row, null)),
        '查询成功',
      ),
      code: 0,
    };
  });

  // The departments the caller belongs to, with everything below them.
  api.get('/sys/sysDepart/queryMyDeptTreeList', { config: { self: true } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const mine = await myDepartIds(work, caller.userId);
    const rows = (await schoolDeparts(work)).filter((row) => mine.has(row.id));
    return ok(buildTree(rows, fullNode), '查询成功');
  });

  api.post('/sys/sysDepart/add', { config: { permission: 'depart:add' } }, async (request) => {
    const body = parseInput(departAddSchema, request.body);
    const id = newId();
    await inSchool(context.db, authOf(request), async (work) => {
      const parent = body.parentId ? ((await work.one(departments, body.parentId)) ?? null) : null;
      if (body.parentId && !parent) throw badRequest('上级部门不存在（parentId）');
      const orgCode = nextOrgCode(parent?.orgCode ?? '', await siblingCodes(work, parent?.orgCode ?? ''));
      await work.insert(departments, { id, ...body, orgCode, orgType: orgTypeOf(orgCode) });
    });
    return ok({ id }, '添加成功！');
  });

  api.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepart/edit',
    config: { permission: 'depart:edit' },
    handler: async (request) => {
      const body = parseInput(departEditSchema, request.body);
      await inSchool(context.db, authOf(request), async (work) => {
        const current = await departOfTenant(work, body.id);
        const { id: _id, parentId, ...fields } = body;
        // Only what the body carries changes.
        const values = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
        await work.update(departments, values, eq(departments.id, current.id));
        const target = parentId === undefined ? current.parentId : parentId || null;
        if ((target ?? null) !== (current.parentId ?? null)) await moveDepartment(work, current, target);
      });
      return ok(null, '修改成功!');
    },
  });

  const removeDeparts = async (caller: AuthContext, ids: string[]) => {
    if (ids.length === 0) throw badRequest('请选择部门');
    await inSchool(context.db, caller, async (work) => {
      const all = await schoolDeparts(work);
      const chosen = all.filter((row) => ids.includes(row.id));
      if (chosen.length !== ids.length) throw badRequest('所选部门不存在（id）');
      const child = all.find((row) => row.parentId && ids.includes(row.parentId) && !ids.includes(row.id));
      if (child) throw badRequest(`部门“${chosen.find((row) => row.id === child.parentId)!.departName}”下还有下级部门，不能删除`);
      const [member] = await work.tx
        .select({ departId: userDepartments.departId })
        .from(userDepartments)
        .innerJoin(users, eq(users.id, userDepartments.userId))
        .where(and(inArray(userDepartments.departId, ids), work.school(users)))
        .limit(1);
      if (member) throw badRequest(`部门“${chosen.find((row) => row.id === member.departId)!.departName}”下还有用户，不能删除`);
      // Links of deleted users, department permissions and department roles cascade.
      await work.remove(departments, inArray(departments.id, ids));
    });
  };

  api.delete('/sys/sysDepart/delete', { config: { permission: 'depart:delete', changesAccess: true } }, async (request) => {
    const { id } = parseInput(z.object({ id: z.string({ error: '缺少部门ID' }).min(1, '缺少部门ID') }), request.query);
    await removeDeparts(authOf(request), [id]);
    return ok(null, '删除成功!');
  });

  api.delete('/sys/sysDepart/deleteBatch', { config: { permission: 'depart:delete', changesAccess: true } }, async (request) => {
    const { ids } = parseInput(z.object({ ids: idList }), request.query);
    await removeDeparts(authOf(request), ids);
    return ok(null, '删除成功!');
  });
}

/** Ids of the caller's departments and everything below them. */
async function myDepartIds(work: Work, userId: string): Promise<Set<string>> {
  const all = await schoolDeparts(work);
  const links = await work.tx.select({ departId: userDepartments.departId }).from(userDepartments).where(eq(userDepartments.userId, userId));
  const mine = new Set<string>();
  for (const link of links) for (const id of descendantIds(link.departId, all)) mine.add(id);
  return mine;
}

/**
 * Moves a department (and its subtree) under a new parent: refuses a cycle, gives the subtree new
 * org codes under the new parent and keeps users' current department codes in step.
 */
async function moveDepartment(work: Work, node: DepartRow, newParentId: string | null) {
  const all = await schoolDeparts(work);
  const subtree = descendantIds(node.id, all);
  if (newParentId && subtree.has(newParentId)) throw badRequest('不能把部门移动到它自己或它的下级部门之下');
  const parent = newParentId ? all.find((row) => row.id === newParentId) : null;
  if (newParentId && !parent) throw badRequest('上级部门不存在（parentId）');
  const newCode = nextOrgCode(parent?.orgCode ?? '', await siblingCodes(work, parent?.orgCode ?? ''));
  const oldCode = node.orgCode;
  // newCode is unused, so no new code can clash with an old one.
  for (const row of all.filter((item) => subtree.has(item.id))) {
    const code = newCode + row.orgCode.slice(oldCode.length);
    await work.tx
      .update(departments)
      .set({ orgCode: code, orgType: orgTypeOf(code), parentId: row.id === node.id ? newParentId : row.parentId })
      .where(and(work.school(departments), eq(departments.id, row.id)));
    // Deleted users' codes move too, as they always have.
    await work.tx
      .update(users)
      .set({ orgCode: code })
      .where(and(work.school(users, { deleted: true }), eq(users.orgCode, row.orgCode)));
  }
}
