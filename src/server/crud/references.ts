/**
 * References to other records (fields of type `ref`): whatever a request names — a record's
 * field on add and edit, a sub-table row's, a flow action's input, a hand-written route's id of
 * another table — must be a live record of the caller's school (or one all schools share). One
 * check for all of them, so no area can take another school's record.
 */
import { and, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FlowActionSpec } from '@shared/engine/flow';
import type { FieldSpec } from '@shared/engine/spec';
import type { Executor } from '../db/client';
import { badRequest } from '../http/envelope';
import { liveRows, registeredEntity } from './entity/registry';

const isGiven = (value: unknown): value is string | number => (typeof value === 'string' && value !== '') || typeof value === 'number';

/** The ids among `ids` that name no live record of the field's entity for the school. */
export async function unknownReferences(tx: Executor, tenantId: number, field: FieldSpec, ids: readonly string[]): Promise<Set<string>> {
  const target = registeredEntity(field.ref ?? '');
  if (!target) throw new Error(`${field.key} refers to ${field.ref}, which is not registered`);
  if (!ids.length) return new Set();
  const found = await tx
    .select({ id: target.table.id })
    .from(target.table as PgTable)
    .where(and(inArray(target.table.id, [...ids]), liveRows(target.spec, target.table, tenantId)));
  const known = new Set(found.map((row) => String(row.id)));
  return new Set(ids.filter((id) => !known.has(id)));
}

/** Each reference among `fields` that `values` holds names a live record of the school: else a 400 naming the field (`所选时间组不存在（timeGroupId）`). */
export async function checkReferences(tx: Executor, tenantId: number, fields: readonly FieldSpec[], values: Readonly<Record<string, unknown>>): Promise<void> {
  for (const field of fields) {
    const value = values[field.key];
    if (field.type !== 'ref' || !isGiven(value)) continue;
    if ((await unknownReferences(tx, tenantId, field, [String(value)])).size)
      throw badRequest(`所选${field.title['zh-CN']}不存在（${field.key}）`, `The chosen ${field.title.en.toLowerCase()} does not exist (${field.key})`);
  }
}

/** The same per row of a list (a sub-table's rows, an action's lines): the first bad row is named (`第 2 行 所选食材不存在（items）`). */
export async function checkRowReferences(tx: Executor, tenantId: number, fields: readonly FieldSpec[], rows: readonly Readonly<Record<string, unknown>>[], list: string): Promise<void> {
  for (const field of fields) {
    if (field.type !== 'ref') continue;
    const named = [
      ...new Set(
        rows
          .map((row) => row[field.key])
          .filter(isGiven)
          .map(String),
      ),
    ];
    const unknown = await unknownReferences(tx, tenantId, field, named);
    const index = rows.findIndex((row) => isGiven(row[field.key]) && unknown.has(String(row[field.key])));
    if (index >= 0) throw badRequest(`第 ${index + 1} 行 所选${field.title['zh-CN']}不存在（${list}）`, `Row ${index + 1}: the chosen ${field.title.en.toLowerCase()} does not exist (${list})`);
  }
}

/** A flow action's inputs and its lines' inputs, as add and edit check a record's fields. */
export async function checkActionReferences(tx: Executor, tenantId: number, action: FlowActionSpec, input: Readonly<Record<string, unknown>>): Promise<void> {
  await checkReferences(tx, tenantId, action.input ?? [], input);
  if (action.lines) await checkRowReferences(tx, tenantId, action.lines.fields, (input.lines as Record<string, unknown>[] | undefined) ?? [], 'lines');
}
