import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';

/** Online 报表: a report over one of the developers' sources (shared/online/reportSources.ts). */
export const onlineReports = pgTable(
  'onl_report',
  {
    ...businessColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** onl_report_source: the source's code. */
    source: text('source').notNull(),
    pageSize: integer('page_size').notNull().default(10),
    sortColumn: text('sort_column'),
    /** onl_sort_order: asc · desc. */
    sortOrder: text('sort_order').notNull().default('asc'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('onl_report_code_key')
      .on(t.tenantId, t.code)
      .where(sql`del_flag = 0`),
  ],
);

/** A report's columns in their order: the source's field, its title and dictionary, and how it is searched. */
export const onlineReportColumns = pgTable(
  'onl_report_column',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    reportId: text('report_id')
      .notNull()
      .references(() => onlineReports.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    title: text('title'),
    dictCode: text('dict_code'),
    /** onl_query_mode: eq · like · range; null: not a query field. */
    queryMode: text('query_mode'),
    /** yn: '1' shown only when the query area is expanded. */
    hidden: text('hidden').notNull().default('0'),
    width: integer('width'),
    sortNo: integer('sort_no').notNull().default(0),
  },
  (t) => [index('onl_report_column_report_idx').on(t.reportId, t.sortNo)],
);
