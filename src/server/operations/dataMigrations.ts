import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { schoolByConditions, unscoped } from '../db/work';
import { DAY_BUILD } from '../modules/reports/dayClose';
import { sealClosedDays, unsealedDays } from '../modules/reports/daySeals';
import { schoolZone } from '../modules/schools/settings';

/**
 * Data migrations: work on the rows a schema migration cannot do in SQL, run at start after the
 * migrations. Each says what it does before it begins and commits in steps, so a start cut short
 * resumes where it stopped.
 */

/** Seals the days closed before seals existed (0100_day_seals), a close run per transaction. */
export async function sealEarlierDays(db: Database, say: (line: string) => void): Promise<number> {
  const schools = await rowsOf<{ id: number }>(unscoped(db, 'data migration: every school'), sql`select id from tenants order by id`);
  let total = 0;
  for (const { id } of schools) {
    const worker = { tenantId: id, username: 'system' };
    const waiting = await schoolByConditions(db, worker, DAY_BUILD, (work) => unsealedDays(work), { readOnly: true });
    if (!waiting) continue;
    const zone = await schoolZone(db, id);
    say(`Data migration: sealing ${waiting} day(s) of school ${id} closed before seals existed (resumable)…`);
    for (;;) {
      const sealed = await schoolByConditions(db, worker, DAY_BUILD, (work) => sealClosedDays(work, zone, 1), { isolationLevel: 'repeatable read' });
      if (!sealed) break;
      total += sealed;
    }
  }
  return total;
}
