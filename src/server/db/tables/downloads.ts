import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The download centre: exports run as jobs, listed for their owner with their state — '0'
 * generating, '1' ready (with the file), '2' failed (with the reason).
 */
export const downloadJobs = pgTable(
  'download_jobs',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    ownerId: text('owner_id').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').notNull().default('0'),
    msg: text('msg'),
    /** Rows written so far, for the progress shown while generating. */
    rows: integer('rows').notNull().default(0),
    size: integer('size'),
    createdAt: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('update_time', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('download_jobs_owner_idx').on(t.ownerId, t.createdAt)],
);
