import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { InputOf } from '@shared/engine/flow';
import type { door } from '@areas/access/shared/entities/door';
import type { memberGrant } from '@areas/access/shared/entities/grant';
import type { FlowEffects } from '@server/crud/flowActions';
import type { EntityHooks } from '@server/crud/registerEntity';
import { newId } from '@server/db/ids';
import { memberDepartments, members, memberTypes } from '@server/db/schema';
import { accessGrants, type doors } from './tables';
import type { RowOf, Work } from '@server/db/work';
import { alive } from '@server/db/work';
import { badRequest } from '@server/http/envelope';
import { departmentAndBelow } from '@server/modules/members/subsidies';
import { queueGrantPushes, type GrantChange } from './grantPushes';

interface GrantTerms {
  timeGroupId: string | null;
  authType: string;
  startDate: string;
  endDate: string | null;
  passModes: string;
}

/** Who a grant names (in service), and how the grant is named on each row. */
async function peopleOf(work: Work, input: InputOf<typeof door, 'grant'>): Promise<{ ids: string[]; source: string }> {
  const inService = (where: SQL) =>
    work.tx
      .select({ id: members.id })
      .from(members)
      .where(and(work.school(members), eq(members.memberStatus, '1'), where));
  if (input.grantScope === '1') {
    if (!input.deptId) throw badRequest('按班级/部门授权时，请选择班级或部门', 'Choose the class or department');
    const dept = await work.one(memberDepartments, input.deptId);
    if (!dept) throw badRequest('班级或部门不存在', 'No such class or department');
    const rows = await inService(inArray(members.deptId, await departmentAndBelow(work.tx, work.tenantId, dept.id)));
    return { ids: rows.map((row) => row.id), source: `按班级 ${dept.name}` };
  }
  if (input.grantScope === '2') {
    if (!input.memberTypeId) throw badRequest('按人员类型授权时，请选择人员类型', 'Choose the member type');
    const type = await work.one(memberTypes, input.memberTypeId);
    if (!type) throw badRequest('人员类型不存在', 'No such member type');
    const rows = await inService(eq(members.memberTypeId, type.id));
    return { ids: rows.map((row) => row.id), source: `按人员类型 ${type.name}` };
  }
  if (!input.memberId) throw badRequest('按人员授权时，请选择人员', 'Choose the person');
  const rows = await inService(eq(members.id, input.memberId));
  return { ids: rows.map((row) => row.id), source: '按人员' };
}

/**
 * Grants a door to people: one row a door and person — a person granted already takes the new
 * terms (and the new source); every row written waits for the controller again (待下发).
 */
export async function grantDoor(work: Work, doorId: string, memberIds: readonly string[], source: string, terms: GrantTerms): Promise<{ count: number; taskNo: string | null }> {
  if (terms.endDate && terms.endDate < terms.startDate) throw badRequest('失效日期不能早于生效日期', 'The grant cannot end before it starts');
  if (!memberIds.length) return { count: 0, taskNo: null };
  const rows = memberIds.map((memberId) => ({ id: newId(), tenantId: work.tenantId, createBy: work.username, doorId, memberId, grantSource: source, ...terms, pushStatus: '0' }));
  const written: GrantChange[] = [];
  for (let at = 0; at < rows.length; at += 1000)
    written.push(
      ...(await work.tx
        .insert(accessGrants)
        .values(rows.slice(at, at + 1000))
        // A person's live grant of the door takes the new terms: the unique index's own condition, which ON CONFLICT must name as the index does.
        .onConflictDoUpdate({
          target: [accessGrants.doorId, accessGrants.memberId],
          targetWhere: alive(accessGrants),
          set: { grantSource: source, ...terms, pushStatus: '0', updateBy: work.username, updatedAt: new Date() },
        })
        .returning({ id: accessGrants.id, memberId: accessGrants.memberId })),
    );
  return { count: rows.length, taskNo: await queueGrantPushes(work, doorId, written, '1') };
}

/** 设备授权's 授权 (on each selected door, in one transaction). */
export const DOOR_HOOKS: EntityHooks<RowOf<typeof doors>> = {
  actions: {
    async grant({ work, row, input }) {
      const { ids, source } = await peopleOf(work, input);
      if (!ids.length) throw badRequest('授权对象中没有在校（在职）人员', 'No one in service is in the choice');
      const terms = {
        timeGroupId: input.timeGroupId,
        authType: input.authType,
        startDate: input.startDate,
        endDate: input.endDate,
        passModes: input.passModes,
      };
      if (terms.authType === '2' && !terms.endDate) throw badRequest('临时权限须填写失效日期', 'A temporary grant needs its end date');
      const { count, taskNo } = await grantDoor(work, row.id, ids, source, terms);
      return {
        note: `${source}：${count} 人，下发任务 ${taskNo}`,
        preview: { 'zh-CN': `将授权 ${count} 人（${source}），并生成下发任务`, en: `Would grant ${count} (${source}) and make a device task` },
        done: { 'zh-CN': `已授权 ${count} 人，下发任务 ${taskNo}`, en: `${count} granted; device task ${taskNo}` },
      };
    },
  } satisfies FlowEffects<typeof door, RowOf<typeof doors>>,
};

/** Both lenses' 取消授权 and 重新下发; 人员授权's 复制权限. */
const grantActions: FlowEffects<typeof memberGrant, RowOf<typeof accessGrants>> = {
  async revoke({ work, row: grant }) {
    // Kept (deleted) for the controller to drop the person: it takes the row as a delete.
    await queueGrantPushes(work, grant.doorId, [{ id: grant.id, memberId: grant.memberId }], '2');
    await work.remove(accessGrants, eq(accessGrants.id, grant.id));
    return { set: { pushStatus: '0' } };
  },
  async repush({ work, row: grant }) {
    await queueGrantPushes(work, grant.doorId, [{ id: grant.id, memberId: grant.memberId }], '1');
    return { set: { pushStatus: '0' } };
  },
  async copy({ work, row: grant, input }) {
    const target = input.targetId;
    if (target === grant.memberId) throw badRequest('不能复制给本人', 'Choose another person');
    const [person] = await work.rows(members, and(eq(members.id, target), eq(members.memberStatus, '1')));
    if (!person) throw badRequest('目标人员不存在或不在校', 'The person is not in service');
    const [from] = await work.rows(members, eq(members.id, grant.memberId), { deleted: true, limit: 1 });
    const { timeGroupId, authType, startDate, endDate, passModes } = grant;
    await grantDoor(work, grant.doorId, [target], `复制自 ${from?.realName ?? ''}`, { timeGroupId, authType, startDate, endDate, passModes });
    return { note: `复制给 ${person.realName}` };
  },
};

export const GRANT_HOOKS: EntityHooks<RowOf<typeof accessGrants>> = { actions: grantActions };
