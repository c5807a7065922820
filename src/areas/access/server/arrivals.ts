import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { dateTimeIn } from '@shared/schoolTime';
import { NOTICE_BATCH } from '@server/modules/messages/events';
import type { NoticeEvents } from '@server/registry/areas';
import { accessLogs, doors } from './tables';

/** A gate pass told later than this tells a parent nothing useful (an offline gate's late upload): it is passed over. */
const ARRIVAL_STALE_MS = 30 * 60_000;
/**
 * The school's admitted passes at its gates (校门) recorded after the mark (by when they were
 * received, so a gate's upload a little late is still told): 进校 or 离校, when and where. A pass
 * that happened too long ago tells a parent nothing and is passed over.
 */
export const gatePasses: NoticeEvents = async (work, mark, until, zone, settleSeconds) => {
  const stale = new Date(until.getTime() + settleSeconds * 1000 - ARRIVAL_STALE_MS);
  const rows = await work.tx
    .select({
      id: accessLogs.id,
      at: sql<string>`${accessLogs.createdAt}::text`,
      passTime: accessLogs.passTime,
      memberId: accessLogs.memberId,
      name: accessLogs.name,
      direction: accessLogs.direction,
      door: doors.name,
      gate: doors.doorKind,
      result: accessLogs.result,
    })
    .from(accessLogs)
    .leftJoin(doors, eq(doors.id, accessLogs.doorId))
    .where(
      and(
        work.school(accessLogs),
        // Only the recent passes (the time index, and the month partitions of those days).
        gte(accessLogs.passTime, stale),
        sql`${accessLogs.passDay} >= (${stale.toISOString()}::timestamptz at time zone ${zone})::date`,
        lt(accessLogs.createdAt, until),
        sql`(${accessLogs.createdAt}, ${accessLogs.id}) > (${mark.markTime}::timestamptz, ${mark.markId})`,
        isNotNull(accessLogs.memberId),
      ),
    )
    .orderBy(asc(accessLogs.createdAt), asc(accessLogs.id))
    .limit(NOTICE_BATCH);
  return rows.map((row) => ({
    at: row.at,
    id: row.id,
    event:
      row.result === '1' && row.gate === '1'
        ? {
            code: 'ARRIVAL',
            memberId: row.memberId!,
            values: { name: row.name, time: dateTimeIn(zone, row.passTime).slice(11, 16), direction: row.direction === '2' ? '离校' : '进校', door: row.door },
          }
        : null,
  }));
};
