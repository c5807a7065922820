import type { PgTable } from 'drizzle-orm/pg-core';
import { dayIn } from '@shared/schoolTime';
import { moveDatedRecords } from '../crud/datedStates';
import type { Database } from '../db/client';
import { tenants } from '../db/schema';
import { inSchool, schoolReads } from '../db/work';
import { schoolZone } from '../modules/schools/settings';
import { serverAreas } from '../registry/areas';

/**
 * Every dated record of every school moved to its day's state; how many moved. `db` is the platform's
 * (the caller names the crossing). The areas' entities: the platform's own date states (a visit's
 * 已过期) have their jobs, and the flows' sweep holds every dated declaration to an area.
 */
export async function moveDatedStates(db: Database): Promise<number> {
  const dated = serverAreas()
    .flatMap((area) => area.entities)
    .flatMap(([spec, table]) => (spec.flow?.dated ? [{ dated: spec.flow.dated, table: table as PgTable }] : []));
  if (!dated.length) return 0;
  let moved = 0;
  for (const { id: tenantId } of await db.select({ id: tenants.id }).from(tenants)) {
    const worker = { tenantId, username: 'system' };
    const today = dayIn(await schoolZone(schoolReads(db, worker).tx, tenantId));
    moved += await inSchool(db, worker, async (work) => {
      let count = 0;
      for (const { dated: rule, table } of dated) count += await moveDatedRecords(work.tx, work.school(table as never), table, rule, today);
      return count;
    });
  }
  return moved;
}
