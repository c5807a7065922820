/** 物业: the school's houses (DOMAIN.md §14 房屋管理) and their property fees (§7 物业费缴纳). */
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';
import { members, owners } from './members';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** 房屋管理: a house (staff housing, a dormitory, a shop, an office), its area and its owner. */
export const houses = pgTable(
  'prop_house',
  {
    ...businessColumns(),
    building: text('building').notNull(),
    unit: text('unit'),
    floor: integer('floor'),
    room: text('room').notNull(),
    /** 楼栋 + 单元 + 房号 (3栋1单元1201): how lists, bills and owners name it. */
    name: text('name').notNull(),
    layout: text('layout'),
    /** Thousandths of a square metre, so a fee's sum is exact. */
    buildArea: bigint('build_area_milli', { mode: 'number' }).notNull(),
    innerArea: bigint('inner_area_milli', { mode: 'number' }),
    /** house_usage: 1 住宅 · 2 宿舍 · 3 商铺 · 4 办公. */
    usage: text('usage').notNull().default('1'),
    /** house_status: 1 自住 · 2 出租 · 3 空置 · 4 待售 · 5 装修. */
    houseStatus: text('house_status').notNull().default('1'),
    ownerId: text('owner_id').references(() => owners.id),
    /** Integer cents a square metre a month. */
    feePrice: cents('fee_price_cents'),
    handoverDate: date('handover_date', { mode: 'string' }),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('prop_house_name_key')
      .on(t.tenantId, t.name)
      .where(sql`del_flag = 0`),
    index('prop_house_building_idx').on(t.tenantId, t.building),
    index('prop_house_owner_idx').on(t.ownerId),
  ],
);

/**
 * 物业费缴纳: a house's property fee for whole months (计费起止, YYYY-MM), its area × price × months,
 * a waiver audited by a second person, a late fee, and what was paid and refunded — 欠费 kept with them.
 */
export const propertyBills = pgTable(
  'pay_property_bill',
  {
    ...businessColumns(),
    /** WY + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    houseId: text('house_id')
      .notNull()
      .references(() => houses.id),
    /** The house's building and name when billed (the query area's 楼栋). */
    building: text('building').notNull(),
    ownerId: text('owner_id').references(() => owners.id),
    /** Whose card pays 卡余额缴费: the owner's staff member, when they are one. */
    memberId: text('member_id').references(() => members.id),
    area: bigint('area_milli', { mode: 'number' }).notNull(),
    price: cents('price_cents'),
    periodFrom: text('period_from').notNull(),
    periodTo: text('period_to').notNull(),
    months: integer('months').notNull().default(0),
    amount: cents('amount_cents'),
    lateFee: cents('late_fee_cents'),
    /** 应收 = amount + late fee; 欠费 = 应收 − 减免 − (实收 − 退费). */
    due: cents('due_cents'),
    waive: cents('waive_cents'),
    paid: cents('paid_cents'),
    refunded: cents('refunded_cents'),
    cardPaid: cents('card_paid_cents'),
    owed: cents('owed_cents'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** bill_pay_status: 0 未缴 · 1 部分缴 · 2 已缴清 · 3 已退费 · 4 已减免. */
    payStatus: text('pay_status').notNull().default('0'),
    /** waive_status: 0 无 · 1 待审核 · 2 已减免 · 3 已驳回. */
    waiveStatus: text('waive_status').notNull().default('0'),
    waiveRequest: cents('waive_request_cents'),
    waiveReason: text('waive_reason'),
    waiveBy: text('waive_by'),
    waiveTime: when('waive_time'),
    waiveAuditBy: text('waive_audit_by'),
    waiveAuditTime: when('waive_audit_time'),
    lastPayWay: text('last_pay_way'),
    lastPayTime: when('last_pay_time'),
    receiptNo: text('receipt_no'),
    remindCount: integer('remind_count').notNull().default(0),
    lastRemindTime: when('last_remind_time'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('pay_property_bill_no_key').on(t.tenantId, t.billNo),
    // A house is billed once for a first month (overlaps are refused by the hooks).
    uniqueIndex('pay_property_bill_month_key')
      .on(t.houseId, t.periodFrom)
      .where(sql`del_flag = 0`),
    index('pay_property_bill_building_idx').on(t.tenantId, t.building, t.periodFrom),
    index('pay_property_bill_member_idx').on(t.memberId),
  ],
);
