/**
 * Where each school's jobs that follow the ledger and the gates stopped (消费提醒, 到离校提醒, 消费满减):
 * the time and id of the last event taken, so a run takes each event once and never the history
 * before its first run.
 */
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const eventMarks = pgTable(
  'sys_event_mark',
  {
    tenantId: integer('tenant_id').notNull(),
    /** CONSUME · ARRIVAL (the notices' templates) · SPEND_GIFT (消费满减). */
    kind: text('kind').notNull(),
    markTime: timestamp('mark_time', { withTimezone: true, mode: 'date' }).notNull(),
    markId: text('mark_id').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] })],
);
