import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import { getViewConfig, isPgView, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { entityCodes, fieldOf } from '@shared/engine/derive';
import { entityTitles, rangeBounds, shownValue } from '@shared/engine/schemas';
import type { EntitySpec } from '@shared/engine/spec';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import type { AuthContext } from '../../http/auth';
import { hiddenColumnsOf } from '../../http/columns';
import { badRequest, notFound } from '../../http/envelope';
import { stateTexts } from '../actionInputs';
import { changedLines } from '../history';
import type { DetailTable, EntityHooks, EntityTable } from '../registerEntity';
import { liveRows } from './registry';

export const columnOf = (table: EntityTable, key: string): PgColumn => {
  const column = (table as unknown as Record<string, PgColumn | undefined>)[key];
  if (!column) throw new Error(`table has no column for field ${key}`);
  return column;
};

export const both = (zh: string, en: string) => badRequest(zh, en);

/**
 * What the routes of one registered entity share: its declaration, table and hooks, and the
 * helpers every part of its endpoint family uses (its live rows, a write's config and stamps, its
 * sub-tables, the columns a caller may not see).
 */
export function entityRuntime(context: AppContext, spec: EntitySpec, table: EntityTable, hooks: EntityHooks, detailTables: Readonly<Record<string, DetailTable>>) {
  const { db, dictionaries } = context;
  const codes = entityCodes(spec);
  const titles = entityTitles(spec);
  const base = spec.api;
  const live = (tenantId: number) => and(liveRows(spec, table, tenantId), hooks.scope?.());
  /** Live records of every school (a value unique across the installation). */
  const liveAnywhere = table.delFlag ? eq(table.delFlag, 0) : undefined;
  // What all schools share is changed by the platform's own users only.
  const writes = (permission: string) => ({ permission, ...(spec.tenantScoped ? {} : { platform: true }) });
  const parentField = spec.parent ? fieldOf(spec, spec.parent.field) : null;
  /** The columns a new row gets besides its values. */
  const stamp = (caller: AuthContext, orgCode: string | null) => ({
    ...(spec.tenantScoped ? { tenantId: caller.tenantId } : {}),
    ...(table.sysOrgCode ? { sysOrgCode: orgCode } : {}),
    ...(table.createBy ? { createBy: caller.username } : {}),
  });
  const touched = (caller: AuthContext) => ({ ...(table.updateBy ? { updateBy: caller.username } : {}), ...(table.updatedAt ? { updatedAt: new Date() } : {}) });
  const changed = async () => {
    await hooks.afterChange?.();
  };
  /** The state texts a refusal names, read before a transaction (PGlite has one connection). */
  const editTexts = (caller: AuthContext) => stateTexts(context, spec, caller);
  const historyOf = (caller: AuthContext, recordId: string, action: string) => ({ tenantId: caller.tenantId, entity: spec.id, recordId, action, operator: caller.username });
  const details = (spec.details ?? []).map((detail) => {
    const detailTable = detailTables[detail.key];
    if (!detailTable) throw new Error(`${spec.id}: no table for its ${detail.key}`);
    return { detail, table: detailTable, parent: columnOf(detailTable as unknown as EntityTable, detail.parentKey) };
  });

  /** Takes the sub-tables' rows out of parsed values (they are written beside the record). */
  const takeDetails = (values: Record<string, unknown>) => {
    const rows: Record<string, Record<string, unknown>[] | undefined> = {};
    for (const { detail } of details) {
      rows[detail.key] = values[detail.key] as Record<string, unknown>[] | undefined;
      delete values[detail.key];
    }
    return rows;
  };

  /** A record's sub-table rows replaced by the sent ones, in order (left alone when not sent). */
  /** Replaces the sub-tables' rows that were sent; answers, per sub-table, the lines it took out and put in (for the history). */
  async function writeDetails(tx: Executor, tenantId: number, id: string, rows: Record<string, Record<string, unknown>[] | undefined>) {
    const changes: Record<string, [unknown, unknown]> = {};
    for (const { detail, table: detailTable, parent } of details) {
      const sent = rows[detail.key];
      if (!sent) continue;
      const before = (await tx.delete(detailTable).where(eq(parent, id)).returning()) as Record<string, unknown>[];
      if (sent.length) await tx.insert(detailTable).values(sent.map((row, index) => ({ ...row, id: newId(), tenantId, [detail.parentKey]: id, sortNo: index + 1 })));
      const lines = changedLines(detail, before, sent);
      if (lines) changes[detail.key] = lines;
    }
    return changes;
  }

  /** A record's sub-table rows as the form edits them (money in yuan). */
  async function readDetails(executor: Executor, id: string): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const { detail, table: detailTable, parent } of details) {
      const rows = (await executor.select().from(detailTable).where(eq(parent, id)).orderBy(asc(detailTable.sortNo))) as Record<string, unknown>[];
      out[detail.key] = rows.map((row) => ({
        id: row.id,
        ...Object.fromEntries(detail.fields.map((field) => [field.key, shownValue(field, row[field.key] ?? null)])),
      }));
    }
    return out;
  }
  const hiddenFor = (caller: AuthContext) => hiddenColumnsOf(caller, codes.columnPrefix);
  // A list's source may be a view (卡余额): a page selects its columns by name either way.
  const rowColumns = isPgView(table) ? (getViewConfig(table).selectedFields as Record<string, PgColumn>) : getTableColumns(table);

  /** Another writer took a unique value between the check and the write. */
  const uniqueRace = (error: unknown): never => {
    if (!isUniqueViolation(error)) throw error;
    const field = spec.fields.find((candidate) => candidate.unique);
    throw field ? both(`${field.title['zh-CN']}已存在（${field.key}）`, `${field.title.en} is already used (${field.key})`) : error;
  };

  async function rowOf(tx: Executor, tenantId: number, id: string): Promise<Record<string, unknown>> {
    const [row] = await tx
      .select()
      .from(table as PgTable)
      .where(and(live(tenantId), eq(table.id, id)));
    if (!row) throw notFound('未找到对应实体');
    return row as Record<string, unknown>;
  }

  const boundTitles = rangeBounds(spec.fields).titles;

  return {
    context,
    db,
    dictionaries,
    spec,
    table,
    hooks,
    codes,
    titles,
    base,
    live,
    liveAnywhere,
    writes,
    parentField,
    stamp,
    touched,
    changed,
    editTexts,
    historyOf,
    details,
    takeDetails,
    writeDetails,
    readDetails,
    hiddenFor,
    rowColumns,
    uniqueRace,
    rowOf,
    boundTitles,
  };
}

/** One registered entity's shared state and helpers (see entityRuntime). */
export type EntityRuntime = ReturnType<typeof entityRuntime>;
