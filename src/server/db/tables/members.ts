/** 人员与卡务's tables (DOMAIN.md §2); their columns match the declarations in src/shared/entities/members. */
import { bigint, boolean, date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { businessColumns } from './common';

export const memberTypes = pgTable(
  'memb_member_type',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** Integer cents, as every money column. */
    deposit: bigint('deposit_cents', { mode: 'number' }).notNull().default(0),
    cardFee: bigint('card_fee_cents', { mode: 'number' }).notNull().default(0),
    replaceFee: bigint('replace_fee_cents', { mode: 'number' }).notNull().default(0),
    validMonths: integer('valid_months').notNull().default(48),
    singleLimit: bigint('single_limit_cents', { mode: 'number' }),
    dailyLimit: bigint('daily_limit_cents', { mode: 'number' }),
    dailyLimitCount: integer('daily_limit_count'),
    overLimitPassword: boolean('over_limit_pwd').notNull().default(false),
    allowOffline: boolean('allow_offline').notNull().default(true),
    allowOverdraft: boolean('allow_overdraft').notNull().default(false),
    /** 透支额度: how far below zero cash may go where overdraft is allowed. */
    overdraftLimit: bigint('overdraft_limit_cents', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().default('1'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('memb_member_type_name_key')
      .on(t.tenantId, t.name)
      .where(sql`del_flag = 0`),
    uniqueIndex('memb_member_type_code_key')
      .on(t.tenantId, t.code)
      .where(sql`del_flag = 0`),
  ],
);

export const members = pgTable(
  'memb_member',
  {
    ...businessColumns(),
    memberNo: text('member_no').notNull(),
    realName: text('real_name').notNull(),
    sex: text('sex').notNull().default('1'),
    memberTypeId: text('member_type_id')
      .notNull()
      .references(() => memberTypes.id),
    /** A node of the 人员部门 tree (member_departments). */
    deptId: text('dept_id').notNull(),
    memberStatus: text('member_status').notNull().default('1'),
    mobile: text('mobile'),
    idType: text('id_type').default('1'),
    idNo: text('id_no'),
    boardingType: text('boarding_type').default('1'),
    mealPlan: text('meal_plan').default('1'),
    dorm: text('dorm'),
    enrollDate: date('enroll_date', { mode: 'string' }),
    leaveDate: date('leave_date', { mode: 'string' }),
    photo: text('photo'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('memb_member_no_key')
      .on(t.tenantId, t.memberNo)
      .where(sql`del_flag = 0`),
    index('memb_member_dept_idx').on(t.tenantId, t.deptId),
    index('memb_member_name_idx').on(t.tenantId, t.realName),
  ],
);

/** 家长名单 (DOMAIN.md 2.16): a parent or guardian bound to a pupil; a parent of two pupils has a row for each. */
export const parents = pgTable(
  'memb_parent',
  {
    ...businessColumns(),
    parentName: text('parent_name').notNull(),
    /** The parent app's sign-in and where notices go. */
    mobile: text('mobile').notNull(),
    /** parent_relation: 1 父亲 · 2 母亲 · 3 爷爷 · 4 奶奶 · 5 外公 · 6 外婆 · 9 其他监护人. */
    relation: text('relation').notNull(),
    studentId: text('student_id')
      .notNull()
      .references(() => members.id),
    isGuardian: boolean('is_guardian').notNull().default(false),
    wxBound: boolean('wx_bound').notNull().default(false),
    receiveNotice: boolean('receive_notice').notNull().default(true),
    allowRecharge: boolean('allow_recharge').notNull().default(true),
    pickupCardNo: text('pickup_card_no'),
    status: text('status').notNull().default('1'),
    /** When the last invitation SMS to the parent app went out (发邀请短信). */
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
    remark: text('remark'),
  },
  (t) => [
    // One binding of a phone number to a pupil.
    uniqueIndex('memb_parent_student_mobile_key')
      .on(t.tenantId, t.studentId, t.mobile)
      .where(sql`del_flag = 0`),
    index('memb_parent_mobile_idx').on(t.tenantId, t.mobile),
  ],
);

/**
 * 访客管理 (DOMAIN.md 2.11): a visit from registration to departure. The status moves only by the
 * named operations (审核, 签到, 签离, 取消): 0 待审核 → 1 已通过 | 2 已拒绝; 1 → 3 已到访 → 4 已离开; 0/1 → 6 已取消.
 */
export const visitors = pgTable(
  'memb_visitor',
  {
    ...businessColumns(),
    visitorName: text('visitor_name').notNull(),
    mobile: text('mobile').notNull(),
    idType: text('id_type'),
    idNo: text('id_no'),
    company: text('company'),
    /** visit_reason: 1 公务 · 2 家长探访 · 3 送物 · 4 施工维修 · 5 面试 · 9 其他. */
    visitReason: text('visit_reason').notNull(),
    hostMemberId: text('host_member_id')
      .notNull()
      .references(() => members.id),
    visitTime: timestamp('visit_time', { withTimezone: true, mode: 'date' }).notNull(),
    expectedLeaveTime: timestamp('expected_leave_time', { withTimezone: true, mode: 'date' }),
    companions: integer('companions').notNull().default(0),
    plateNo: text('plate_no'),
    /** visitor_register_mode: 1 预约 · 2 现场 · 3 被访人代约. */
    registerMode: text('register_mode').notNull().default('2'),
    /** visitor_pass: 1 二维码 · 2 临时卡 · 3 人脸. */
    passType: text('pass_type').notNull().default('2'),
    /** visitor_status, moved only by the named operations. */
    visitStatus: text('visit_status').notNull().default('0'),
    tempCardNo: text('temp_card_no'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true, mode: 'date' }),
    leftAt: timestamp('left_at', { withTimezone: true, mode: 'date' }),
    checkBy: text('check_by'),
    checkRemark: text('check_remark'),
    remark: text('remark'),
  },
  (t) => [index('memb_visitor_time_idx').on(t.tenantId, t.visitTime), index('memb_visitor_status_idx').on(t.tenantId, t.visitStatus)],
);

/** 人员类型与折扣's discount rows: a member type's price at a canteen and meal, in thousandths. */
export const typeDiscounts = pgTable(
  'memb_type_discount',
  {
    ...businessColumns(),
    memberTypeId: text('member_type_id')
      .notNull()
      .references(() => memberTypes.id),
    /** Null: every canteen. */
    canteenId: text('canteen_id'),
    /** meal_type; null: every meal. */
    mealType: text('meal_type'),
    /** Null: every store of the canteen. */
    storeId: text('store_id'),
    /** What the rule is called (早餐补贴). */
    name: text('name').notNull(),
    discountPermille: integer('discount_permille').notNull().default(1000),
    /** A set price instead of the discount: the member pays this (or the price, when lower). */
    fixedPrice: bigint('fixed_price_cents', { mode: 'number' }),
    /** meal_allowance_mode: 0 无 · 1 固定补贴 · 2 免费餐 · 3 比率餐补 — what the school pays of the meal. */
    allowanceMode: text('allowance_mode').notNull().default('0'),
    allowance: bigint('allowance_cents', { mode: 'number' }),
    allowancePermille: integer('allowance_permille'),
    /** allowance_validity: 1 当日有效 (what a meal leaves unused is lost) · 2 永久有效 (it goes to the subsidy wallet). */
    allowanceValidity: text('allowance_validity').notNull().default('1'),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
  },
  (t) => [index('memb_type_discount_type_idx').on(t.tenantId, t.memberTypeId)],
);

/**
 * 访客黑名单: people the gate no longer lets register (拉黑 on a visit). A registration whose mobile or
 * ID number is listed is refused; removing the row lifts the block.
 */
export const visitorBlocks = pgTable(
  'memb_visitor_block',
  {
    ...businessColumns(),
    visitorName: text('visitor_name').notNull(),
    mobile: text('mobile').notNull(),
    idNo: text('id_no'),
    reason: text('reason').notNull(),
    /** The visit it was raised from. */
    visitorId: text('visitor_id').references(() => visitors.id),
  },
  (t) => [
    uniqueIndex('memb_visitor_block_mobile_key')
      .on(t.tenantId, t.mobile)
      .where(sql`del_flag = 0`),
  ],
);

/**
 * 请假管理 (DOMAIN.md 2.5): a member's leave, from its request to its approval and the early return
 * (销假). An approved leave is what attendance, the gate and meal stops read.
 */
export const leaves = pgTable(
  'memb_leave',
  {
    ...businessColumns(),
    /** QJ + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    /** The member's class when the leave was asked for (a leave stays with the class it was taken in). */
    className: text('class_name'),
    /** leave_type: 1 事假 · 2 病假 · 3 公假 · 4 实习 · 9 其他. */
    leaveType: text('leave_type').notNull(),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }).notNull(),
    /** Half days of the school's days it covers (0.5, 1, 1.5 …). */
    days: doublePrecision('days').notNull().default(0),
    refundMeal: boolean('refund_meal').notNull().default(false),
    /** meal_type values, a comma list: the meals it stops. */
    mealTypes: text('meal_types'),
    reason: text('reason').notNull(),
    attachments: text('attachments'),
    applicant: text('applicant'),
    /** leave_source: 1 家长端 · 2 班主任代填 · 3 本人 · 4 后台. */
    source: text('source').notNull().default('4'),
    /** leave_status: 0 待审批 · 1 已通过 · 2 已驳回 · 3 已撤销 · 4 已销假 — moved only by its flow. */
    approveStatus: text('approve_status').notNull().default('0'),
    approveBy: text('approve_by'),
    approveTime: timestamp('approve_time', { withTimezone: true, mode: 'date' }),
    approveOpinion: text('approve_opinion'),
    backTime: timestamp('back_time', { withTimezone: true, mode: 'date' }),
    gatePass: boolean('gate_pass').notNull().default(false),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('memb_leave_no_key').on(t.tenantId, t.billNo), index('memb_leave_time_idx').on(t.tenantId, t.startTime), index('memb_leave_member_idx').on(t.memberId, t.startTime)],
);

