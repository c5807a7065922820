/** 缴费管理's tables (DOMAIN.md §7): the school's years and terms. */
import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';

/** 学年学期: the school's terms, one of them current (what bills and scores default to). */
export const schoolTerms = pgTable(
  'pay_school_term',
  {
    ...businessColumns(),
    /** 2025-2026. */
    schoolYear: text('school_year').notNull(),
    /** school_term: 1 第一学期 · 2 第二学期 · 3 暑期 · 4 寒假. */
    term: text('term').notNull(),
    /** 学年 and 学期 in words (2025-2026 第一学期): how lists name it. */
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    weeks: integer('weeks'),
    isCurrent: boolean('is_current').notNull().default(false),
    /** valid_status: 1 有效 · 0 无效. */
    status: text('status').notNull().default('1'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('pay_school_term_key')
      .on(t.tenantId, t.schoolYear, t.term)
      .where(sql`del_flag = 0`),
    // One current term a school.
    uniqueIndex('pay_school_term_current_key')
      .on(t.tenantId)
      .where(sql`del_flag = 0 and is_current`),
  ],
);
