import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** Failures older than this are forgotten. */
const WINDOW_MS = 15 * 60_000;
/** From this many failures of an account, sign-in asks for a captcha. */
export const CAPTCHA_AFTER = 3;
/**
 * An address is allowed this many more (a school's staff often share one address), so it asks
 * from 10 failures.
 */
const ADDRESS_ALLOWANCE = 7;
/** From this many, each answer also waits: 0.5 s, doubling, at most 8 s. */
const DELAY_AFTER = 5;
const MAX_DELAY_MS = 8_000;

export function delayAfter(failures: number): number {
  return failures < DELAY_AFTER ? 0 : Math.min(500 * 2 ** (failures - DELAY_AFTER), MAX_DELAY_MS);
}

/**
 * Sign-in attempts counted per account name and per address (a success gives its attempt back,
 * so they count failures). Unknown names are counted exactly like known ones, so the answers never
 * tell them apart; and since too many failures only ask for a captcha and slow the answers, nobody
 * can lock someone else out by guessing at their account.
 */
export function createSignInThrottle(db: Database) {
  /** The account's key, then the address's. */
  const keysOf = (username: string, ip: string): [string, string] => [`user:${username.trim().toLowerCase()}`, `ip:${ip}`];
  return {
    keysOf,

    /**
     * Counts this attempt for each key before its password is checked, in one statement (a row
     * lock per key, on every instance sharing the database), and answers the attempt's level: the
     * account's attempts before it, or the address's less its allowance. Attempts sent at once
     * therefore each see the ones ahead of them.
     */
    async reserve(keys: [string, string]): Promise<number> {
      const since = new Date(Date.now() - WINDOW_MS);
      const rows = await db
        .insert(loginFailures)
        .values(keys.map((key) => ({ key, count: 1, lastFailedAt: new Date() })))
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            count: sql`case when ${loginFailures.lastFailedAt} < ${since.toISOString()}::timestamptz then 1 else ${loginFailures.count} + 1 end`,
            lastFailedAt: sql`now()`,
          },
        })
        .returning({ key: loginFailures.key, count: loginFailures.count });
      const before = (key: string) => (rows.find((row) => row.key === key)?.count ?? 1) - 1;
      return Math.max(before(keys[0]), before(keys[1]) - ADDRESS_ALLOWANCE);
    },

    /** A successful sign-in clears its account's count and gives its address its attempt back. */
    async succeed(keys: [string, string]): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.key, keys[0]));
      await db
        .update(loginFailures)
        .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
        .where(eq(loginFailures.key, keys[1]));
    },
  };
}
