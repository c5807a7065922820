import { sql, type SQL } from 'drizzle-orm';
import { addDays, dayIn, parseSchoolTime } from '@shared/schoolTime';
import type { EntityHooks } from '@server/crud/registerEntity';
import { accessLogs } from './tables';
import { badRequest } from '@server/http/envelope';
import { schoolSettings } from '@server/modules/schools/settings';
import { containing, escapeLike } from '@server/db/like';

/**
 * The passes of the members whose name or number matches: the members found first (an array), then
 * their passes by the member index (matched as a column, every pass of the range was read). A pass
 * has a name only with a member, so none is missed; a renamed member's passes are found by the name
 * they have now.
 */
const passesOf = (match: SQL) => sql`${accessLogs.memberId} = any(array(select m.id from memb_member m where ${match}))`;

/**
 * 进出记录 at millions of rows: every list and export carries a school-day range (today when none,
 * at most the school's record range), which the partitions and the indexes answer.
 */
export const accessLogHooks: EntityHooks = {
  indexedFilter(filter) {
    if (filter.field.key === 'name' && filter.op === 'like') return passesOf(sql`m.real_name ilike ${containing(filter.value)}`);
    if (filter.field.key === 'memberNo' && filter.op === 'prefix') return passesOf(sql`m.member_no like ${`${escapeLike(filter.value)}%`}`);
    return undefined;
  },
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
