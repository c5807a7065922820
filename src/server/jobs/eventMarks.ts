import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { eventMarks } from '../db/schema';

/** Where a job following events stopped: the database's own text of the time (a JavaScript date keeps only milliseconds) and the id. */
export interface EventMark {
  markTime: string;
  markId: string;
}

/** The school's mark for this kind; none yet: it is set at `until` and the first run takes nothing (the history is not replayed). */
export async function markOf(db: Executor, tenantId: number, kind: string, until: Date): Promise<EventMark | null> {
  const [mark] = await db
    .select({ markTime: sql<string>`${eventMarks.markTime}::text`, markId: eventMarks.markId })
    .from(eventMarks)
    .where(and(eq(eventMarks.tenantId, tenantId), eq(eventMarks.kind, kind)));
  if (mark) return mark;
  await db.insert(eventMarks).values({ tenantId, kind, markTime: until, markId: '' }).onConflictDoNothing();
  return null;
}

export async function moveMark(db: Executor, tenantId: number, kind: string, markTime: string, markId: string): Promise<void> {
  await db
    .update(eventMarks)
    .set({ markTime: sql`${markTime}::timestamptz`, markId })
    .where(and(eq(eventMarks.tenantId, tenantId), eq(eventMarks.kind, kind)));
}
