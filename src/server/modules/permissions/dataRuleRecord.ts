import type { permissionDataRules } from '../../db/schema';

/** A data rule as JeecgBoot answers it (sys_permission_data_rule). */
export const ruleRecord = (rule: typeof permissionDataRules.$inferSelect) => ({
  id: rule.id,
  permissionId: rule.permissionId,
  ruleName: rule.ruleName,
  ruleColumn: rule.ruleColumn,
  ruleConditions: rule.ruleConditions,
  ruleValue: rule.ruleValue,
  status: rule.status,
  createTime: rule.createdAt.toISOString(),
  createBy: rule.createBy,
  updateTime: rule.updatedAt?.toISOString() ?? null,
  updateBy: rule.updateBy,
});
