import { and, eq } from 'drizzle-orm';
import { holidays } from './tables';
import type { Work } from '@server/db/work';

/** What a school day is in the school's calendar (节假日): '1' a day off, '2' a weekend day worked in lieu, null an ordinary day. */
export async function holidayOf(work: Work, day: string): Promise<'1' | '2' | null> {
  const [row] = await work.tx
    .select({ kind: holidays.kind })
    .from(holidays)
    .where(and(work.school(holidays), eq(holidays.day, day)));
  return row ? (row.kind === '2' ? '2' : '1') : null;
}
