import { sql } from 'drizzle-orm';
import type { Executor } from './client';
import { rateWindows } from './schema';

/**
 * Counts one more act under the key in its current fixed window and answers the acts so far, this
 * one included. One statement takes the key's row lock, so acts sent at once are counted one after
 * another, on every instance sharing the database: none slips past the limit.
 */
export async function countInWindow(db: Executor, key: string, windowMs: number): Promise<number> {
  const expired = sql`${rateWindows.windowStart} <= ${new Date(Date.now() - windowMs).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateWindows)
    .values({ key, windowStart: new Date(), hits: 1 })
    .onConflictDoUpdate({
      target: rateWindows.key,
      set: { hits: sql`case when ${expired} then 1 else ${rateWindows.hits} + 1 end`, windowStart: sql`case when ${expired} then now() else ${rateWindows.windowStart} end` },
    })
    .returning({ hits: rateWindows.hits });
  return row!.hits;
}
