/**
 * 家长端 sign-ins: a parent signs in with the phone the school bound to their child and a texted
 * code, and holds a token for a week. Only the token's hash is kept; a parent is the school and the
 * phone (a parent of two pupils is bound twice, with one phone).
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const parentSessions = pgTable(
  'memb_parent_session',
  {
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    mobile: text('mobile').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('memb_parent_session_mobile_idx').on(t.tenantId, t.mobile)],
);
