import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { MonitorAnswer, WorkplaceAnswer } from '@shared/dashboard';
import { menuCodeForPath } from '@shared/permissions';
import { clockIn, dateTimeIn, dayIn, parseSchoolTime } from '@shared/schoolTime';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/rows';
import { devices, ledgerTransactions, mealCanteens, operationLogs, permissions } from '../../db/schema';
import { schoolReads } from '../../db/work';
import { authOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { schoolZone } from '../schools/settings';
import { pendingFor } from './pending';

/** A terminal that called in within this long is 在线. */
const ONLINE_MS = 5 * 60_000;

/**
 * 示例's 监控页 and 工作台 on the school's real data: the canteens' payments hour by hour today, this
 * hour's, the terminals on line and the latest payments (refreshed by the screen); and the user's
 * own desk — what waits for their decision and what they did last.
 */
export function schoolDeskRoutes(api: FastifyInstance, context: AppContext): void {
  api.get('/home/monitor', { config: { permission: menuCodeForPath('/dashboard/monitor') } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const zone = await schoolZone(work.tx, work.tenantId);
    const now = new Date();
    const payments = work.school(ledgerTransactions);
    const today = dayIn(zone, now);
    const start = parseSchoolTime(zone, `${today} 00:00:00`)!;
    const hour = sql.raw(`extract(hour from posted_at at time zone '${zone.replaceAll("'", "''")}')::int`);
    const byHour = await rowsOf<{ hour: number; canteen_id: string | null; payments: number; amount: string }>(
      work.tx,
      sql`select ${hour} as hour, canteen_id, count(*)::int as payments, sum(amount_cents)::text as amount
        from fin_txn where ${payments} and txn_type = 'CONSUME' and posted_at >= ${start.toISOString()}::timestamptz
        group by 1, 2 order by 1`,
    );
    const latest = await rowsOf<{ posted_at: Date; canteen_id: string | null; amount: string; meal_type: string | null }>(
      work.tx,
      sql`select posted_at, canteen_id, amount_cents::text as amount, meal_type from fin_txn
        where ${payments} and txn_type = 'CONSUME' and posted_at >= ${start.toISOString()}::timestamptz
        order by posted_at desc, id desc limit 10`,
    );
    const canteens = await work.tx.select({ id: mealCanteens.id, name: mealCanteens.name }).from(mealCanteens).where(work.school(mealCanteens)).orderBy(asc(mealCanteens.name));
    const terminals = await work.tx
      .select({ name: devices.name, serialNo: devices.serialNo, canteenId: devices.canteenId, status: devices.status, lastSeenAt: devices.lastSeenAt })
      .from(devices)
      .where(work.school(devices))
      .orderBy(asc(devices.name));
    const nameOf = (id: string | null) => canteens.find((canteen) => canteen.id === id)?.name ?? '';
    const current = Number(clockIn(zone, now).slice(0, 2));
    const answer: MonitorAnswer = {
      now: dateTimeIn(zone, now),
      hour: current,
      canteens: canteens.map((canteen) => {
        const rows = byHour.filter((row) => row.canteen_id === canteen.id);
        return {
          name: canteen.name,
          hours: Array.from({ length: current + 1 }, (_, at) => rows.find((row) => row.hour === at)?.payments ?? 0),
          payments: rows.reduce((sum, row) => sum + row.payments, 0),
          amount: rows.reduce((sum, row) => sum + Number(row.amount), 0),
        };
      }),
      terminals: terminals.map((terminal) => ({
        name: terminal.name,
        serialNo: terminal.serialNo,
        canteen: nameOf(terminal.canteenId),
        enabled: terminal.status === '1',
        online: Boolean(terminal.lastSeenAt && now.getTime() - terminal.lastSeenAt.getTime() < ONLINE_MS),
        lastSeenAt: terminal.lastSeenAt ? dateTimeIn(zone, terminal.lastSeenAt) : null,
      })),
      latest: latest.map((row) => ({ at: dateTimeIn(zone, new Date(row.posted_at)).slice(11), canteen: nameOf(row.canteen_id), amount: Number(row.amount), mealType: row.meal_type })),
    };
    return ok(answer);
  });

  api.get('/home/workplace', { config: { permission: menuCodeForPath('/dashboard/workplace') } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const zone = await schoolZone(work.tx, work.tenantId);
    // What the user did last: the operation log's rows of theirs, named by the button's title.
    const recent = await work.tx
      .select({ at: operationLogs.createdAt, permission: operationLogs.permission, name: permissions.name, success: operationLogs.success, message: operationLogs.message })
      .from(operationLogs)
      .leftJoin(permissions, and(eq(permissions.perms, operationLogs.permission), eq(permissions.menuType, 2)))
      .where(and(eq(operationLogs.username, caller.username), work.school(operationLogs)))
      .orderBy(desc(operationLogs.createdAt))
      .limit(8);
    const answer: WorkplaceAnswer = {
      pending: await pendingFor(work, caller),
      recent: recent.map((row) => ({ at: dateTimeIn(zone, row.at), action: row.name ?? row.permission ?? '', success: row.success, message: row.message ?? '' })),
    };
    return ok(answer);
  });
}
