import { sql, type SQL } from 'drizzle-orm';
import type { Work } from '@server/db/work';

/** The queries behind 食材供应's online-report sources (declared in ../shared/reportSources.ts), aliased by the columns' keys. */
export const supplyReportQueries: Readonly<Record<string, (work: Work) => SQL>> = {
  stock: (work) => sql`
    SELECT s."id", c."name" AS "canteenName", i."code" AS "ingredientCode", i."name" AS "ingredientName", s."category",
      s."unit", s."qty_milli" AS "qty", s."amount_cents" AS "amount", s."next_expiry" AS "nextExpiry", s."stock_state" AS "stockState"
    FROM "v_sup_stock" s
    JOIN "sup_ingredient" i ON i."id" = s."ingredient_id"
    LEFT JOIN "meal_canteen" c ON c."id" = s."canteen_id"
    WHERE ${work.alias('s', { live: true })}`,
  suppliers: (work) => sql`
    SELECT s."id", s."code", s."name", s."contact", s."phone", s."categories", s."status",
      s."food_license_expiry" AS "foodLicenseExpiry"
    FROM "sup_supplier" s
    WHERE ${work.alias('s', { live: true })}`,
};
