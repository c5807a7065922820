import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { splitActions } from '@shared/permissions';
import type { AppContext } from '../../context';
import { permissionDataRules, rolePermissions } from '../../db/schema';
import { inSchool, schoolReads } from '../../db/work';
import { authOf } from '../../http/auth';
import { badRequest, ok, referenced } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { ruleRecord } from '../permissions/dataRuleRecord';
import { roleOfTenant } from './routes';

const ASSIGN = 'role:authorize';
const saveSchema = z.object({
  permissionId: z.string({ error: '缺少权限ID（permissionId）' }).min(1, '缺少权限ID（permissionId）'),
  roleId: z.string({ error: '缺少角色ID（roleId）' }).min(1, '缺少角色ID（roleId）'),
  dataRuleIds: z.string().max(4000).default(''),
});

/**
 * Which data rules of a menu bind a role (授权 → 数据规则): the menu's rules and the ones the
 * role has chosen, kept on the role's grant of that menu.
 */
export function roleDataRuleRoutes(api: FastifyInstance, context: AppContext): void {
  api.get<{ Params: { permissionId: string; roleId: string } }>('/sys/role/datarule/:permissionId/:roleId', { config: { permission: ASSIGN } }, async (request) => {
    const { permissionId, roleId } = request.params;
    const work = schoolReads(context.db, authOf(request));
    const role = await roleOfTenant(work, roleId);
    const rules = await work.tx.select().from(permissionDataRules).where(eq(permissionDataRules.permissionId, permissionId)).orderBy(desc(permissionDataRules.createdAt));
    if (rules.length === 0) return { ...ok(null, '未找到权限配置信息'), success: false };
    const [grant] = await work.tx
      .select()
      .from(rolePermissions)
      .where(and(eq(rolePermissions.roleId, role.id), eq(rolePermissions.permissionId, permissionId)));
    return ok({ datarule: rules.map(ruleRecord), drChecked: grant?.dataRuleIds ?? '' }, '查询成功');
  });

  api.post('/sys/role/datarule', { config: { permission: ASSIGN } }, async (request) => {
    const body = parseInput(saveSchema, request.body);
    const chosen = splitActions(body.dataRuleIds);
    await inSchool(context.db, authOf(request), async (work) => {
      const { tx } = work;
      const role = await referenced(roleOfTenant(work, body.roleId), '角色不存在（roleId）');
      const [grant] = await tx
        .select()
        .from(rolePermissions)
        .where(and(eq(rolePermissions.roleId, role.id), eq(rolePermissions.permissionId, body.permissionId)));
      if (!grant) throw badRequest('请先保存角色菜单权限!');
      const rules = new Set((await tx.select({ id: permissionDataRules.id }).from(permissionDataRules).where(eq(permissionDataRules.permissionId, body.permissionId))).map((rule) => rule.id));
      if (chosen.some((id) => !rules.has(id))) throw badRequest('所选数据规则不属于该菜单（dataRuleIds）');
      await tx
        .update(rolePermissions)
        .set({ dataRuleIds: chosen.length ? chosen.join(',') : null })
        .where(and(eq(rolePermissions.roleId, role.id), eq(rolePermissions.permissionId, body.permissionId)));
    });
    return ok(null, '保存成功!');
  });
}
