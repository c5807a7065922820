import { and, eq, inArray } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { accessGrants, memberDepartments, members, memberTypes } from '../../db/schema';
import { badRequest } from '../../http/envelope';
import { departmentAndBelow } from '../members/subsidies';
import { queueGrantPushes, type GrantChange } from './grantPushes';

interface GrantTerms {
  timeGroupId: string | null;
  authType: string;
  startDate: string;
  endDate: string | null;
  passModes: string;
}

/** Who a grant names (in service), and how the grant is named on each row. */
async function peopleOf(tx: Executor, tenantId: number, input: Record<string, unknown>): Promise<{ ids: string[]; source: string }> {
  const inService = [eq(members.tenantId, tenantId), eq(members.delFlag, 0), eq(members.memberStatus, '1')];
  if (input.grantScope === '1') {
    if (!input.deptId) throw badRequest('按班级/部门授权时，请选择班级或部门', 'Choose the class or department');
    const [dept] = await tx
      .select({ name: memberDepartments.name })
      .from(memberDepartments)
      .where(and(eq(memberDepartments.id, String(input.deptId)), eq(memberDepartments.tenantId, tenantId)));
    if (!dept) throw badRequest('班级或部门不存在', 'No such class or department');
    const rows = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(...inService, inArray(members.deptId, await departmentAndBelow(tx, tenantId, String(input.deptId)))));
    return { ids: rows.map((row) => row.id), source: `按班级 ${dept.name}` };
  }
  if (input.grantScope === '2') {
    if (!input.memberTypeId) throw badRequest('按人员类型授权时，请选择人员类型', 'Choose the member type');
    const [type] = await tx
      .select({ name: memberTypes.name })
      .from(memberTypes)
      .where(and(eq(memberTypes.id, String(input.memberTypeId)), eq(memberTypes.tenantId, tenantId)));
    if (!type) throw badRequest('人员类型不存在', 'No such member type');
    const rows = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(...inService, eq(members.memberTypeId, String(input.memberTypeId))));
    return { ids: rows.map((row) => row.id), source: `按人员类型 ${type.name}` };
  }
  if (!input.memberId) throw badRequest('按人员授权时，请选择人员', 'Choose the person');
  const rows = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(...inService, eq(members.id, String(input.memberId))));
  return { ids: rows.map((row) => row.id), source: '按人员' };
}

/**
 * Grants a door to people: one row a door and person — a person granted already takes the new
 * terms (and the new source); every row written waits for the controller again (待下发).
 */
export async function grantDoor(
  tx: Executor,
  tenantId: number,
  by: string,
  doorId: string,
  memberIds: readonly string[],
  source: string,
  terms: GrantTerms,
): Promise<{ count: number; taskNo: string | null }> {
  if (terms.endDate && terms.endDate < terms.startDate) throw badRequest('失效日期不能早于生效日期', 'The grant cannot end before it starts');
  if (!memberIds.length) return { count: 0, taskNo: null };
  const rows = memberIds.map((memberId) => ({ id: newId(), tenantId, createBy: by, doorId, memberId, grantSource: source, ...terms, pushStatus: '0' }));
  const written: GrantChange[] = [];
  for (let at = 0; at < rows.length; at += 1000)
    written.push(
      ...(await tx
        .insert(accessGrants)
        .values(rows.slice(at, at + 1000))
        .onConflictDoUpdate({
          target: [accessGrants.doorId, accessGrants.memberId],
          targetWhere: eq(accessGrants.delFlag, 0),
          set: { grantSource: source, ...terms, pushStatus: '0', updateBy: by, updatedAt: new Date() },
        })
        .returning({ id: accessGrants.id, memberId: accessGrants.memberId })),
    );
  return { count: rows.length, taskNo: await queueGrantPushes(tx, tenantId, by, doorId, written, '1') };
}

/** 设备授权's 授权 (on each selected door, in one transaction). */
export const DOOR_HOOKS: EntityHooks = {
  actions: {
    async grant({ tx, caller, row, input }) {
      const { ids, source } = await peopleOf(tx, caller.tenantId, input);
      if (!ids.length) throw badRequest('授权对象中没有在校（在职）人员', 'No one in service is in the choice');
      const terms = {
        timeGroupId: (input.timeGroupId as string | null) ?? null,
        authType: String(input.authType ?? '1'),
        startDate: String(input.startDate),
        endDate: (input.endDate as string | null) ?? null,
        passModes: String(input.passModes ?? '1,2'),
      };
      if (terms.authType === '2' && !terms.endDate) throw badRequest('临时权限须填写失效日期', 'A temporary grant needs its end date');
      const { count, taskNo } = await grantDoor(tx, caller.tenantId, caller.username, String(row.id), ids, source, terms);
      return {
        note: `${source}：${count} 人，下发任务 ${taskNo}`,
        preview: { 'zh-CN': `将授权 ${count} 人（${source}），并生成下发任务`, en: `Would grant ${count} (${source}) and make a device task` },
        done: { 'zh-CN': `已授权 ${count} 人，下发任务 ${taskNo}`, en: `${count} granted; device task ${taskNo}` },
      };
    },
  },
};

/** Both lenses' 取消授权 and 重新下发; 人员授权's 复制权限. */
const grantActions: EntityHooks['actions'] = {
  async revoke({ tx, caller, row }) {
    // Kept (deleted) for the controller to drop the person: it takes the row as a delete.
    await queueGrantPushes(tx, caller.tenantId, caller.username, String(row.doorId), [{ id: String(row.id), memberId: String(row.memberId) }], '2');
    return { set: { delFlag: 1, pushStatus: '0', updateBy: caller.username, updatedAt: new Date() } };
  },
  async repush({ tx, caller, row }) {
    await queueGrantPushes(tx, caller.tenantId, caller.username, String(row.doorId), [{ id: String(row.id), memberId: String(row.memberId) }], '1');
    return { set: { pushStatus: '0' } };
  },
  async copy({ tx, caller, row, input }) {
    const target = String(input.targetId);
    if (target === row.memberId) throw badRequest('不能复制给本人', 'Choose another person');
    const [person] = await tx
      .select({ name: members.realName })
      .from(members)
      .where(and(eq(members.id, target), eq(members.tenantId, caller.tenantId), eq(members.delFlag, 0), eq(members.memberStatus, '1')));
    if (!person) throw badRequest('目标人员不存在或不在校', 'The person is not in service');
    const [from] = await tx
      .select({ name: members.realName })
      .from(members)
      .where(eq(members.id, String(row.memberId)));
    await grantDoor(tx, caller.tenantId, caller.username, String(row.doorId), [target], `复制自 ${from?.name ?? ''}`, {
      timeGroupId: (row.timeGroupId as string | null) ?? null,
      authType: String(row.authType),
      startDate: String(row.startDate),
      endDate: (row.endDate as string | null) ?? null,
      passModes: String(row.passModes),
    });
    return { note: `复制给 ${person.name}` };
  },
};

export const GRANT_HOOKS: EntityHooks = { actions: grantActions };
