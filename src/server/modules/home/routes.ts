import type { FastifyInstance } from 'fastify';
import { addDays, dayIn, parseSchoolTime, startOfSchoolDay } from '@shared/schoolTime';
import { and, count, countDistinct, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { loginLogs } from '../../db/schema';
import { schoolReads } from '../../db/work';
import { authOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { schoolZone } from '../schools/settings';

export function homeRoutes(api: FastifyInstance, context: AppContext): void {
  // Server-side overrides of the zh-CN catalogue (the school's own labels), before sign-in too.
  api.get('/home/info/i18n', { config: { public: true } }, async () => {
    const items = await context.dictionaries.listOf('i18n_zn');
    return ok(Object.fromEntries(items.filter((item) => !item.disabled).map((item) => [item.value, item.text])));
  });

  // Visits of the caller's own school only.
  api.get('/sys/loginfo', { config: { self: true, schoolWide: true } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    // The school's today, whatever the server's zone.
    const today = startOfSchoolDay(await schoolZone(work.tx, work.tenantId));
    const succeeded = eq(loginLogs.success, true);
    const total = await work.count(loginLogs, succeeded);
    const [todayRow] = await work.tx
      .select({ n: count(), ips: countDistinct(loginLogs.ip) })
      .from(loginLogs)
      .where(and(work.school(loginLogs), succeeded, gte(loginLogs.createdAt, today)));
    return ok({ totalVisitCount: total, todayVisitCount: todayRow?.n ?? 0, todayIp: todayRow?.ips ?? 0 }, '查询成功');
  });

  api.get('/sys/visitInfo', { config: { self: true, schoolWide: true } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const zone = await schoolZone(work.tx, work.tenantId);
    const first = addDays(dayIn(zone), -6);
    const since = parseSchoolTime(zone, `${first} 00:00:00`)!;
    // Each visit on the school's day it happened. The zone is a literal (a name checked when it was
    // saved): one expression text in the select and the group by.
    const day = sql<string>`to_char(${loginLogs.createdAt} at time zone ${sql.raw(`'${zone.replaceAll("'", "''")}'`)}, 'YYYY-MM-DD')`;
    const rows = await work.tx
      .select({ tian: day, visit: count(), ip: countDistinct(loginLogs.ip) })
      .from(loginLogs)
      .where(and(eq(loginLogs.success, true), work.school(loginLogs), gte(loginLogs.createdAt, since)))
      .groupBy(day)
      .orderBy(day);
    // Seven days, the quiet ones as zeros: a chart of the week has no gaps.
    const byDay = new Map(rows.map((row) => [row.tian, row]));
    const week = Array.from({ length: 7 }, (_, index) => addDays(first, index));
    return ok(
      week.map((tian) => ({ tian, visit: byDay.get(tian)?.visit ?? 0, ip: byDay.get(tian)?.ip ?? 0, type: tian.slice(5) })),
      '查询成功',
    );
  });
}
