/**
 * 商铺管理 (DOMAIN.md §13): the shops on campus (a supermarket, a stationer's, a barber) in their
 * categories, the terminals each takes card payments on, and its settlements — what its terminals
 * took, less refunds, commission and rent, paid out of 2004 商户应付 through the ledger.
 */
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from '@server/db/tables/common';
import { devices } from '@server/db/tables/devices';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const shopCategories = pgTable(
  'shop_category',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    code: text('code'),
    sortNo: integer('sort_no').notNull().default(0),
    /** A lucide icon's name, shown beside the category. */
    icon: text('icon'),
    /** enable_status: 1 启用 · 0 停用. */
    status: text('status').notNull().default('1'),
  },
  (t) => [
    uniqueIndex('shop_category_name_key')
      .on(t.tenantId, t.name)
      .where(sql`del_flag = 0`),
    uniqueIndex('shop_category_code_key')
      .on(t.tenantId, t.code)
      .where(sql`del_flag = 0 and code is not null`),
  ],
);

export const shops = pgTable(
  'shop_shop',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    categoryId: text('category_id')
      .notNull()
      .references(() => shopCategories.id),
    location: text('location'),
    manager: text('manager').notNull(),
    phone: text('phone').notNull(),
    /** 营业时间 as it is told (07:00-21:00). */
    openHours: text('open_hours'),
    /** shop_status: 1 营业 · 2 暂停 · 3 关闭. */
    status: text('status').notNull().default('1'),
    /** 提成/管理费 in thousandths of the takings. */
    commissionPermille: integer('commission_permille').notNull().default(0),
    rent: cents('rent_cents'),
    contractStart: date('contract_start', { mode: 'string' }),
    contractEnd: date('contract_end', { mode: 'string' }),
    image: text('image'),
    intro: text('intro'),
    /** The instant its last settlement counted up to (the end of a school day); null: never settled. */
    settledUntil: timestamp('settled_until', { withTimezone: true, mode: 'date' }),
    /** The school day that instant ends, as the list shows it. */
    settledTo: date('settled_to', { mode: 'string' }),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('shop_shop_name_key')
      .on(t.tenantId, t.name)
      .where(sql`del_flag = 0`),
    index('shop_shop_category_idx').on(t.categoryId),
  ],
);

/** 绑定终端: a terminal takes payments for one shop at most. */
export const shopTerminals = pgTable(
  'shop_terminal',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    terminalId: text('terminal_id')
      .notNull()
      .references(() => devices.id),
    sortNo: integer('sort_no').notNull().default(0),
  },
  (t) => [uniqueIndex('shop_terminal_terminal_key').on(t.terminalId), index('shop_terminal_shop_idx').on(t.shopId, t.sortNo)],
);

/** 结算 (商户解款): one period of a shop's takings paid out, with the posting that paid it. */
export const shopSettlements = pgTable(
  'shop_settlement',
  {
    ...businessColumns(),
    /** JS + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    /** The school days the period covers (from the day after the last settlement). */
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    payments: integer('payments').notNull().default(0),
    takings: cents('takings_cents'),
    refunds: cents('refunds_cents'),
    commission: cents('commission_cents'),
    rentMonths: integer('rent_months').notNull().default(0),
    rent: cents('rent_cents'),
    /** 应付 = takings − refunds − commission − rent. */
    payable: cents('payable_cents'),
    /** settle_way: 1 现金 · 2 银行转账. */
    payWay: text('pay_way').notNull().default('2'),
    txnNo: text('txn_no'),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('shop_settlement_bill_key').on(t.tenantId, t.billNo), index('shop_settlement_shop_idx').on(t.shopId, t.periodTo)],
);
