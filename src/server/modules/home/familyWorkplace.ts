import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { menuCodeForPath } from '@shared/permissions';
import { dateTimeIn } from '@shared/schoolTime';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/rows';
import { operationLogs, permissions, roles, userRoles, users } from '../../db/schema';
import { schoolReads } from '../../db/work';
import { authOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { schoolZone } from '../schools/settings';
import { pendingFor } from './pending';

/** The radar's six corners: the operation log's kinds of work (its operate_type). */
const KINDS: readonly [type: string, title: string][] = [
  ['2', '添加'],
  ['3', '编辑'],
  ['4', '删除'],
  ['5', '导入'],
  ['6', '导出'],
  ['7', '业务操作'],
];

/** How far back the radar looks. */
const RADAR_DAYS = 30;

/** A page as JeecgBoot's demo module answers its lists: the client logs or reads `data`. */
const pageOf = <T>(data: T[]) => ({ data, pageSize: data.length || 10, pageNo: 1, totalPage: data.length ? 1 : 0, totalCount: data.length });

/**
 * JeecgBoot 2.4's 工作台 (`dashboard/Workplace`) calls its demo module's `/mock/api/*`; this answers
 * them with the school's real desk, so its client shows what ours shows: 进行中的项目 are the approvals
 * waiting for the user, 动态 the user's latest operations, the radar their work by kind against their
 * departments' and the school's average. (团队 is `/mock/api/workplace/teams`, in account routes.)
 */
export function familyWorkplaceRoutes(api: FastifyInstance, context: AppContext): void {
  const on = { config: { permission: menuCodeForPath('/dashboard/workplace') } };

  api.get('/mock/api/list/search/projects', on, async (request) => {
    const caller = authOf(request);
    const pending = await pendingFor(schoolReads(context.db, caller), caller);
    return ok(pageOf(pending.map((item) => ({ id: item.kind, cover: null, title: item.title, description: `${item.count} 条待处理`, status: 1, updatedAt: null }))));
  });

  api.get('/mock/api/workplace/activity', on, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const zone = await schoolZone(work.tx, work.tenantId);
    const button = alias(permissions, 'button');
    const screen = alias(permissions, 'screen');
    const rows = await work.tx
      .select({
        id: operationLogs.id,
        at: operationLogs.createdAt,
        realname: users.realname,
        username: operationLogs.username,
        action: button.name,
        screen: screen.name,
        message: operationLogs.message,
      })
      .from(operationLogs)
      .leftJoin(users, eq(users.username, operationLogs.username))
      .leftJoin(button, and(eq(button.perms, operationLogs.permission), eq(button.menuType, 2)))
      .leftJoin(screen, eq(screen.id, button.parentId))
      .where(work.school(operationLogs))
      .orderBy(desc(operationLogs.createdAt))
      .limit(6);
    return ok(
      rows.map((row) => ({
        id: String(row.id),
        user: { nickname: row.realname || row.username, avatar: null },
        project: { name: row.screen ?? '', action: row.action ?? '', event: row.message ?? '' },
        time: dateTimeIn(zone, row.at),
      })),
    );
  });

  api.get('/mock/api/workplace/radar', on, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const since = new Date(Date.now() - RADAR_DAYS * 86_400_000);
    // Per kind: the caller's count, the average of their departments' members and of everyone who worked.
    const rows = await rowsOf<{ type: string; mine: number; team: number; school: number }>(
      work.tx,
      sql`with logged as (
          select operate_type as type, user_id from sys_operation_log
          where ${work.school(operationLogs)} and ${gte(operationLogs.createdAt, since)}),
        team as (
          select distinct mates.user_id from user_departments mine
          join user_departments mates on mates.depart_id = mine.depart_id where mine.user_id = ${caller.userId})
        select type,
          count(*) filter (where user_id = ${caller.userId})::int as mine,
          coalesce(round(count(*) filter (where user_id in (select user_id from team))::numeric / nullif((select count(*) from team), 0)), 0)::int as team,
          coalesce(round(count(*)::numeric / nullif(count(distinct user_id), 0)), 0)::int as school
        from logged group by type`,
    );
    return ok(
      KINDS.map(([type, title]) => {
        const row = rows.find((one) => one.type === type);
        return { item: title, 个人: row?.mine ?? 0, 团队: row?.team ?? 0, 部门: row?.school ?? 0 };
      }),
    );
  });

  // Loaded by the page and only logged by it: the caller's roles, and no services (the demo's list).
  api.get('/mock/api/role', on, async (request) => {
    const caller = authOf(request);
    const held = await schoolReads(context.db, caller)
      .tx.select({ id: roles.id, name: roles.roleName, describe: roles.description })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, caller.userId));
    return ok(pageOf(held));
  });
  api.get('/mock/api/service', on, async () => ok(pageOf([])));
}
