import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inSchool } from '../../db/work';
import { sessions, users } from '../../db/schema';
import { BUS_RESYNC, type EventBus } from '../../realtime/bus';

/** Sessions are extended at most this often, so a busy user does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;
/** Live sessions a user may hold; signing in once more ends the oldest. */
export const MAX_SESSIONS_PER_USER = 10;
/** Sessions kept in memory per instance; the oldest entries go first beyond this. */
const CACHE_LIMIT = 20_000;
/** The bus channel on which every instance hears of ended sessions. */
const REVOKED_CHANNEL = 'sessions:revoked';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  sessionId: string;
  userId: string;
  tenantId: number;
  username: string;
  status: number;
  delFlag: number;
}

/** Sessions that ended: by id, or every session of a user; `missed` when any may have ended unheard. */
export interface RevokedSessions {
  sessionIds?: string[];
  userId?: string;
  missed?: boolean;
}

interface Cached {
  user: SessionUser;
  expiresAt: number;
  lastSeenAt: number;
}

/**
 * Server-side sessions in the database (so several instances share them), with each instance
 * keeping the live ones it has seen in memory: the guard then costs no query. Ending a session
 * drops it here at once and on every other instance through the event bus, and tells the
 * listeners (open sockets) so they close.
 */
export function createSessionStore(db: Database, ttlMinutes: number, bus?: EventBus) {
  const ttlMs = ttlMinutes * 60_000;
  const cache = new Map<string, Cached>();
  const listeners = new Set<(revoked: RevokedSessions) => void>();
  // Bumped by every revocation: a lookup that started before one does not fill the cache.
  let epoch = 0;

  const forget = (revoked: RevokedSessions) => {
    epoch += 1;
    for (const id of revoked.sessionIds ?? []) cache.delete(id);
    if (revoked.userId) for (const [id, entry] of cache) if (entry.user.userId === revoked.userId) cache.delete(id);
    for (const listener of listeners) listener(revoked);
  };
  bus?.subscribe(REVOKED_CHANNEL, (payload) => forget(payload as RevokedSessions));
  bus?.subscribe(BUS_RESYNC, () => {
    cache.clear();
    forget({ missed: true });
  });

  /** Ends sessions here now, then on every instance (the bus echoes back here too, harmlessly). */
  const announce = async (revoked: RevokedSessions) => {
    forget(revoked);
    await bus?.publish(REVOKED_CHANNEL, revoked);
  };

  const remember = (id: string, entry: Cached) => {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(id, entry);
  };

  async function load(id: string): Promise<Cached | null> {
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
    const { expiresAt, lastSeenAt, ...user } = row;
    return { user, expiresAt: expiresAt.getTime(), lastSeenAt: lastSeenAt.getTime() };
  }

  return {
    /** Issues a new random token and stores only its hash; beyond the cap the oldest sessions end. */
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
      const surplus = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt)).offset(MAX_SESSIONS_PER_USER);
      if (surplus.length) {
        const ids = surplus.map((row) => row.id);
        await db.delete(sessions).where(inArray(sessions.id, ids));
        await announce({ sessionIds: ids });
      }
      return token;
    },

    /** Finds a live session and slides its idle expiry; expired sessions are removed. */
    async resolve(token: string): Promise<SessionUser | null> {
      const id = hashToken(token);
      const now = Date.now();
      let entry = cache.get(id);
      // Another instance may have extended it: look again before calling it expired.
      if (!entry || entry.expiresAt <= now) {
        const started = epoch;
        const loaded = await load(id);
        if (!loaded) {
          cache.delete(id);
          return null;
        }
        if (loaded.expiresAt <= now) {
          cache.delete(id);
          await db.delete(sessions).where(eq(sessions.id, id));
          return null;
        }
        entry = loaded;
        if (started === epoch) remember(id, entry);
        else return entry.user;
      }
      if (now - entry.lastSeenAt >= TOUCH_INTERVAL_MS) {
        entry.lastSeenAt = now;
        entry.expiresAt = now + ttlMs;
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + ttlMs) })
          .where(eq(sessions.id, id));
      }
      return entry.user;
    },

    /** Ends one session (sign-out); false when there was none. */
    async revoke(token: string): Promise<boolean> {
      const id = hashToken(token);
      const removed = await db.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
      await announce({ sessionIds: [id] });
      return removed.length > 0;
    },

    /** Ends every session of a user (password change, freeze, delete). */
    async revokeAllOf(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
      await announce({ userId });
    },

    /** Ends every session of a school's users (the school was frozen). */
    async revokeAllOfTenant(tenantId: number): Promise<void> {
      const removed = await inSchool(db, { tenantId, username: 'system' }, (work) => work.tx.delete(sessions).where(work.school(sessions)).returning({ id: sessions.id }));
      if (removed.length) await announce({ sessionIds: removed.map((row) => row.id) });
    },

    /** Of these sessions, the ones the database still holds unexpired (read now, not from memory). */
    async stillLive(ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date())));
      return new Set(rows.map((row) => row.id));
    },

    /** Called whenever sessions end, on this instance or another. */
    onRevoked(listener: (revoked: RevokedSessions) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async purgeExpired(): Promise<void> {
      await db.delete(sessions).where(and(lt(sessions.expiresAt, new Date())));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export { hashToken as sessionIdOf };
