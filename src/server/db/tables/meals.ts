/** 订餐管理's tables (DOMAIN.md §6); their columns match the declarations in src/shared/entities/meals. */
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { businessColumns } from './common';

export const mealCanteens = pgTable(
  'meal_canteen',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    campus: text('campus'),
    location: text('location'),
    manager: text('manager'),
    phone: text('phone'),
    seats: integer('seats'),
    status: text('status').notNull().default('1'),
    requireOrder: boolean('require_order').notNull().default(false),
    allowUnordered: boolean('allow_unordered').notNull().default(true),
    chargeNoShow: boolean('charge_no_show').notNull().default(false),
    allowOutsiders: boolean('allow_outsiders').notNull().default(false),
    sortNo: integer('sort_no').notNull().default(0),
  },
  // Codes are unique among a school's live canteens.
  (t) => [uniqueIndex('meal_canteen_code_key').on(t.tenantId, t.code).where(sql`del_flag = 0`), index('meal_canteen_tenant_idx').on(t.tenantId, t.sortNo)],
);

export const mealStores = pgTable(
  'meal_store',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    canteenId: text('canteen_id')
      .notNull()
      .references(() => mealCanteens.id),
    storeType: text('store_type').notNull().default('1'),
    operator: text('operator'),
    commissionPermille: integer('commission_permille'),
    consumeMode: text('consume_mode').notNull().default('3'),
    /** Integer cents. */
    fixedAmount: bigint('fixed_amount_cents', { mode: 'number' }),
    allowCredit: boolean('allow_credit').notNull().default(false),
    status: text('status').notNull().default('1'),
  },
  (t) => [uniqueIndex('meal_store_code_key').on(t.tenantId, t.code).where(sql`del_flag = 0`), index('meal_store_canteen_idx').on(t.canteenId)],
);
