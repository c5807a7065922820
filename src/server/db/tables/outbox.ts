/**
 * What must happen after a change commits (tell sockets, text parents, run a job now), written in
 * the change's own transaction and delivered by a worker at least once (db/outbox.ts): a crash
 * between the commit and the delivery loses nothing, and a failure is kept, shown and retried.
 */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const outbox = pgTable(
  'sys_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    /** The handler that delivers it (`message.deliver`, `job.run` …). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** queued · done · failed (gave up after its attempts; retried by hand). */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time: the backoff after a failure. */
    nextAt: timestamp('next_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A delivery in hand until this time; past it, another worker takes it again (its deliverer died). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** What the delivery said (the words shown to whoever asked for it). */
    result: jsonb('result').$type<Record<string, string>>(),
    createBy: text('create_by'),
    createdAt: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sys_outbox_due_idx').on(t.state, t.nextAt), index('sys_outbox_tenant_idx').on(t.tenantId, t.createdAt)],
);
