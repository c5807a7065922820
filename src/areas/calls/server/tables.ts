/**
 * 亲情通话 (DOMAIN.md §12): the family numbers a pupil may ring (up to four, audited, pushed to the
 * phones), the phones themselves (signed devices), the packages a school sells, each pupil's
 * subscriptions — bills paid from the card through the ledger — and the calls the phones post.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { billMoneyColumns } from '@server/db/tables/billColumns';
import { businessColumns } from '@server/db/tables/common';
import { members } from '@server/db/tables/members';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** 通话成员: a number a pupil may ring. */
export const callNumbers = pgTable(
  'call_member',
  {
    ...businessColumns(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    phone: text('phone').notNull(),
    /** parent_relation: 父亲, 母亲 … */
    relation: text('relation').notNull(),
    /** 序号 1–4: the phone's speed-dial key. */
    seq: integer('seq').notNull().default(1),
    allowVideo: boolean('allow_video').notNull().default(false),
    /** call_number_status: 1 启用 · 2 停用. */
    status: text('status').notNull().default('1'),
    /** call_audit: 0 待审核 · 1 已通过 · 2 已驳回. */
    auditStatus: text('audit_status').notNull().default('0'),
    /** call_source: 1 后台 · 2 家长端. */
    source: text('source').notNull().default('1'),
    auditBy: text('audit_by'),
    auditAt: when('audit_time'),
    rejectReason: text('reject_reason'),
    /** call_push: 0 待下发 · 1 已下发. */
    pushStatus: text('push_status').notNull().default('0'),
    pushedAt: when('pushed_at'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('call_member_phone_key')
      .on(t.memberId, t.phone)
      .where(sql`del_flag = 0`),
    uniqueIndex('call_member_seq_key')
      .on(t.memberId, t.seq)
      .where(sql`del_flag = 0`),
    index('call_member_tenant_idx').on(t.tenantId, t.auditStatus),
  ],
);

/** 亲情话机: a phone on campus, signing its requests with its own key. */
export const callPhones = pgTable(
  'call_phone',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    serialNo: text('serial_no').notNull(),
    location: text('location'),
    /** call_device: 1 语音话机 · 2 视频话机. */
    deviceType: text('device_type').notNull().default('1'),
    /** enable_status: 1 启用 · 0 停用. */
    status: text('status').notNull().default('1'),
    secret: text('secret'),
    lastSeenAt: when('last_seen_at'),
    /** When it last took the numbers (下发). */
    syncedAt: when('synced_at'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('call_phone_serial_key')
      .on(t.serialNo)
      .where(sql`del_flag = 0`),
  ],
);

/** 通话套餐: what a school sells, by the month. */
export const callPackages = pgTable(
  'call_package',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    /** call_kind: 1 语音 · 2 视频 · 3 语音+视频. */
    kind: text('kind').notNull().default('1'),
    monthlyMinutes: integer('monthly_minutes').notNull(),
    price: cents('price_cents'),
    /** 有效期(月): how long one purchase lasts. */
    validMonths: integer('valid_months').notNull().default(1),
    /** call_device, a comma list: the phones it may be used on. */
    deviceTypes: text('device_types'),
    /** package_status: 1 上架 · 0 下架. */
    status: text('status').notNull().default('1'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('call_package_name_key')
      .on(t.tenantId, t.name)
      .where(sql`del_flag = 0`),
  ],
);

/**
 * A pupil's subscription to a package: a bill (TC…) paid from the card (缴费项目 6 亲情通话套餐), live
 * from its start to its end once paid, its minutes counted down month by month.
 */
export const callSubscriptions = pgTable(
  'call_subscription',
  {
    ...businessColumns(),
    billNo: text('bill_no').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    packageId: text('package_id')
      .notNull()
      .references(() => callPackages.id),
    months: integer('months').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    monthlyMinutes: integer('monthly_minutes').notNull().default(0),
    /** Minutes left in `minutesMonth` (YYYY-MM); a new month starts again from monthlyMinutes. */
    minutesLeft: integer('minutes_left').notNull().default(0),
    minutesMonth: text('minutes_month'),
    /** call_sub_status: 0 待支付 · 1 生效 · 2 已过期 · 3 已退订. */
    status: text('status').notNull().default('0'),
    // A subscription is a bill: the same money columns as every kind.
    ...billMoneyColumns(),
    /** call_pay_status: 0 未缴 · 1 部分缴费 · 2 已缴清 · 3 已退费. */
    payStatus: text('pay_status').notNull().default('0'),
    lastPayWay: text('last_pay_way'),
    lastPayTime: when('last_pay_time'),
    receiptNo: text('receipt_no'),
    /** 续期: the subscription this one follows. */
    renewalOf: text('renewal_of'),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('call_subscription_bill_key').on(t.tenantId, t.billNo), index('call_subscription_member_idx').on(t.memberId, t.endDate)],
);

/** A call a phone posted: who rang whom, how long, and the minutes it took. */
export const callRecords = pgTable(
  'call_record',
  {
    ...businessColumns(),
    phoneId: text('phone_id')
      .notNull()
      .references(() => callPhones.id),
    /** The phone's own number of the call: a record sent twice is kept once. */
    serialNo: text('serial_no').notNull(),
    memberId: text('member_id').references(() => members.id),
    cardNo: text('card_no'),
    dialled: text('dialled').notNull(),
    relation: text('relation'),
    video: boolean('video').notNull().default(false),
    startedAt: when('started_at').notNull(),
    seconds: integer('seconds').notNull(),
    /** Whole minutes begun: what the subscription was charged. */
    minutes: integer('minutes').notNull().default(0),
    subscriptionId: text('subscription_id').references(() => callSubscriptions.id),
    /** call_result: 1 已接通 · 2 拒绝. */
    result: text('result').notNull().default('1'),
    refuseReason: text('refuse_reason'),
  },
  (t) => [uniqueIndex('call_record_serial_key').on(t.phoneId, t.serialNo), index('call_record_time_idx').on(t.tenantId, t.startedAt.desc())],
);
