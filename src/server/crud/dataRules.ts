import { and, eq, gt, gte, ilike, inArray, lt, lte, ne, notIlike, sql, type SQL } from 'drizzle-orm';
import type { EntitySpec } from '@shared/engine/spec';
import { schoolDateTime } from '../http/schoolClock';
import type { Executor } from '../db/client';
import { escapeLike } from '../db/like';
import { permissionDataRules, permissions, rolePermissions, userRoles, users } from '../db/schema';
import type { AuthContext } from '../http/auth';
import type { EntityTable } from './registerEntity';
import { declaredColumn } from './entity/registry';

/** A data rule as stored (JeecgBoot's `sys_permission_data_rule`). */
interface StoredRule {
  ruleColumn: string | null;
  ruleConditions: string;
  ruleValue: string;
}

/**
 * The rows a caller may see of a screen by the data rules their roles chose for it (角色授权 →
 * 数据规则), as one SQL condition, or undefined when no rule applies. Every chosen rule must hold
 * (as JeecgBoot applies them). Values may name the caller: `#{sys_user_code}`, `#{sys_org_code}`,
 * `#{sys_date}`, `#{sys_time}`, `#{tenant_id}`. A rule this engine cannot apply safely — raw SQL
 * (USE_SQL_RULES) or a column the entity does not declare — shows nothing rather than everything.
 */
export async function dataRuleCondition(db: Executor, caller: AuthContext, spec: EntitySpec, table: EntityTable): Promise<SQL | undefined> {
  const chosen = await db
    .select({ ids: rolePermissions.dataRuleIds })
    .from(rolePermissions)
    .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(userRoles.userId, caller.userId), eq(permissions.url, spec.screen.path), sql`${rolePermissions.dataRuleIds} is not null`));
  const ids = [...new Set(chosen.flatMap((row) => (row.ids ?? '').split(',').filter(Boolean)))];
  if (ids.length === 0) return undefined;
  const rules = await db
    .select({ ruleColumn: permissionDataRules.ruleColumn, ruleConditions: permissionDataRules.ruleConditions, ruleValue: permissionDataRules.ruleValue })
    .from(permissionDataRules)
    .where(and(inArray(permissionDataRules.id, ids), eq(permissionDataRules.status, '1')));
  if (rules.length === 0) return undefined;
  const needsOrg = rules.some((rule) => rule.ruleValue.includes('#{sys_org_code}'));
  const [user] = needsOrg ? await db.select({ orgCode: users.orgCode }).from(users).where(eq(users.id, caller.userId)) : [];
  const variables: Record<string, string> = {
    sys_user_code: caller.username,
    sys_org_code: user?.orgCode ?? '',
    sys_date: schoolDateTime(new Date()).slice(0, 10),
    sys_time: schoolDateTime(new Date()),
    tenant_id: String(caller.tenantId),
  };
  return and(...rules.map((rule) => ruleCondition(rule, spec, table, variables)));
}

/** One rule as SQL over the entity's columns; never raw SQL. */
export function ruleCondition(rule: StoredRule, spec: EntitySpec, table: EntityTable, variables: Readonly<Record<string, string>>): SQL {
  const nothing = sql`false`;
  if (rule.ruleConditions === 'USE_SQL_RULES' || !rule.ruleColumn) return nothing;
  // Any declared field (a rule binds a role whether or not it sees the column), and who made the row.
  const column = declaredColumn(spec, table, rule.ruleColumn, { also: ['sysOrgCode', 'createBy'], restricted: true });
  if (!column) return nothing;
  const value = rule.ruleValue.replace(/#\{(\w+)\}/g, (_, name: string) => variables[name] ?? '');
  switch (rule.ruleConditions) {
    case '=':
      return eq(column, value);
    case '!=':
      return ne(column, value);
    case '>':
      return gt(column, value);
    case '>=':
      return gte(column, value);
    case '<':
      return lt(column, value);
    case '<=':
      return lte(column, value);
    case 'IN': {
      const values = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      return values.length ? inArray(column, values) : nothing;
    }
    case 'LIKE':
      return ilike(column, `%${escapeLike(value)}%`);
    case 'LEFT_LIKE':
      return ilike(column, `%${escapeLike(value)}`);
    case 'RIGHT_LIKE':
      return ilike(column, `${escapeLike(value)}%`);
    case 'NOT_LIKE':
      return notIlike(column, `%${escapeLike(value)}%`);
    default:
      return nothing;
  }
}
