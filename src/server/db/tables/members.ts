/** 人员与卡务's tables (DOMAIN.md §2); their columns match the declarations in src/shared/entities/members. */
import { bigint, boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
