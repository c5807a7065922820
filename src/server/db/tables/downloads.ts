import { customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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

/** Bytes, as PostgreSQL's bytea. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A finished export's file, in pieces of at most 1 MB: kept in the database so that any server
 * instance can hand it out, whichever one wrote it.
 */
export const downloadChunks = pgTable(
  'download_chunks',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => downloadJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
