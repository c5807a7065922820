import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { holidays } from '../../db/schema';

/** What a school day is in the school's calendar (节假日): '1' a day off, '2' a weekend day worked in lieu, null an ordinary day. */
export async function holidayOf(tx: Executor, tenantId: number, day: string): Promise<'1' | '2' | null> {
  const [row] = await tx
    .select({ kind: holidays.kind })
    .from(holidays)
    .where(and(eq(holidays.tenantId, tenantId), eq(holidays.day, day), eq(holidays.delFlag, 0)));
  return row ? (row.kind === '2' ? '2' : '1') : null;
}
