import { sql } from 'drizzle-orm';
import { dayIn } from '@shared/schoolTime';
import type { Executor } from '../../db/client';
import { billSequences } from '../../db/schema';
import { schoolZone } from '../schools/settings';

/**
 * The next bill number of a school: prefix + the school's yyyyMMdd + a 4-digit sequence of that day
 * (CG202611260001). The counter row is taken in the caller's transaction: two bills made at once
 * get two numbers, and a bill rolled back gives its number back. A seed writing a bill made days
 * ago numbers it by that day (`at`).
 */
export async function nextBillNo(tx: Executor, tenantId: number, prefix: string, at: Date = new Date()): Promise<string> {
  const day = dayIn(await schoolZone(tx, tenantId), at).replaceAll('-', '');
  const [row] = await tx
    .insert(billSequences)
    .values({ tenantId, prefix, day, last: 1 })
    .onConflictDoUpdate({ target: [billSequences.tenantId, billSequences.prefix, billSequences.day], set: { last: sql`${billSequences.last} + 1` } })
    .returning({ last: billSequences.last });
  return `${prefix}${day}${String(row!.last).padStart(4, '0')}`;
}
