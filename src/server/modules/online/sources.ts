import { sql, type SQL } from 'drizzle-orm';
import type { Work } from '../../db/work';
import { serverAreas } from '../../registry/areas';

/**
 * The queries behind the online reports' sources (declared in shared/online/reportSources.ts):
 * each one school's live rows, every column aliased by its declared key, money in cents and
 * quantities in thousandths as their tables keep them. They are simple selects (no grouping but
 * the day's sums), so a report's conditions on them reach the tables' indexes.
 */
const PRODUCT_QUERIES: Readonly<Record<string, (work: Work) => SQL>> = {
  members: (work) => sql`
    SELECT m."id", m."member_no" AS "memberNo", m."real_name" AS "realName", m."sex", d."name" AS "deptName",
      t."name" AS "memberTypeName", m."member_status" AS "memberStatus", m."mobile", c."card_no" AS "cardNo",
      a."account_no" AS "accountNo", a."cash_cents" + a."subsidy_cents" + a."gift_cents" AS "balance",
      a."account_status" AS "accountStatus", m."enroll_date"::text AS "enrollDate"
    FROM "memb_member" m
    LEFT JOIN "member_departments" d ON d."id" = m."dept_id"
    LEFT JOIN "memb_member_type" t ON t."id" = m."member_type_id"
    LEFT JOIN LATERAL (
      SELECT x.* FROM "memb_account" x WHERE x."member_id" = m."id" AND ${work.alias('x', { live: true })}
      ORDER BY (x."account_status" = '3'), x."create_time" DESC LIMIT 1
    ) a ON true
    LEFT JOIN LATERAL (
      SELECT k."card_no" FROM "memb_card" k WHERE k."account_id" = a."id"
      ORDER BY (k."card_status" = '4'), k."create_time" DESC LIMIT 1
    ) c ON true
    WHERE ${work.alias('m', { live: true })}`,
  consumption_day: (work) => sql`
    SELECT r."report_date"::text || '|' || coalesce(r."canteen_id", '') AS "id", r."report_date"::text AS "reportDate",
      coalesce(c."name", '') AS "canteenName", sum(r."payments")::int AS "payments", sum(r."diners")::int AS "diners",
      sum(r."amount_cents")::bigint AS "amount", sum(r."refunded_cents")::bigint AS "refunded"
    FROM "rpt_daily_consume" r
    LEFT JOIN "meal_canteen" c ON c."id" = r."canteen_id"
    WHERE ${work.alias('r')}
    GROUP BY r."report_date", r."canteen_id", c."name"`,
  orders: (work) => sql`
    SELECT o."id", o."order_no" AS "orderNo", o."dining_date"::text AS "diningDate", o."meal_type" AS "mealType",
      c."name" AS "canteenName", m."member_no" AS "memberNo", m."real_name" AS "realName", o."class_name" AS "className",
      o."quantity", o."amount_cents" AS "amount", o."status"
    FROM "meal_order" o
    JOIN "memb_member" m ON m."id" = o."member_id"
    LEFT JOIN "meal_canteen" c ON c."id" = o."canteen_id"
    WHERE ${work.alias('o', { live: true })}`,
  departments: (work) => sql`
    SELECT d."id", d."depart_name" AS "departName", d."org_code" AS "orgCode", p."depart_name" AS "parentName",
      d."org_category" AS "orgCategory", d."description"
    FROM "departments" d
    LEFT JOIN "departments" p ON p."id" = d."parent_id"
    WHERE ${work.alias('d')}`,
};

/** The query behind a source: the product's, or the area's that declares it (`ServerArea.reportQueries`). */
export function sourceQuery(code: string): ((work: Work) => SQL) | undefined {
  return PRODUCT_QUERIES[code] ?? serverAreas().find((area) => area.reportQueries?.[code])?.reportQueries?.[code];
}
