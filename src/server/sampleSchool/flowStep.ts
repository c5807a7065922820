import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { entityById } from '@shared/entities';
import type { FlowEffectResult } from '../crud/flowActions';
import { flowStepEntry, writeHistory } from '../crud/history';
import type { Work } from '../db/work';

/**
 * One declared flow step of a record, taken in the sample weeks as the engine takes it: the
 * action's own effect has run (its result given here), then the record moves to the action's
 * states with its stamps and the effect's columns, the step is written to its history, and what
 * the effect leaves for after the commit (a parent told) is queued in the outbox.
 * The four-eyes and from-state checks are the sample's to keep (it is written to keep them).
 */
export async function takeFlowStep(
  work: Work,
  table: PgTable & { id: PgColumn },
  entity: string,
  actionId: string,
  row: Record<string, unknown> & { id: string },
  result: FlowEffectResult | void,
  input: Record<string, unknown> = {},
): Promise<void> {
  const spec = entityById(entity);
  const action = spec?.flow?.actions.find((one) => one.id === actionId);
  if (!spec || !action) throw new Error(`sample school: ${entity} has no flow action ${actionId}`);
  const set: Record<string, unknown> = {
    ...action.to,
    ...(action.stamps?.by ? { [action.stamps.by]: work.username } : {}),
    ...(action.stamps?.at ? { [action.stamps.at]: new Date() } : {}),
    ...result?.set,
    updateBy: work.username,
    updatedAt: new Date(),
  };
  await work.tx.update(table).set(set).where(eq(table.id, row.id));
  for (const intent of [result?.later ?? []].flat()) await work.later(intent);
  await writeHistory(work.tx, [flowStepEntry(spec, { tenantId: work.tenantId, action: action.id, operator: work.username, row, set, input, note: result?.note })]);
}
