import { inArray, sql } from 'drizzle-orm';
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
 * Failed sign-ins counted per account name and per address. Unknown names are counted exactly
 * like known ones, so the answers never tell them apart; and since too many failures only ask for
 * a captcha and slow the answers, nobody can lock someone else out by guessing at their account.
 */
export function createSignInThrottle(db: Database) {
  /** The account's key, then the address's. */
  const keysOf = (username: string, ip: string): [string, string] => [`user:${username.trim().toLowerCase()}`, `ip:${ip}`];
  return {
    keysOf,

    /** The failure level of an attempt: the account's failures, or the address's less its allowance. */
    async failures(keys: string[]): Promise<number> {
      const since = Date.now() - WINDOW_MS;
      const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
      const live = (key: string) => rows.find((row) => row.key === key && row.lastFailedAt.getTime() > since)?.count ?? 0;
      return Math.max(live(keys[0]!), live(keys[1]!) - ADDRESS_ALLOWANCE);
    },

    /** Counts one more failure for each key (a count past the window starts again at 1). */
    async fail(keys: string[]): Promise<void> {
      const since = new Date(Date.now() - WINDOW_MS);
      await db
        .insert(loginFailures)
        .values(keys.map((key) => ({ key, count: 1, lastFailedAt: new Date() })))
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            count: sql`case when ${loginFailures.lastFailedAt} < ${since.toISOString()}::timestamptz then 1 else ${loginFailures.count} + 1 end`,
            lastFailedAt: sql`now()`,
          },
        });
    },

    /** A successful sign-in clears its account's count (an address keeps its own). */
    async succeed(username: string): Promise<void> {
      await db.delete(loginFailures).where(inArray(loginFailures.key, [keysOf(username, '')[0]!]));
    },
  };
}
