import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { flowActionRoute, type FlowActionSpec } from '@shared/engine/flow';
import type { Database } from '../db/client';
import type { EntitySpec } from '@shared/engine/spec';
import { rowsOf } from '../db/rows';
import { inSchool } from '../db/work';
import { registeredEntity } from '../crud/entity/registry';
import type { SampleDay, SampleEvent } from '../registry/areas';
import type { SampleConsole } from './sampleContext';
import { OFFICE_STEPS, type Find, type OfficeStep } from './officeSteps';
import { DEVICE_STEPS } from './deviceSteps';

/**
 * The office's work of the sample weeks that is one step of a record's flow (a rejected purchase, a
 * withdrawn message, a repair cancelled): each sent through the console's own route as its clerk
 * sends it (`OFFICE_STEPS`), so the engine checks its starting state and its four eyes, runs its
 * effect, stamps it and writes its history. Most take a record the seed made; some add one first.
 */
export function officeWorkOf(db: Database, school: SampleConsole, tenantId: number) {
  const find: Find = async (query) => inSchool(db, { tenantId, username: 'sample' }, (work) => rowsOf<Record<string, unknown>>(work.tx, query), { readOnly: true });
  return {
    day(day: SampleDay): SampleEvent[] {
      return [...OFFICE_STEPS, ...DEVICE_STEPS]
        .filter((step) => step.daysAgo === day.daysAgo)
        .map((step) => ({
          at: step.at === 'now' ? day.until : day.at(step.at),
          run: async () => {
            try {
              await take(db, school, find, tenantId, step, day.date);
            } catch (error) {
              throw new Error(`sample school, ${day.date} ${step.at} ${step.by}: ${step.entity} ${step.action}: ${(error as Error).message}`, { cause: error });
            }
          },
        }));
    },
  };
}

/** One step: an added record, or an action on the record it picks. */
async function take(db: Database, school: SampleConsole, find: Find, tenantId: number, step: OfficeStep, date: string): Promise<void> {
  const input = typeof step.input === 'function' ? await step.input(find, date) : (step.input ?? {});
  if (step.entity === 'console') {
    await school.send({ by: step.by, method: step.method ?? 'POST', url: typeof step.url === 'function' ? await step.url(find) : step.url!, body: input });
    return;
  }
  const registered = registeredEntity(step.entity);
  if (!registered) throw new Error(`sample school: no entity ${step.entity}`);
  const { spec, table } = registered;
  const columns = table as unknown as Record<string, PgColumn | undefined>;
  if (step.action === 'add') {
    await school.send({ by: step.by, url: `${spec.api}/add`, body: input });
    return;
  }
  if (typeof step.pick === 'function') {
    await act(school, spec, step, await step.pick(find), input);
    return;
  }
  const action = step.action === 'edit' ? undefined : actionOf(spec, step);
  const column = (key: string) => {
    const found = columns[key];
    if (!found) throw new Error(`sample school: ${step.entity} has no column ${key}`);
    return found;
  };
  const where: SQL[] = [
    ...(columns.tenantId ? [eq(columns.tenantId, tenantId)] : []),
    ...(columns.delFlag ? [eq(columns.delFlag, 0)] : []),
    ...(registered.scope ? [registered.scope()] : []),
    ...Object.entries(action?.from ?? {}).map(([key, values]) => inArray(column(key), [...values])),
    ...Object.entries(step.pick ?? {}).map(([key, value]) => eq(column(key), value)),
  ];
  const order = columns.createdAt ?? columns.id!;
  const states = Object.keys(action?.from ?? {});
  const found = (await db
    .select({ id: table.id, ...Object.fromEntries(states.map((key) => [key, column(key)])) })
    .from(table)
    .where(and(...where))
    .orderBy(asc(order), asc(table.id))
    .limit(1000)) as Record<string, unknown>[];
  // The record's state before stays shown: the step takes the oldest whose states another record shares, unless it names its record or is told it may take the last.
  const stateOf = (row: Record<string, unknown>) => states.map((key) => String(row[key])).join('|');
  const sharing = new Map<string, number>();
  for (const row of found) sharing.set(stateOf(row), (sharing.get(stateOf(row)) ?? 0) + 1);
  const record = step.pick || step.last ? found[0] : found.find((row) => sharing.get(stateOf(row))! > 1);
  if (!record) throw new Error(`found no record in its starting states${step.pick ? ` with ${JSON.stringify(step.pick)}` : ' that another shares'}`);
  await act(school, spec, step, String(record.id), input);
}

/** The step on its record: the action's route, or the edit form saved. */
async function act(school: SampleConsole, spec: EntitySpec, step: OfficeStep, id: string, input: Record<string, unknown>): Promise<void> {
  if (step.action === 'edit') await school.send({ by: step.by, method: 'PUT', url: `${spec.api}/edit`, body: await edited(school, spec.api, step, id, input) });
  else {
    const action = actionOf(spec, step);
    // Money moves with the key the console gives each attempt (a retry gets the first answer).
    await school.send({ by: step.by, url: flowActionRoute(spec, action), body: { id, ...input, ...(action.ledger ? { idempotencyKey: randomUUID() } : {}) } });
  }
}

function actionOf(spec: EntitySpec, step: OfficeStep): FlowActionSpec {
  const action = spec.flow?.actions.find((one) => one.id === step.action);
  if (!action) throw new Error(`no action ${step.action}`);
  return action;
}

/** An edit as the console's form sends it: the record as read, with the step's changes. */
async function edited(school: SampleConsole, api: string, step: OfficeStep, id: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const record = await school.send<Record<string, unknown>>({ by: step.by, method: 'GET', url: `${api}/queryById`, body: { id } });
  return { ...record, ...input, id };
}
