import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures, signInPlaces } from '../../db/schema';

/** Failures older than this are forgotten. */
const WINDOW_MS = 15 * 60_000;
/** An address an account signed in from within this long is its own. */
const KNOWN_PLACE_MS = 30 * 86_400_000;
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
 * Sign-in attempts counted per account name, per address, and per account and address (a success
 * gives its attempt back, so they count failures). Unknown names are counted exactly like known
 * ones, so the answers never tell them apart; and since too many failures only ask for a captcha
 * and slow the answers, nobody can lock someone else out by guessing at their account. Nor can they
 * make the account's owner type a captcha: from an address the account signed in from lately, only
 * the failures from that address count (and the address's own), not the account's everywhere.
 */
export function createSignInThrottle(db: Database) {
  /** The account's key, the address's, and the pair's. */
  const keysOf = (username: string, ip: string): [string, string, string] => {
    const name = username.trim().toLowerCase();
    return [`user:${name}`, `ip:${ip}`, `pair:${name}|${ip}`];
  };
  /** The pair's key in the places signed in from. */
  const placeOf = (keys: [string, string, string]) => keys[2].slice('pair:'.length);
  return {
    keysOf,

    /**
     * Counts this attempt for each key before its password is checked, in one statement (a row
     * lock per key, on every instance sharing the database), and answers the attempt's level: the
     * account's attempts before it (the pair's, from an address the account signed in from lately),
     * or the address's less its allowance. Attempts sent at once therefore each see the ones ahead
     * of them.
     */
    async reserve(keys: [string, string, string]): Promise<number> {
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
      const [known] = await db
        .select({ key: signInPlaces.key })
        .from(signInPlaces)
        .where(and(eq(signInPlaces.key, placeOf(keys)), gt(signInPlaces.signedInAt, new Date(Date.now() - KNOWN_PLACE_MS))));
      const before = (key: string) => (rows.find((row) => row.key === key)?.count ?? 1) - 1;
      return Math.max(before(known ? keys[2] : keys[0]), before(keys[1]) - ADDRESS_ALLOWANCE);
    },

    /** A successful sign-in clears its account's and pair's counts, gives its address its attempt back, and makes the address the account's own. */
    async succeed(keys: [string, string, string]): Promise<void> {
      await db.delete(loginFailures).where(inArray(loginFailures.key, [keys[0], keys[2]]));
      await db
        .update(loginFailures)
        .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
        .where(eq(loginFailures.key, keys[1]));
      await db
        .insert(signInPlaces)
        .values({ key: placeOf(keys) })
        .onConflictDoUpdate({ target: signInPlaces.key, set: { signedInAt: sql`now()` } });
    },
  };
}
