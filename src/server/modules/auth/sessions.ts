import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** Sessions are extended at most this often, so a busy user does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  sessionId: string;
  userId: string;
  tenantId: number;
  username: string;
  status: number;
  delFlag: number;
}

export function createSessionStore(db: Database, ttlMinutes: number) {
  const ttlMs = ttlMinutes * 60_000;

  return {
    /** Issues a new random token and stores only its hash. */
    async create(userId: string, tenantId: number, meta: { ip?: string; userAgent?: string }): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      await db.insert(sessions).values({
        id: hashToken(token),
        userId,
        tenantId,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      });
      return token;
    },

    /** Finds a live session and slides its idle expiry; expired sessions are removed. */
    async resolve(token: string): Promise<SessionUser | null> {
      const id = hashToken(token);
      const [row] = await db
        .select({
          sessionId: sessions.id,
          userId: sessions.userId,
          tenantId: sessions.tenantId,
          expiresAt: sessions.expiresAt,
          lastSeenAt: sessions.lastSeenAt,
          username: users.username,
          status: users.status,
          delFlag: users.delFlag,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, id));
      if (!row) return null;
      const now = Date.now();
      if (row.expiresAt.getTime() <= now) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      if (now - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + ttlMs) })
          .where(eq(sessions.id, id));
      }
      const { expiresAt: _expiresAt, lastSeenAt: _lastSeenAt, ...user } = row;
      return user;
    },

    async revoke(token: string): Promise<boolean> {
      const removed = await db.delete(sessions).where(eq(sessions.id, hashToken(token))).returning({ id: sessions.id });
      return removed.length > 0;
    },

    /** Ends every session of a user (password change, freeze). */
    async revokeAllOf(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async purgeExpired(): Promise<void> {
      await db.delete(sessions).where(and(lt(sessions.expiresAt, new Date())));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
