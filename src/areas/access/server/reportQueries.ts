import { sql, type SQL } from 'drizzle-orm';
import type { Work } from '@server/db/work';

/** The query behind 门禁管理's online-report source (declared in ../shared/reportSources.ts), aliased by the columns' keys. */
export const accessReportQueries: Readonly<Record<string, (work: Work) => SQL>> = {
  access: (work) => sql`
    SELECT l."id", l."pass_time" AS "passTime", d."name" AS "doorName", l."direction", l."member_no" AS "memberNo",
      l."name", l."class_name" AS "className", l."result"
    FROM "acs_log" l
    LEFT JOIN "acs_door" d ON d."id" = l."door_id"
    WHERE ${work.alias('l')}`,
};
