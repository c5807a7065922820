import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Daily bill numbers: prefix + the school's yyyyMMdd + a 4-digit sequence (CG202611260001). */
export const billSequences = pgTable(
  'sys_bill_seq',
  {
    tenantId: integer('tenant_id').notNull(),
    prefix: text('prefix').notNull(),
    day: text('day').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [uniqueIndex('sys_bill_seq_key').on(t.tenantId, t.prefix, t.day)],
);
