import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, getTableColumns, gt, gte, ilike, inArray, like, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { getViewConfig, isPgView, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { idList } from '@shared/schemas/system';
import { entityCodes, fieldOf, pickFields } from '@shared/engine/derive';
import { actionState } from '@shared/permissions';
import {
  entityTitles,
  listQuerySchema,
  parseListQuery,
  quantityToMilli,
  rangeBounds,
  recordSchema,
  shownSum,
  shownValue,
  unitsOf,
  yuanToCents,
  type ListFilter,
  type ListQuery,
} from '@shared/engine/schemas';
import type { EntitySpec, FieldSpec } from '@shared/engine/spec';
import { rulesOf } from '@shared/entities/rules';
import type { PageResult } from '@shared/envelope';
import { issueMessage, type IssueLike } from '@shared/validation';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { inSchool, schoolReads, scopeProof, type Work } from '../db/work';
import { isUniqueViolation } from '../db/errors';
import { newId } from '../db/ids';
import { users } from '../db/schema';
import { containing, escapeLike } from '../db/like';
import { isSmallTable, totalOfPage, windowTotal } from '../db/paging';
import { authOf, type AuthContext } from '../http/auth';
import { hiddenColumnsOf, stripColumns } from '../http/columns';
import { ApiError, badRequest, forbidden, notFound, ok } from '../http/envelope';
import { parseInput } from '../http/validate';
import { dataRuleCondition } from './dataRules';
import { readSheet, templateOf, uploadedWorkbook } from './imports';
import type { SheetColumn } from './downloads';
import { parseTypedTime, schoolDateTime } from '../http/schoolClock';
import { registerFlowActions, stateTexts, type FlowEffect } from './flowActions';
import { editRefusal } from '@shared/engine/flow';
import { addedFields, changedFields, changedLines, writeHistory } from './history';
import { checkReferences, checkRowReferences } from './references';

/** `YYYY-MM-DD HH:mm:ss` in the server's time zone, as the JeecgBoot family answers times. */
const formatDateTime = (value: Date) => schoolDateTime(value);

/**
 * The columns the engine uses besides the declared fields. Only the id is required: a table
 * without `delFlag` deletes for real, one without `tenantId` is shared by all schools, and the
 * who/when columns are filled where they exist.
 */
type BusinessColumn = 'sysOrgCode' | 'tenantId' | 'createBy' | 'createdAt' | 'updateBy' | 'updatedAt' | 'delFlag';
export type EntityTable = PgTable & { id: PgColumn } & Partial<Record<BusinessColumn, PgColumn>>;
/** A sub-table's rows (see DetailRowsSpec): its school, its record's column and its order. */
export type DetailTable = PgTable & { id: PgColumn; tenantId: PgColumn; sortNo: PgColumn };

/** What a hook knows of the request: the caller and their school. */
interface HookContext {
  tx: Executor;
  /** The write's unit of work: its school, caller and transaction (db/work.ts). Prefer it to tx and tenantId. */
  work: Work;
  tenantId: number;
  caller: AuthContext;
}

/**
 * A record's values as guard, beforeSave and afterAdd receive them: its form's fields as the
 * entity's schema parsed them, by the table's columns — a datetime still as the text typed
 * (`stored()` makes it a Date only when written), amounts in cents — any of them possibly left out
 * (an edit drops the columns its editor cannot see). A hook may add what it derives.
 */
export type FormValues<Row> = { [K in keyof Row]?: Row[K] extends Date | null ? string | Row[K] : Row[K] } & Record<string, unknown>;

/** Behaviour of one entity that is code: named, typed, beside its declaration. */
/** `Row`: the table's stored row (`RowOf<typeof leaves>`), as the engine hands it to `before`, `rows` and the actions. */
/** `Details`: the stored row of each sub-table, by the detail's key (`{ items: RowOf<typeof stocktakeItems> }`): its rows as sent are their form values. */
export interface EntityHooks<Row = Record<string, unknown>, Details extends Record<string, unknown> = Record<string, Record<string, unknown>>> {
  /** Whether the caller may write this record at all: runs before any other check (a 403 says nothing of the data). */
  /** Rewrites what a client sent before anything is checked (another client's names for our values). */
  normalise?(values: Record<string, unknown>): void;
  guard?(context: HookContext & { id: string | null; values: FormValues<Row>; before: Row | null }): Promise<void>;
  /** Before a record is written (add: id null; edit: `before` is the stored row); may refuse with a 400. */
  beforeSave?(
    context: HookContext & {
      id: string | null;
      values: FormValues<Row>;
      before: Row | null;
      /** The sub-tables' rows as sent, by the detail's key (undefined: left as they are); a hook may fill their derived columns. */
      details: { [K in keyof Details]?: FormValues<Details[K]>[] };
    },
  ): Promise<void>;
  /** After a new record was written, in its transaction: what refers to it (the refund lines a batch gathers). */
  afterAdd?(context: HookContext & { id: string; values: FormValues<Row> }): Promise<void>;
  /** Before records are deleted (their stored rows), before the references check; may refuse with a 400, or let go of what they hold. */
  beforeDelete?(context: HookContext & { ids: string[]; rows: Row[] }): Promise<void>;
  /**
   * A record as an answer shows it: `list` for list pages and exports, `record` for queryById (the
   * form). Masks and derived values go here (an ID number shown as 3201**********1234 in lists).
   */
  shapeRecord?(record: Record<string, unknown>, view: 'list' | 'record', caller: AuthContext): void;
  /** The rows this entity is, when it is a slice of its table (the ledger's consumptions): ANDed into every read. */
  scope?(): SQL;
  /** What the 合计 line sums for a `total` field, when not its column (a refund counts against its payment). */
  totalOf?: Readonly<Record<string, SQL>>;
  /** A filter on a `joined` field (a payment's holder, class or card), as a condition on this table's rows. */
  joinedFilter?(filter: ListFilter): SQL | undefined;
  /**
   * Conditions every list and export of this entity must carry, given the caller's query (the
   * records' date range, bounded); may refuse the query with a 400.
   */
  listBounds?(query: ListQuery, reads: Work): Promise<SQL | undefined>;
  /**
   * The list's count and its `total` fields' sums (cents) without reading every matching row —
   * from kept daily sums where the query allows (the ledger's records); undefined to count and sum
   * as usual.
   */
  summaryOf?(query: ListQuery, work: Work): Promise<{ total: number; sums: Record<string, number> } | undefined>;
  /** The `joined` fields of a page of records (a list's, an export's, one read by id), read in one query by their ids. */
  joinList?(records: Record<string, unknown>[], reads: Work): Promise<void>;
  /** After any change was committed (caches to drop, and the like). */
  afterChange?(): Promise<void>;
  /** Deleting a record changes who holds what (a role and its grants): every instance's grant cache is dropped. */
  deleteChangesAccess?: boolean;
  /** The server functions of its flow's actions that declare `effect` (`<entity>.actions.ts`), by action id. */
  actions?: Readonly<Record<string, FlowEffect<Row>>>;
}

interface Registered {
  spec: EntitySpec;
  table: EntityTable;
}
/** Entities registered so far, by id: references and delete checks look each other up. */
const registry = new Map<string, Registered>();

const columnOf = (table: EntityTable, key: string): PgColumn => {
  const column = (table as unknown as Record<string, PgColumn | undefined>)[key];
  if (!column) throw new Error(`table has no column for field ${key}`);
  return column;
};

const both = (zh: string, en: string) => badRequest(zh, en);

/** From this offset on, a page's ids are found first (a deferred join). */
const DEEP_PAGE_OFFSET = 1000;

/**
 * The JeecgBoot endpoint family for one declared entity, under its API base: list, queryById,
 * add, edit (PUT and POST), delete and deleteBatch, as its operations allow. Every route declares
 * its permission code; rows are scoped to the caller's school and soft-deleted; answers carry
 * `<field>_dictText` for dictionaries and references and leave out the data columns the caller may
 * not see (an edit keeps them as they were).
 */
export function registerEntity(
  api: FastifyInstance,
  context: AppContext,
  spec: EntitySpec,
  table: EntityTable,
  hooks: EntityHooks = {},
  detailTables: Readonly<Record<string, DetailTable>> = {},
): void {
  const { db, dictionaries } = context;
  registry.set(spec.id, { spec, table });
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

  /** A row as the list and the form see it. */
  async function shape(rows: Record<string, unknown>[], caller: AuthContext, view: 'list' | 'record' = 'list') {
    const labels = new Map<string, Map<string, string>>();
    for (const field of spec.fields.filter((candidate) => candidate.type === 'ref')) {
      const ids = [...new Set(rows.map((row) => row[field.key]).filter((id): id is string => typeof id === 'string'))];
      const target = registry.get(field.ref!);
      if (!target || ids.length === 0) continue;
      const found = await db
        .select({ id: target.table.id, label: columnOf(target.table, target.spec.labelField) })
        .from(target.table as PgTable)
        .where(inArray(target.table.id, ids));
      labels.set(field.key, new Map(found.map((row) => [String(row.id), String(row.label)])));
    }
    const records = [];
    for (const row of rows) {
      const record: Record<string, unknown> = { id: row.id };
      for (const field of spec.fields) {
        if (field.joined) continue;
        const value = row[field.key] ?? null;
        record[field.key] = value instanceof Date ? formatDateTime(value) : shownValue(field, value);
        if (field.type === 'dict') record[`${field.key}_dictText`] = await dictionaries.textOf(field.dict!, value, caller.tenantId, caller.locale);
        if (field.type === 'ref') record[`${field.key}_dictText`] = typeof value === 'string' ? (labels.get(field.key)?.get(value) ?? '') : '';
      }
      record.createBy = row.createBy ?? null;
      record.createTime = row.createdAt instanceof Date ? formatDateTime(row.createdAt) : null;
      record.updateBy = row.updateBy ?? null;
      record.updateTime = row.updatedAt instanceof Date ? formatDateTime(row.updatedAt) : null;
      hooks.shapeRecord?.(record, view, caller);
      records.push(record);
    }
    // A record read alone carries them too: a flow's dialog shows the holder of the bill it acts on.
    if (hooks.joinList && records.length) await hooks.joinList(records, schoolReads(db, caller));
    return stripColumns(records, hiddenFor(caller));
  }

  /** A filter of the list query as SQL; a value that cannot match its field's type matches nothing. */
  function condition(filter: ListFilter): SQL | undefined {
    if (filter.op === 'any') return or(...filter.fields.map((field) => condition({ field, op: 'like', value: filter.value })));
    // A field of another table: the entity's hook knows how to find its rows.
    if (filter.field.joined) return hooks.joinedFilter?.(filter) ?? sql`false`;
    const column = columnOf(table, filter.field.key);
    const typed = (value: string): unknown => {
      switch (filter.field.type) {
        case 'number':
          return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : undefined;
        case 'money':
          return yuanToCents(value) ?? undefined;
        case 'quantity':
          return quantityToMilli(value) ?? undefined;
        case 'switch':
          return value === '1' || value === 'true' || value === 'Y';
        case 'datetime':
          // A timestamp column compares instants: the school's time of day as a Date.
          if (column.columnType !== 'PgTimestamp') return value;
          return parseTypedTime(value) ?? undefined;
        default:
          return value;
      }
    };
    switch (filter.op) {
      case 'like':
        return ilike(column, containing(filter.value));
      case 'prefix':
        // The range finds it on the column's index whatever the collation; LIKE keeps it exact.
        return and(gte(column, filter.value), lt(column, `${filter.value}\uffff`), like(column, `${escapeLike(filter.value)}%`));
      case 'eq': {
        const value = typed(filter.value);
        return value === undefined ? sql`false` : eq(column, value);
      }
      case 'in': {
        const values = filter.value.map(typed).filter((value) => value !== undefined);
        return values.length ? inArray(column, values) : sql`false`;
      }
      case 'range': {
        // A day given for a time of day: from its first second to its last.
        const day = (value: string, time: string) => (filter.field.type === 'datetime' && /^\d{4}-\d\d-\d\d$/.test(value) ? `${value} ${time}` : value);
        const begin = filter.begin === null ? undefined : typed(day(filter.begin, '00:00:00'));
        const end = filter.end === null ? undefined : typed(day(filter.end, '23:59:59'));
        // A bound given that is not a value of the field matches nothing (never silently dropped).
        if ((filter.begin !== null && begin === undefined) || (filter.end !== null && end === undefined)) return sql`false`;
        return and(begin === undefined ? undefined : gte(column, begin), end === undefined ? undefined : lte(column, end));
      }
    }
  }

  /**
   * Dictionary values must be enabled items. Checked before the transaction: the dictionaries are
   * read through the main connection (PGlite has only one).
   */
  async function checkDictionaries(values: Record<string, unknown>, tenantId: number) {
    for (const field of spec.fields) {
      const value = values[field.key];
      if (field.type !== 'dict' || value === null || value === undefined || value === '') continue;
      const items = await dictionaries.itemsOf(field.dict!, tenantId);
      const parts = field.dictMode === 'multi' ? String(value).split(',').filter(Boolean) : [String(value)];
      if (parts.some((part) => !items.get(part)?.enabled)) throw both(`${field.title['zh-CN']}的取值不正确（${field.key}）`, `${field.title.en} has a value that is not allowed (${field.key})`);
    }
  }

  /** A sub-table's dictionary values must be enabled items too (`第 2 行 …`). */
  async function checkDetailDictionaries(rows: Record<string, Record<string, unknown>[] | undefined>, tenantId: number) {
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
  async function checkDetailRefs(tx: Executor, tenantId: number, rows: Record<string, Record<string, unknown>[] | undefined>) {
    for (const { detail } of details) await checkRowReferences(tx, tenantId, detail.fields, rows[detail.key] ?? [], detail.key);
  }

  /** References must be live records of the school; unique fields unused by another live record. */
  /**
   * Values as the table takes them: a datetime typed as `YYYY-MM-DD HH:mm:ss` (school time) into a
   * timestamp column is a Date; a date column keeps its text.
   */
  function stored(values: Record<string, unknown>): Record<string, unknown> {
    const out = { ...values };
    for (const field of spec.fields)
      if (field.type === 'datetime' && typeof out[field.key] === 'string' && out[field.key] !== '' && columnOf(table, field.key).columnType === 'PgTimestamp')
        out[field.key] = parseTypedTime(out[field.key] as string) ?? new Date(Number.NaN);
    return out;
  }

  async function checkValues(tx: Executor, tenantId: number, values: Record<string, unknown>, id: string | null) {
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

  /** The filters a list was asked with, in words for the export's second line (`食堂：第一食堂`, `日期：2026-11-01 ~ 2026-11-30`). */
  async function conditionsOf(query: ListQuery, caller: AuthContext): Promise<string[]> {
    const out: string[] = [];
    const textOf = async (field: FieldSpec, value: string) => {
      if (field.type === 'dict') return dictionaries.textOf(field.dict!, value, caller.tenantId);
      if (field.type === 'switch') return value === 'true' || value === '1' ? '是' : '否';
      if (field.type === 'ref') {
        const target = registry.get(field.ref!);
        if (!target) return value;
        const [found] = await db
          .select({ label: columnOf(target.table, target.spec.labelField) })
          .from(target.table as PgTable)
          .where(eq(target.table.id, value));
        return found ? String(found.label) : value;
      }
      return value;
    };
    for (const filter of query.filters) {
      const title = filter.field.title['zh-CN'];
      if (filter.op === 'range') out.push(`${title}：${filter.begin ?? ''} ~ ${filter.end ?? ''}`);
      else if (filter.op === 'in') out.push(`${title}：${(await Promise.all(filter.value.map((value) => textOf(filter.field, value)))).join('、')}`);
      else if (filter.op === 'any') out.push(`关键字：${filter.value}`);
      else out.push(`${title}：${await textOf(filter.field, filter.value)}`);
    }
    return out.length ? out : ['查询条件：全部'];
  }

  /** Rows after (value, id) in the order `sort, id` (PostgreSQL puts nulls last going up, first going down). */
  function after(column: PgColumn, order: 'asc' | 'desc', value: unknown, id: string): SQL {
    // A timestamp is compared as the database wrote it (microseconds): a JavaScript Date keeps
    // milliseconds only, and rows between the two would be skipped at a batch's end.
    const exact = column.columnType === 'PgTimestamp';
    const same = exact ? sql`${column} = ${value}::timestamptz` : eq(column, value);
    const tie = and(same, sql`${table.id} > ${id}`)!;
    const sameNull = and(sql`${column} is null`, sql`${table.id} > ${id}`)!;
    const beyond = order === 'asc' ? (exact ? sql`${column} > ${value}::timestamptz` : gt(column, value)) : exact ? sql`${column} < ${value}::timestamptz` : lt(column, value);
    if (order === 'asc') return value === null || value === undefined ? sameNull : or(beyond, tie, sql`${column} is null`)!;
    return value === null || value === undefined ? or(sameNull, sql`${column} is not null`)! : or(beyond, tie)!;
  }

  /** The 合计 line: one aggregate over the list's rows (or the hook's summary), money back in yuan; none when nothing is summed. */
  async function footerOf(work: Work, caller: AuthContext, query: ListQuery, where: SQL | undefined, given?: Awaited<ReturnType<NonNullable<EntityHooks['summaryOf']>>>) {
    const summed = spec.fields.filter((field) => field.total && !hiddenFor(caller).has(field.key));
    if (!summed.length) return undefined;
    const summary = given ?? (await hooks.summaryOf?.(query, work));
    let sums: Record<string, number>;
    if (summary) sums = summary.sums;
    else {
      const [row] = (await work.tx
        .select(Object.fromEntries(summed.map((field) => [field.key, sql<string>`coalesce(sum(${hooks.totalOf?.[field.key] ?? columnOf(table, field.key)}), 0)`])))
        .from(table as PgTable)
        .where(where)) as Record<string, string>[];
      sums = Object.fromEntries(summed.map((field) => [field.key, Number(row?.[field.key] ?? 0)]));
    }
    return Object.fromEntries(summed.map((field) => [field.key, shownSum(field, sums[field.key] ?? 0)]));
  }

  const boundTitles = rangeBounds(spec.fields).titles;
  /** The list query of a request: paging, sort, the filters and the caller's data rules as SQL. */
  const listRequest = async (caller: AuthContext, raw: unknown) => {
    const hidden = hiddenFor(caller);
    // A bad bound (`postedAt_begin=abc`) is a 400 naming it, before any hook reads the range.
    const checked = parseInput(listQuerySchema(spec, hidden), raw, boundTitles);
    const query = parseListQuery(spec, (raw ?? {}) as Record<string, unknown>, checked, hidden);
    const rules = await dataRuleCondition(db, caller, spec, table);
    const bounds = await hooks.listBounds?.(query, schoolReads(db, caller));
    return { query, where: and(live(caller.tenantId), rules, bounds, ...query.filters.map(condition)) };
  };

  api.get(`${base}/list`, { config: { permission: codes.read } }, async (request) => {
    const caller = authOf(request);
    const { query, where } = await listRequest(caller, request.query);
    const sortColumn = query.sort.field === 'createTime' ? (table.createdAt ?? table.id) : columnOf(table, query.sort.field);
    const small = await isSmallTable(db, table);
    const offset = (query.pageNo - 1) * query.pageSize;
    const order = [query.sort.order === 'asc' ? asc(sortColumn) : desc(sortColumn), asc(table.id)];
    // A deep page finds its ids first, on the sort's index alone, then reads those rows: the rows
    // it skips are never fetched.
    const deep = !small && offset >= DEEP_PAGE_OFFSET;
    // The page, its count and its 合计 read in the school's transaction: the database holds them to
    // the school too. What is shaped from caches (dictionaries, labels) is done after it.
    const { rows, total, footer } = await inSchool(db, caller, async (work) => {
      const { tx } = work;
      const rows = (await tx
        .select(small ? { row: rowColumns, total: windowTotal } : { row: rowColumns })
        .from(table as PgTable)
        .where(
          deep
            ? inArray(
                table.id,
                tx
                  .select({ id: table.id })
                  .from(table as PgTable)
                  .where(where)
                  .orderBy(...order)
                  .limit(query.pageSize)
                  .offset(offset),
              )
            : where,
        )
        .orderBy(...order)
        .limit(query.pageSize)
        .offset(deep ? 0 : offset)) as { row: Record<string, unknown>; total?: number }[];
      const summary = await hooks.summaryOf?.(query, work);
      const { total } = summary ? { total: summary.total } : await totalOfPage(tx, table, where, small, rows, offset);
      return { rows, total, footer: await footerOf(work, caller, query, where, summary) };
    });
    const page: PageResult<Record<string, unknown>> = {
      records: await shape(
        rows.map((entry) => entry.row),
        caller,
      ),
      total,
      size: query.pageSize,
      current: query.pageNo,
      pages: Math.ceil(total / query.pageSize),
      ...(footer ? { footer } : {}),
    };
    return ok(page, '查询成功');
  });

  // A picker's page: the keyword over the declared text fields, each record's label and the few
  // fields that tell records apart. Readable by whoever may pick this entity (see mayPick).
  api.get(`${base}/pick`, { config: { self: true } }, async (request) => {
    const caller = authOf(request);
    if (!mayPick(spec, caller)) throw forbidden();
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const { query, where } = await listRequest(caller, { pageNo: raw.pageNo, pageSize: raw.pageSize, keyword: raw.keyword });
    const offset = (query.pageNo - 1) * query.pageSize;
    // In the list's own order (学/工号…): the label alone sorts Chinese names by code point.
    const sortColumn = query.sort.field === 'createTime' ? (table.createdAt ?? table.id) : columnOf(table, query.sort.field);
    const { rows, total } = await inSchool(db, caller, async ({ tx }) => {
      const rows = (await tx
        .select()
        .from(table as PgTable)
        .where(where)
        .orderBy(query.sort.order === 'asc' ? asc(sortColumn) : desc(sortColumn), asc(table.id))
        .limit(query.pageSize)
        .offset(offset)) as Record<string, unknown>[];
      return { rows, ...(await totalOfPage(tx, table, where, false, rows, offset)) };
    });
    const shown = pickFields(spec).filter((field) => !hiddenFor(caller).has(field.key));
    const keys = ['id', ...shown.flatMap((field) => (field.type === 'dict' || field.type === 'ref' ? [field.key, `${field.key}_dictText`] : [field.key]))];
    const records = (await shape(rows, caller, 'record')).map((record) => Object.fromEntries(keys.map((key) => [key, record[key] ?? null])));
    const page: PageResult<Record<string, unknown>> = { records, total, size: query.pageSize, current: query.pageNo, pages: Math.ceil(total / query.pageSize) };
    return ok(page, '查询成功');
  });

  api.get(`${base}/queryById`, { config: { permission: codes.read } }, async (request) => {
    const caller = authOf(request);
    const { id } = parseInput(z.object({ id: z.string().trim().min(1).max(64) }), request.query);
    const { row, lines } = await inSchool(db, caller, async ({ tx }) => ({ row: await rowOf(tx, caller.tenantId, id), lines: await readDetails(tx, id) }));
    const [record] = await shape([row], caller, 'record');
    return ok({ ...record, ...lines }, '查询成功');
  });

  if (spec.operations.includes('export')) {
    // Exports what the list shows — its filters, or the selected rows — as a download-centre job.
    api.get(`${base}/exportXls`, { config: { permission: codes.export } }, async (request) => {
      const caller = authOf(request);
      const { query, where } = await listRequest(caller, request.query);
      const { selections } = parseInput(z.object({ selections: idList }), request.query);
      const scope = and(where, selections.length ? inArray(table.id, selections) : undefined);
      const hidden = hiddenFor(caller);
      const fields = spec.fields.filter((field) => field.list !== false && !hidden.has(field.key));
      const columns: SheetColumn[] = fields.map((field) => ({
        header: field.title['zh-CN'],
        key: field.key,
        width: Math.max(10, Math.round((field.width ?? 120) / 7)),
        format: field.type === 'money' ? 'money' : field.type === 'quantity' ? 'quantity' : field.type === 'number' ? 'number' : 'text',
      }));
      const now = schoolDateTime(new Date());
      const financial = fields.some((field) => field.type === 'money');
      const conditions = [...(await conditionsOf(query, caller)), ...(selections.length ? [`选中：${selections.length} 条`] : []), ...(financial ? ['单位：元'] : []), `制表时间：${now}`];
      const layout = { title: spec.screen.title['zh-CN'], conditions, columns, financial };
      // The screen's order: its sort, then id, read in keyset batches (each one short query, however many rows there are).
      const sortKey = query.sort.field === 'createTime' ? 'createdAt' : query.sort.field;
      const sortColumn = query.sort.field === 'createTime' ? (table.createdAt ?? table.id) : columnOf(table, query.sort.field);
      const order = [query.sort.order === 'asc' ? asc(sortColumn) : desc(sortColumn), asc(table.id)];
      const totalled = fields.filter((field) => field.total);
      const id = await context.downloads.start(caller, `${spec.title['zh-CN']}_${now.replace(/\D/g, '').slice(0, 12)}.xlsx`, layout, async (write) => {
        let last: Record<string, unknown> | undefined;
        // Chosen rows are summed as written (in cents, exactly); a whole list as its screen sums it.
        const chosenSums = new Map<string, number>();
        for (;;) {
          // Each batch in the school's transaction, as the list's page is read.
          const batch = await inSchool(
            db,
            caller,
            async ({ tx }) =>
              (await tx
                .select({ ...rowColumns, exportCursor: sql<string | null>`${sortColumn}::text` })
                .from(table as PgTable)
                .where(and(scope, last ? after(sortColumn, query.sort.order, sortColumn.columnType === 'PgTimestamp' ? last.exportCursor : last[sortKey], String(last.id)) : undefined))
                .orderBy(...order)
                .limit(1000)) as Record<string, unknown>[],
          );
          if (batch.length === 0) break;
          const records = await shape(batch, caller);
          for (const record of records) for (const field of totalled) chosenSums.set(field.key, (chosenSums.get(field.key) ?? 0) + Math.round(Number(record[field.key] ?? 0) * (unitsOf(field) ?? 1)));
          await write(
            records.map((record) =>
              Object.fromEntries(
                fields.map((field) => {
                  const value = record[field.key];
                  const shown = field.type === 'dict' || field.type === 'ref' ? record[`${field.key}_dictText`] : field.type === 'switch' ? (value ? '是' : '否') : value;
                  return [field.key, shown ?? ''];
                }),
              ),
            ),
          );
          last = batch.at(-1);
        }
        if (!totalled.length) return undefined;
        if (!selections.length) return inSchool(db, caller, (work) => footerOf(work, caller, query, scope));
        return Object.fromEntries(totalled.map((field) => [field.key, shownSum(field, chosenSums.get(field.key) ?? 0)]));
      });
      return ok({ id }, '导出任务已创建，完成后可在下载中心下载');
    });
  }

  if (spec.operations.includes('import')) {
    api.get(`${base}/importTemplate`, { config: { permission: codes.import } }, async (_request, reply) => {
      reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${spec.title['zh-CN']}导入模板.xlsx`)}`);
      return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await templateOf(spec));
    });

    // All rows or none: every row is checked as the form would be, errors name the row and column.
    api.post(`${base}/importExcel`, { config: writes(codes.import) }, async (request) => {
      const caller = authOf(request);
      const { rows } = await readSheet(spec, await uploadedWorkbook(request));
      // A detail's rows go to the master the request names (`?masterId=`), unless a row names its own.
      const master = parentField ? (request.query as Record<string, unknown> | undefined)?.[parentField.key] : undefined;
      if (typeof master === 'string' && master) for (const row of rows) if (!row.values[parentField!.key]) row.values[parentField!.key] = master;
      if (rows.length === 0) throw both('Excel 文件中没有数据行（file）', 'The workbook has no data rows (file)');
      const schema = recordSchema(spec, 'add', rulesOf(spec));
      const errors: { zh: string; en: string }[] = [];
      const parsed: { line: number; values: Record<string, unknown> }[] = [];
      for (const { line, values } of rows) {
        const typed = await fromSheet(values, caller.tenantId);
        if ('error' in typed) {
          errors.push({ zh: `第 ${line} 行 ${typed.error.zh}`, en: `Row ${line}: ${typed.error.en}` });
          continue;
        }
        hooks.normalise?.(typed.values);
        const result = schema.safeParse(typed.values, { error: (issue) => issueMessage(issue, 'zh-CN', titles) });
        if (!result.success) {
          const issue = result.error.issues[0]!;
          const english = issueMessage({ ...issue, path: issue.path } as IssueLike, 'en', titles);
          errors.push({ zh: `第 ${line} 行 ${issue.message}`, en: `Row ${line}: ${english}` });
        } else {
          const values = result.data as Record<string, unknown>;
          // As in the form: a disabled dictionary item is not offered for new records.
          try {
            await checkDictionaries(values, caller.tenantId);
            parsed.push({ line, values });
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            errors.push({ zh: `第 ${line} 行 ${error.message}`, en: `Row ${line}: ${error.en ?? error.message}` });
          }
        }
      }
      const refuse = (found: { zh: string; en: string }[]) =>
        both(
          `导入失败，未导入任何数据：${found
            .slice(0, 5)
            .map((error) => error.zh)
            .join('；')}${found.length > 5 ? ` 等 ${found.length} 处` : ''}`,
          `Nothing was imported: ${found
            .slice(0, 5)
            .map((error) => error.en)
            .join('; ')}${found.length > 5 ? ` and ${found.length - 5} more` : ''}`,
        );
      if (errors.length) throw refuse(errors);
      await inSchool(db, caller, async (work) => {
        const { tx } = work;
        const [creator] = await tx.select({ orgCode: users.orgCode }).from(users).where(eq(users.id, caller.userId));
        for (const { line, values } of parsed) {
          try {
            await hooks.guard?.({ tx, work, tenantId: caller.tenantId, caller, id: null, values, before: null });
            await checkValues(tx, caller.tenantId, values, null);
            await hooks.beforeSave?.({ tx, work, tenantId: caller.tenantId, caller, id: null, values, before: null, details: {} });
          } catch (error) {
            if (error instanceof ApiError) throw refuse([{ zh: `第 ${line} 行 ${error.message}`, en: `Row ${line}: ${error.en ?? error.message}` }]);
            throw error;
          }
          const id = newId();
          await tx.insert(table).values({ ...stored(values), id, ...stamp(caller, creator?.orgCode ?? null) });
          await hooks.afterAdd?.({ tx, work, tenantId: caller.tenantId, caller, id, values });
          await writeHistory(tx, [{ ...historyOf(caller, id, 'import'), changes: addedFields(spec, stored(values)) }]);
        }
      }).catch(uniqueRace);
      await changed();
      return ok({ imported: parsed.length }, `导入成功，共 ${parsed.length} 行`);
    });
  }

  /**
   * A sheet row in the form's terms: dictionary texts (or values) to values, reference labels (or
   * ids) to ids, 是/否 to switches.
   */
  async function fromSheet(values: Record<string, unknown>, tenantId: number): Promise<{ values: Record<string, unknown> } | { error: { zh: string; en: string } }> {
    const out: Record<string, unknown> = { ...values };
    for (const field of spec.fields) {
      const raw = values[field.key];
      // An empty cell is a field left blank: its default, as in the form.
      if (raw === undefined || String(raw).trim() === '') {
        delete out[field.key];
        continue;
      }
      const text = String(raw).trim();
      if (field.type === 'dict') {
        const items = await dictionaries.itemsOf(field.dict!, tenantId);
        const parts = field.dictMode === 'multi' ? text.split(/[,，]/).map((part) => part.trim()) : [text];
        // A value, or its text in either language (a workbook exported from an English console).
        const mapped = parts.map((part) => (items.has(part) ? part : [...items].find(([, entry]) => entry.text === part || entry.textEn === part)?.[0]));
        if (mapped.some((value) => value === undefined)) return { error: { zh: `${field.title['zh-CN']}：「${text}」不是可选的值`, en: `${field.title.en}: "${text}" is not one of the choices` } };
        out[field.key] = mapped.join(',');
      } else if (field.type === 'ref') {
        const target = registry.get(field.ref!)!;
        const found = await db
          .select({ id: target.table.id })
          .from(target.table as PgTable)
          .where(
            and(
              liveRows(target.spec, target.table, tenantId),
              // Its id, its label, or a number that names one record (a pupil's 学/工号).
              or(
                eq(target.table.id, text),
                eq(columnOf(target.table, target.spec.labelField), text),
                ...target.spec.fields.filter((candidate) => candidate.unique && candidate.type === 'text').map((candidate) => eq(columnOf(target.table, candidate.key), text)),
              ),
            ),
          )
          .limit(2);
        if (found.length !== 1) return { error: { zh: `${field.title['zh-CN']}：找不到「${text}」`, en: `${field.title.en}: "${text}" was not found` } };
        out[field.key] = found[0]!.id;
      } else if (field.type === 'switch') {
        out[field.key] = ['是', 'Y', 'y', '1', 'true', 'TRUE', 'yes'].includes(text);
      }
    }
    return { values: out };
  }

  /** What a client sent, rewritten by the hooks before it is checked (a plate typed in lower case). */
  const normalisedBody = (body: unknown): unknown => {
    if (!hooks.normalise || !body || typeof body !== 'object' || Array.isArray(body)) return body;
    const copy = { ...(body as Record<string, unknown>) };
    hooks.normalise(copy);
    return copy;
  };

  if (spec.operations.includes('add')) {
    api.post(`${base}/add`, { config: writes(codes.add) }, async (request) => {
      const caller = authOf(request);
      const values = parseInput(recordSchema(spec, 'add', rulesOf(spec)), normalisedBody(request.body), titles) as Record<string, unknown>;
      const rows = takeDetails(values);
      const id = newId();
      await checkDictionaries(values, caller.tenantId);
      await checkDetailDictionaries(rows, caller.tenantId);
      await inSchool(db, caller, async (work) => {
        const { tx } = work;
        await hooks.guard?.({ tx, work, tenantId: caller.tenantId, caller, id: null, values, before: null });
        await checkValues(tx, caller.tenantId, values, null);
        await checkDetailRefs(tx, caller.tenantId, rows);
        await hooks.beforeSave?.({ tx, work, tenantId: caller.tenantId, caller, id: null, values, before: null, details: rows });
        // The record belongs to the department its creator works in now (data rules read it).
        const [creator] = await tx.select({ orgCode: users.orgCode }).from(users).where(eq(users.id, caller.userId));
        await tx.insert(table).values({ ...stored(values), id, ...stamp(caller, creator?.orgCode ?? null) });
        const lines = await writeDetails(tx, caller.tenantId, id, rows);
        await hooks.afterAdd?.({ tx, work, tenantId: caller.tenantId, caller, id, values });
        await writeHistory(tx, [{ ...historyOf(caller, id, 'add'), changes: { ...addedFields(spec, stored(values)), ...lines } }]);
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
        const parsed = parseInput(recordSchema(spec, 'edit', rulesOf(spec)), normalisedBody(request.body), titles) as Record<string, unknown> & { id: string };
        const { id, ...values } = parsed;
        const rows = takeDetails(values);
        // Columns the editor cannot see never reached their form: they keep their values.
        for (const column of hiddenFor(caller)) delete values[column];
        await checkDictionaries(values, caller.tenantId);
        await checkDetailDictionaries(rows, caller.tenantId);
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
          await checkValues(tx, caller.tenantId, values, id);
          await checkDetailRefs(tx, caller.tenantId, rows);
          await hooks.beforeSave?.({ tx, work, tenantId: caller.tenantId, caller, id, values, before, details: rows });
          await tx
            .update(table)
            .set({ ...stored(values), ...touched(caller) })
            .where(and(live(caller.tenantId), eq(table.id, id)));
          const lines = await writeDetails(tx, caller.tenantId, id, rows);
          await writeHistory(tx, [{ ...historyOf(caller, id, 'edit'), changes: { ...changedFields(spec, before, stored(values)), ...lines } }]);
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
        for (const other of [...registry.values()].filter((candidate) => !isPgView(candidate.table))) {
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

  if (spec.flow) registerFlowActions(api, context, spec, { table, live, touched, writes, changed, effects: hooks.actions ?? {} });
}

/**
 * The column of a declared field (or of one of `also`) by the name a client sends — JeecgBoot's
 * snake_case or the API's camelCase — or null: a name is looked up, never put into SQL.
 */
export function declaredColumn(spec: EntitySpec, table: EntityTable, name: string, options: { also?: readonly string[]; restricted?: boolean } = {}): PgColumn | null {
  const key = name.trim().replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const declared = options.also?.includes(key) || spec.fields.some((field) => field.key === key && (options.restricted || !field.restricted));
  return declared ? ((table as unknown as Record<string, PgColumn | undefined>)[key] ?? null) : null;
}

/** The live rows of an entity a school sees: its own (or all, when shared), not deleted. */
export function liveRows(spec: EntitySpec, table: EntityTable, tenantId: number): SQL | undefined {
  return and(spec.tenantScoped && table.tenantId && !scopeProof.filtersOff ? eq(table.tenantId, tenantId) : undefined, table.delFlag ? eq(table.delFlag, 0) : undefined);
}

/**
 * Who may pick records of an entity (a reference's picker or select, JeecgBoot's table
 * dictionary): whoever may open its screen or a screen whose records reference it — the canteen
 * office picks members for its 白名单 without reading 人员管理.
 */
export function mayPick(spec: EntitySpec, caller: AuthContext): boolean {
  const readers = [spec, ...[...registry.values()].filter(({ spec: other }) => other.fields.some((field) => field.type === 'ref' && field.ref === spec.id)).map((other) => other.spec)];
  return readers.some((reader) => actionState(entityCodes(reader).read, caller) === 'shown');
}

/** Every registered entity with its table (for the uniqueness check and named routes). */
export function registeredEntities(): Registered[] {
  return [...registry.values()];
}

/** The registered declaration and table of an entity (for named routes beside the generic ones). */
export function registeredEntity(id: string): Registered | undefined {
  return registry.get(id);
}

export type { FieldSpec };
