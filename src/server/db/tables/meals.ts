/** 订餐管理's tables (DOMAIN.md §6); their columns match the declarations in src/shared/entities/meals. */
import { bigint, boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { businessColumns } from './common';
import { members } from './members';

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
  (t) => [
    uniqueIndex('meal_canteen_code_key')
      .on(t.tenantId, t.code)
      .where(sql`del_flag = 0`),
    index('meal_canteen_tenant_idx').on(t.tenantId, t.sortNo),
  ],
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
  (t) => [
    uniqueIndex('meal_store_code_key')
      .on(t.tenantId, t.code)
      .where(sql`del_flag = 0`),
    index('meal_store_canteen_idx').on(t.canteenId),
  ],
);

export const mealTables = pgTable(
  'meal_table',
  {
    ...businessColumns(),
    tableNo: text('table_no').notNull(),
    canteenId: text('canteen_id')
      .notNull()
      .references(() => mealCanteens.id),
    area: text('area'),
    seats: integer('seats').notNull().default(4),
    tableType: text('table_type').notNull().default('1'),
    status: text('status').notNull().default('1'),
  },
  (t) => [index('meal_table_canteen_idx').on(t.canteenId, t.tableNo)],
);

export const mealDishCategories = pgTable(
  'meal_dish_category',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    /** Null: a category of every canteen. */
    canteenId: text('canteen_id').references(() => mealCanteens.id),
    icon: text('icon'),
    status: text('status').notNull().default('1'),
    sortNo: integer('sort_no').notNull().default(0),
  },
  (t) => [index('meal_dish_category_tenant_idx').on(t.tenantId, t.sortNo)],
);

export const mealConfigs = pgTable(
  'meal_config',
  {
    ...businessColumns(),
    mealName: text('meal_name').notNull(),
    mealType: text('meal_type').notNull().default('2'),
    /** Null: the school's default for canteens without their own. */
    canteenId: text('canteen_id').references(() => mealCanteens.id),
    /** `HH:mm`. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    orderMode: text('order_mode').notNull().default('1'),
    advanceDays: integer('advance_days'),
    orderDeadline: text('order_deadline').notNull(),
    cancelDeadline: text('cancel_deadline'),
    /** Integer cents. */
    standardPrice: bigint('standard_price_cents', { mode: 'number' }),
    /** Integer cents: what a meal missed on leave gives back (退餐单价; null: the standard price). */
    leaveRefundPrice: bigint('leave_refund_price_cents', { mode: 'number' }),
    noShowPolicy: text('no_show_policy').notNull().default('1'),
    unorderedPolicy: text('unordered_policy').notNull().default('1'),
    /** Integer cents. */
    surcharge: bigint('surcharge_cents', { mode: 'number' }),
    perMealLimit: integer('per_meal_limit'),
    /** meal_charge_mode: 1 下单即扣 (the order is paid when placed) · 2 就餐时扣 (when the terminal serves it). */
    chargeMode: text('charge_mode').notNull().default('1'),
    status: text('status').notNull().default('1'),
  },
  (t) => [index('meal_config_canteen_idx').on(t.tenantId, t.canteenId)],
);

export const mealBuffetRules = pgTable(
  'meal_buffet_rule',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    canteenId: text('canteen_id')
      .notNull()
      .references(() => mealCanteens.id),
    mealType: text('meal_type').notNull(),
    pricingMode: text('pricing_mode').notNull().default('1'),
    /** Integer cents, per visit or per 100 g. */
    unitPrice: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    perMealLimit: integer('per_meal_limit'),
    /** Integer cents. */
    overtimeSurcharge: bigint('overtime_surcharge_cents', { mode: 'number' }),
    /** `YYYY-MM-DD`. */
    validFrom: text('valid_from'),
    validTo: text('valid_to'),
    status: text('status').notNull().default('1'),
  },
  (t) => [index('meal_buffet_rule_canteen_idx').on(t.canteenId)],
);

export const mealCombos = pgTable(
  'meal_combo',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    canteenId: text('canteen_id')
      .notNull()
      .references(() => mealCanteens.id),
    storeId: text('store_id').references(() => mealStores.id),
    /** Comma list of `meal_type` values. */
    mealTypes: text('meal_types').notNull(),
    categoryId: text('category_id').references(() => mealDishCategories.id),
    /** Integer cents. */
    price: bigint('price_cents', { mode: 'number' }).notNull(),
    dailyLimit: integer('daily_limit'),
    needsBooking: boolean('needs_booking').notNull().default(false),
    status: text('status').notNull().default('3'),
    image: text('image'),
    description: text('description'),
  },
  (t) => [index('meal_combo_canteen_idx').on(t.tenantId, t.canteenId)],
);

/** A combo's dishes, written with the combo (its form's sub-table), in order. */
export const mealComboItems = pgTable(
  'meal_combo_item',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    comboId: text('combo_id')
      .notNull()
      .references(() => mealCombos.id, { onDelete: 'cascade' }),
    dishName: text('dish_name').notNull(),
    portion: text('portion'),
    sortNo: integer('sort_no').notNull().default(0),
  },
  (t) => [index('meal_combo_item_combo_idx').on(t.comboId, t.sortNo)],
);

export const mealWhiteList = pgTable(
  'meal_white_list',
  {
    ...businessColumns(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    whiteType: text('white_type').notNull().default('1'),
    /** Empty: every canteen of the school. */
    canteenId: text('canteen_id').references(() => mealCanteens.id),
    /** Comma list of meal_type values; empty: every meal. */
    mealType: text('meal_type'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    approver: text('approver'),
    status: text('status').notNull().default('1'),
  },
  (t) => [index('meal_white_list_member_idx').on(t.tenantId, t.memberId), index('meal_white_list_valid_idx').on(t.tenantId, t.validFrom)],
);
