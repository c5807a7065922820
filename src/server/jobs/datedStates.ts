import type { PgTable } from 'drizzle-orm/pg-core';
import { dayIn } from '@shared/schoolTime';
import { moveDatedRecords, moveOverdueRecords } from '../crud/datedStates';
import { registeredEntities } from '../crud/entity/registry';
import type { Database } from '../db/client';
import { tenants } from '../db/schema';
import { inSchool, schoolReads } from '../db/work';
import { schoolZone } from '../modules/schools/settings';
import { serverAreas } from '../registry/areas';

/**
 * Every dated record of every school moved to its day's state, and every bill still owed after its
 * due date to 逾期; how many moved. `db` is the platform's (the caller names the crossing). Dated
 * states are the areas' entities' (the platform's own, a visit's 已过期, have their jobs; the flows'
 * sweep holds every dated declaration to an area); 逾期 is every registered declaration's.
 */
export async function moveDatedStates(db: Database): Promise<number> {
  const entities = serverAreas().flatMap((area) => area.entities);
  const dated = entities.flatMap(([spec, table]) => (spec.flow?.dated ? [{ dated: spec.flow.dated, table: table as PgTable }] : []));
  // Bills are the platform's (学费, 水电费) and an area's (物业费): every registered declaration.
  const overdue = registeredEntities().flatMap(({ spec, table }) => (spec.flow?.overdue ? [{ overdue: spec.flow.overdue, table: table as PgTable }] : []));
  if (!dated.length && !overdue.length) return 0;
  let moved = 0;
  for (const { id: tenantId } of await db.select({ id: tenants.id }).from(tenants)) {
    const worker = { tenantId, username: 'system' };
    const today = dayIn(await schoolZone(schoolReads(db, worker).tx, tenantId));
    moved += await inSchool(db, worker, async (work) => {
      let count = 0;
      for (const { dated: rule, table } of dated) count += await moveDatedRecords(work.tx, work.school(table as never), table, rule, today);
      for (const { overdue: rule, table } of overdue) count += await moveOverdueRecords(work.tx, work.school(table as never), table, rule, today);
      return count;
    });
  }
  return moved;
}
