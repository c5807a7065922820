import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { isPgView, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { idList } from '@shared/schemas/system';
import { recordSchema } from '@shared/engine/schemas';
import { editRefusal } from '@shared/engine/flow';
import { rulesOf } from '@shared/entities/rules';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { users } from '../../db/schema';
import { inSchool } from '../../db/work';
import { authOf, type AuthContext } from '../../http/auth';
import { notFound, ok } from '../../http/envelope';
import { parseTypedTime } from '../../http/schoolClock';
import { parseInput } from '../../http/validate';
import { addedFields, changedFields, writeHistory } from '../history';
import { checkReferences, checkRowReferences } from '../references';
import { liveRows, registeredEntities } from './registry';
import { both, columnOf, type EntityRuntime } from './runtime';

/**
 * Dictionary values must be enabled items. Checked before the transaction: the dictionaries are
 * read through the main connection (PGlite has only one).
 */
export async function checkDictionaries(rt: EntityRuntime, values: Record<string, unknown>, tenantId: number) {
  const { spec, dictionaries } = rt;
  for (const field of spec.fields) {
    const value = values[field.key];
    if (field.type !== 'dict' || value === null || value === undefined || value === '') continue;
    const items = await dictionaries.itemsOf(field.dict!, tenantId);
    const parts = field.dictMode === 'multi' ? String(value).split(',').filter(Boolean) : [String(value)];
    if (parts.some((part) => !items.get(part)?.enabled)) throw both(`${field.title['zh-CN']}的取值不正确（${field.key}）`, `${field.title.en} has a value that is not allowed (${field.key})`);
  }
}

/** A sub-table's dictionary values must be enabled items too (`第 2 行 …`). */
export async function checkDetailDictionaries(rt: EntityRuntime, rows: Record<string, Record<string, unknown>[] | undefined>, tenantId: number) {
  const { details, dictionaries } = rt;
  for (const { detail } of details) {
    for (const [index, row] of (rows[detail.key] ?? []).entries()) {
      for (const field of detail.fields.filter((candidate) => candidate.type === 'dict')) {
        const value = row[field.key];
        if (value === null || value === undefined || value === '') continue;
        if (!(await dictionaries.itemsOf(field.dict!, tenantId)).get(String(value))?.enabled)
          throw both(`第 ${index + 1} 行 ${field.title['zh-CN']}的取值不正确（${detail.key}）`, `Row ${index + 1}: ${field.title.en} has a value that is not allowed (${detail.key})`);
      }
    }
  }
}

/** A sub-table's references must name live records of the school (`第 2 行 所选食材不存在`). */
export async function checkDetailRefs(rt: EntityRuntime, tx: Executor, tenantId: number, rows: Record<string, Record<string, unknown>[] | undefined>) {
  const { details } = rt;
  for (const { detail } of details) await checkRowReferences(tx, tenantId, detail.fields, rows[detail.key] ?? [], detail.key);
}

/**
 * Values as the table takes them: a datetime typed as `YYYY-MM-DD HH:mm:ss` (school time) into a
 * timestamp column is a Date; a date column keeps its text.
 */
export function stored(rt: EntityRuntime, values: Record<string, unknown>): Record<string, unknown> {
  const { spec, table } = rt;
  const out = { ...values };
  for (const field of spec.fields)
    if (field.type === 'datetime' && typeof out[field.key] === 'string' && out[field.key] !== '' && columnOf(table, field.key).columnType === 'PgTimestamp')
      out[field.key] = parseTypedTime(out[field.key] as string) ?? new Date(Number.NaN);
  return out;
}

/** References must be live records of the school; unique fields unused by another live record. */
export async function checkValues(rt: EntityRuntime, tx: Executor, tenantId: number, values: Record<string, unknown>, id: string | null) {
  const { spec, table, live, liveAnywhere, parentField } = rt;
  for (const field of spec.fields) {
    const value = values[field.key];
    if (value === null || value === undefined || value === '') continue;
    const title = field.title;
    if (field.type === 'ref') await checkReferences(tx, tenantId, [field], values);
    if (field.unique) {
      // A detail's value is unique among the details of its master only.
      const sameParent = parentField && field !== parentField ? eq(columnOf(table, parentField.key), values[parentField.key]) : undefined;
      const [taken] = await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(and(field.unique === 'installation' ? liveAnywhere : live(tenantId), sameParent, eq(columnOf(table, field.key), value), id ? ne(table.id, id) : undefined))
        .limit(1);
      if (taken) throw both(`${title['zh-CN']}已存在（${field.key}）`, `${title.en} is already used (${field.key})`);
    }
  }
}

/** What a client sent, rewritten by the hooks before it is checked (a plate typed in lower case). */
function normalisedBody(rt: EntityRuntime, body: unknown): unknown {
  const { hooks } = rt;
  if (!hooks.normalise || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy = { ...(body as Record<string, unknown>) };
  hooks.normalise(copy);
  return copy;
}

/** An entity's writes, as its operations allow: add, edit (PUT and POST), delete and deleteBatch. */
export function registerWriteRoutes(api: FastifyInstance, rt: EntityRuntime): void {
  const { db, spec, table, hooks, codes, titles, base, live, writes, parentField, stamp, touched, changed, editTexts, historyOf, takeDetails, writeDetails, hiddenFor, uniqueRace, rowOf } = rt;
  if (spec.operations.includes('add')) {
    api.post(`${base}/add`, { config: writes(codes.add) }, async (request) => {
      const caller = authOf(request);
      const values = parseInput(recordSchema(spec, 'add', rulesOf(spec)), normalisedBody(rt, request.body), titles) as Record<string, unknown>;
      const rows = takeDetails(values);
      const id = newId();
      await checkDictionaries(rt, values, caller.tenantId);
      await checkDetailDictionaries(rt, rows, caller.tenantId);
      await inSchool(db, caller, async (work) => {
        const { tx } = work;
        await hooks.guard?.({ tx, work, tenantId: caller.tenantId, caller, id: null, values, before: null });
        await checkValues(rt, tx, caller.tenantId, values, null);
        await checkDetailRefs(rt, tx, caller.tenantId, rows);
        await hooks.beforeSave?.({ tx, work, tenantId: caller.tenantId, caller, id: null, values, before: null, details: rows });
        // The record belongs to the department its creator works in now (data rules read it).
        const [creator] = await tx.select({ orgCode: users.orgCode }).from(users).where(eq(users.id, caller.userId));
        await tx.insert(table).values({ ...stored(rt, values), id, ...stamp(caller, creator?.orgCode ?? null) });
        const lines = await writeDetails(tx, caller.tenantId, id, rows);
        await hooks.afterAdd?.({ tx, work, tenantId: caller.tenantId, caller, id, values });
        await writeHistory(tx, [{ ...historyOf(caller, id, 'add'), changes: { ...addedFields(spec, stored(rt, values)), ...lines } }]);
      }).catch(uniqueRace);
      await changed();
      return ok({ id }, '添加成功！');
    });
  }

  if (spec.operations.includes('edit')) {
    api.route({
      method: ['PUT', 'POST'],
      url: `${base}/edit`,
      config: writes(codes.edit),
      handler: async (request) => {
        const caller = authOf(request);
        const parsed = parseInput(recordSchema(spec, 'edit', rulesOf(spec)), normalisedBody(rt, request.body), titles) as Record<string, unknown> & { id: string };
        const { id, ...values } = parsed;
        const rows = takeDetails(values);
        // Columns the editor cannot see never reached their form: they keep their values.
        for (const column of hiddenFor(caller)) delete values[column];
        await checkDictionaries(rt, values, caller.tenantId);
        await checkDetailDictionaries(rt, rows, caller.tenantId);
        const textOf = spec.flow?.editable ? await editTexts(caller) : undefined;
        await inSchool(db, caller, async (work) => {
          const { tx } = work;
          const before = await rowOf(tx, caller.tenantId, id);
          // A flow's record is edited only in the states it declares (a bill: 草稿 or 已驳回).
          const refused = textOf ? editRefusal(spec, 'edit', before, textOf) : null;
          if (refused) throw both(refused['zh-CN'], refused.en);
          // A detail stays with its master unless the form moves it.
          if (parentField && values[parentField.key] == null) values[parentField.key] = before[parentField.key];
          await hooks.guard?.({ tx, work, tenantId: caller.tenantId, caller, id, values, before });
          await checkValues(rt, tx, caller.tenantId, values, id);
          await checkDetailRefs(rt, tx, caller.tenantId, rows);
          await hooks.beforeSave?.({ tx, work, tenantId: caller.tenantId, caller, id, values, before, details: rows });
          await tx
            .update(table)
            .set({ ...stored(rt, values), ...touched(caller) })
            .where(and(live(caller.tenantId), eq(table.id, id)));
          const lines = await writeDetails(tx, caller.tenantId, id, rows);
          await writeHistory(tx, [{ ...historyOf(caller, id, 'edit'), changes: { ...changedFields(spec, before, stored(rt, values)), ...lines } }]);
        }).catch(uniqueRace);
        await changed();
        return ok(null, '修改成功!');
      },
    });
  }

  if (spec.operations.includes('delete')) {
    const remove = async (caller: AuthContext, ids: string[]) => {
      if (ids.length === 0) throw both(`请选择要删除的${spec.title['zh-CN']}`, `Choose the ${spec.title.en.toLowerCase()} records to delete`);
      const textOf = spec.flow?.editable ? await editTexts(caller) : undefined;
      await inSchool(db, caller, async (work) => {
        const { tx } = work;
        const found = (await tx
          .select()
          .from(table as PgTable)
          .where(and(live(caller.tenantId), inArray(table.id, ids)))) as Record<string, unknown>[];
        if (found.length !== ids.length) throw notFound('未找到对应实体');
        for (const row of textOf ? found : []) {
          const refused = editRefusal(spec, 'delete', row, textOf);
          if (refused) throw both(refused['zh-CN'], refused.en);
        }
        // Its hook first: it may refuse, or let go of what only this record holds (a batch's refund lines).
        await hooks.beforeDelete?.({ tx, work, tenantId: caller.tenantId, caller, ids, rows: found });
        // A record still referred to by a live record of another entity stays (its own details go with it).
        // (A view — 卡余额, 班级汇总 — only shows what its tables hold: those tables answer for it.)
        for (const other of registeredEntities().filter((candidate) => !isPgView(candidate.table))) {
          for (const field of other.spec.fields.filter((candidate) => candidate.type === 'ref' && candidate.ref === spec.id && other.spec.parent?.field !== candidate.key)) {
            const [user] = await tx
              .select({ id: other.table.id })
              .from(other.table as PgTable)
              .where(and(liveRows(other.spec, other.table, caller.tenantId), inArray(columnOf(other.table, field.key), ids)))
              .limit(1);
            if (user)
              throw both(
                `该${spec.title['zh-CN']}仍被${other.spec.title['zh-CN']}使用，不能删除`,
                `This ${spec.title.en.toLowerCase()} is still used by a ${other.spec.title.en.toLowerCase()}; it cannot be deleted`,
              );
          }
        }
        const where = and(live(caller.tenantId), inArray(table.id, ids));
        // Soft where the table keeps deleted rows, for real where it does not.
        if (table.delFlag)
          await tx
            .update(table)
            .set({ delFlag: 1, ...touched(caller) })
            .where(where);
        else await tx.delete(table).where(where);
        await writeHistory(
          tx,
          ids.map((id) => historyOf(caller, id, 'delete')),
        );
      });
      await changed();
    };
    const deleteConfig = { ...writes(codes.delete), ...(hooks.deleteChangesAccess ? { changesAccess: true } : {}) };
    api.delete(`${base}/delete`, { config: deleteConfig }, async (request) => {
      const { id } = parseInput(z.object({ id: z.string().trim().min(1).max(64) }), request.query);
      await remove(authOf(request), [id]);
      return ok(null, '删除成功!');
    });
    api.delete(`${base}/deleteBatch`, { config: deleteConfig }, async (request) => {
      const { ids } = parseInput(z.object({ ids: idList }), request.query);
      await remove(authOf(request), ids);
      return ok(null, '批量删除成功!');
    });
  }
}
