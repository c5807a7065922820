import { sql } from 'drizzle-orm';
import { addDays, dayIn, parseSchoolTime } from '@shared/schoolTime';
import type { EntityHooks } from '@server/crud/registerEntity';
import { accessLogs } from './tables';
import { badRequest } from '@server/http/envelope';
import { schoolSettings } from '@server/modules/schools/settings';

/**
 * 进出记录 at millions of rows: every list and export carries a school-day range (today when none,
 * at most the school's record range), which the partitions and the indexes answer.
 */
export const accessLogHooks: EntityHooks = {
  async listBounds(query, reads) {
    const school = await schoolSettings(reads.tx, reads.tenantId);
    const range = query.filters.find((filter) => filter.field.key === 'passDay' && filter.op === 'range');
    const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);
    const end = (range?.op === 'range' ? day(range.end) : null) ?? dayIn(school.timeZone);
    const begin = (range?.op === 'range' ? day(range.begin) : null) ?? end;
    if (addDays(begin, school.recordRangeDays) <= end)
      throw badRequest(`查询区间不能超过${school.recordRangeDays}天，请缩小日期范围`, `The date range cannot exceed ${school.recordRangeDays} days; narrow it`);
    // The days prune the partitions; the same range in time lets the indexes (by time) answer the page and the count.
    const from = parseSchoolTime(school.timeZone, `${begin} 00:00:00`)!;
    const to = parseSchoolTime(school.timeZone, `${addDays(end, 1)} 00:00:00`)!;
    return sql`${accessLogs.passDay} between ${begin}::date and ${end}::date and ${accessLogs.passTime} >= ${from.toISOString()}::timestamptz and ${accessLogs.passTime} < ${to.toISOString()}::timestamptz`;
  },
};
