import { sql, type SQL } from 'drizzle-orm';
import type { Work } from '@server/db/work';

/** The query behind 物业管理's online-report source (declared in ../shared/reportSources.ts), aliased by the columns' keys. */
export const propertyReportQueries: Readonly<Record<string, (work: Work) => SQL>> = {
  houses: (work) => sql`
    SELECT h."id", h."name", h."building", h."unit", h."room", h."build_area_milli" AS "buildArea", h."usage",
      h."house_status" AS "houseStatus", o."name" AS "ownerName", o."mobile" AS "ownerPhone"
    FROM "prop_house" h
    LEFT JOIN "prop_owner" o ON o."id" = h."owner_id" AND ${work.alias('o', { live: true })}
    WHERE ${work.alias('h', { live: true })}`,
};