/**
 * 业主管理 (DOMAIN.md 2.12): the owners, their families and tenants of the school's houses (staff
 * housing, shops), shared with 物业. The house register arrives with 物业: until then a house is
 * named by its building and number.
 */
export const owners = pgTable(
  'prop_owner',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    idNo: text('id_no'),
    /** owner_role: 1 业主 · 2 家属 · 3 租户. */
    ownerRole: text('owner_role').notNull(),
    /** The houses, by building and number (3栋1单元1201), a comma list. */
    houses: text('houses').notNull(),
    moveInDate: date('move_in_date', { mode: 'string' }),
    moveOutDate: date('move_out_date', { mode: 'string' }),
    /** owner_status: 1 已入住 · 2 未入住 · 3 已迁出 — 迁出 only by its flow. */
    status: text('status').notNull().default('1'),
    /** A member of staff who lives here (教职工住户). */
    memberId: text('member_id').references(() => members.id),
    carCount: integer('car_count').notNull().default(0),
    /** The access card 发门禁卡 gave: one owner's, in the school. */
    accessCardNo: text('access_card_no'),
    remark: text('remark'),
  },
  (t) => [
    index('prop_owner_name_idx').on(t.tenantId, t.name),
    uniqueIndex('prop_owner_card_key')
      .on(t.tenantId, t.accessCardNo)
      .where(sql`del_flag = 0 and access_card_no is not null`),
  ],
);
