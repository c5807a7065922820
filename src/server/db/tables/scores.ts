/**
 * 综合评分 (DOMAIN.md 2.9): points added or taken per pupil, term and dimension — never changed,
 * only revoked with a reason — and the per-class summary over them.
 */
import { index, integer, pgTable, pgView, text, timestamp } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';
import { members } from './members';

const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const scoreRecords = pgTable(
  'memb_score_record',
  {
    ...businessColumns(),
    /** Filled with the current term when left blank. */
    termId: text('term_id'),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    /** The pupil's class when it was recorded (the summary's class). */
    deptId: text('dept_id').notNull(),
    /** score_dimension: 1 品德表现 · 2 学业水平 · 3 身心健康 · 4 艺术素养 · 5 社会实践 · 6 文明就餐. */
    dimension: text('dimension').notNull(),
    /** score_sign: 1 加分 · 2 扣分. */
    sign: text('sign').notNull(),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    /** score_source: 1 手工 · 2 考勤 · 3 就餐 · 4 活动. */
    source: text('source').notNull().default('1'),
    recordBy: text('record_by'),
    recordTime: when('record_time').notNull().defaultNow(),
    /** score_status: 1 有效 · 0 已撤销. */
    status: text('status').notNull().default('1'),
    revokeBy: text('revoke_by'),
    revokeTime: when('revoke_time'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('memb_score_record_term_idx').on(t.tenantId, t.termId, t.deptId), index('memb_score_record_member_idx').on(t.memberId)],
);

/**
 * 综合评分's 班级汇总 (migration 0052): each pupil in service of a class for each term scores were given in — every
 * dimension's net points, the total on the base of 80, the rank in the class and the grade.
 */
export const scoreSummaries = pgView('v_score_summary', {
  id: text('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  delFlag: integer('del_flag').notNull(),
  termId: text('term_id').notNull(),
  memberId: text('member_id').notNull(),
  memberNo: text('member_no').notNull(),
  deptId: text('dept_id').notNull(),
  morality: integer('morality').notNull(),
  academic: integer('academic').notNull(),
  health: integer('health').notNull(),
  arts: integer('arts').notNull(),
  practice: integer('practice').notNull(),
  dining: integer('dining').notNull(),
  total: integer('total').notNull(),
  classRank: integer('class_rank').notNull(),
  grade: text('grade').notNull(),
}).existing();
