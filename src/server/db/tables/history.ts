import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every action and edit of an engine record, in one table (the per-record history panel): who,
 * when, what it did, the states it moved from and to, what the user gave and, for an edit, each
 * changed field before and after. Append-only: the database refuses UPDATE and DELETE of its rows.
 */
export const recordHistory = pgTable(
  'sys_record_history',
  {
    /** Ascending: rows of one instant keep the order they were written in. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    /** The declaration's id (`members.visitor`). */
    entity: text('entity').notNull(),
    recordId: text('record_id').notNull(),
    /** `add`, `edit`, `delete`, or a flow action's id (`submit`, `audit`). */
    action: text('action').notNull(),
    /** Status fields before and after (a flow action), or null. */
    fromState: jsonb('from_state').$type<Record<string, string | null>>(),
    toState: jsonb('to_state').$type<Record<string, string | null>>(),
    /** The action's inputs as given (a reason, a date). */
    inputs: jsonb('inputs').$type<Record<string, unknown>>(),
    /** An edit's changed fields: key → [before, after]. */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>(),
    note: text('note'),
    operator: text('operator').notNull(),
    createdAt: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sys_record_history_record_idx').on(t.tenantId, t.entity, t.recordId, t.seq)],
);
