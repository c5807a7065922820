import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, gt, gte, ilike, inArray, like, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { pickFields } from '@shared/engine/derive';
import { listQuerySchema, parseListQuery, quantityToMilli, shownValue, yuanToCents, type ListFilter, type ListQuery } from '@shared/engine/schemas';
import type { FieldSpec } from '@shared/engine/spec';
import type { PageResult } from '@shared/envelope';
import { inSchool, schoolReads } from '../../db/work';
import { containing, escapeLike } from '../../db/like';
import { isSmallTable, totalOfPage, windowTotal } from '../../db/paging';
import { authOf, type AuthContext } from '../../http/auth';
import { saidInEnglish } from '../../http/language';
import { stripColumns } from '../../http/columns';
import { forbidden, ok } from '../../http/envelope';
import { parseTypedTime, schoolDateTime } from '../../http/schoolClock';
import { parseInput } from '../../http/validate';
import { dataRuleCondition } from '../dataRules';
import { mayPick, registeredEntity } from './registry';
import { columnOf, type EntityRuntime } from './runtime';
import { pageTotals } from './totals';

/** `YYYY-MM-DD HH:mm:ss` in the server's time zone, as the JeecgBoot family answers times. */
const formatDateTime = (value: Date) => schoolDateTime(value);

/** From this offset on, a page's ids are found first (a deferred join). */
const DEEP_PAGE_OFFSET = 1000;

/** A row as the list and the form see it. */
export async function shape(rt: EntityRuntime, rows: Record<string, unknown>[], caller: AuthContext, view: 'list' | 'record' = 'list') {
  const { db, dictionaries, spec, hooks, hiddenFor } = rt;
  const labels = new Map<string, Map<string, string>>();
  for (const field of spec.fields.filter((candidate) => candidate.type === 'ref')) {
    const ids = [...new Set(rows.map((row) => row[field.key]).filter((id): id is string => typeof id === 'string'))];
    const target = registeredEntity(field.ref!);
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
      if (field.said && caller.locale === 'en' && typeof value === 'string') record[field.key] = saidInEnglish(value, row[`${field.key}En`]);
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
export function condition(rt: EntityRuntime, filter: ListFilter): SQL | undefined {
  const { table, hooks } = rt;
  if (filter.op === 'any') return or(...filter.fields.map((field) => condition(rt, { field, op: 'like', value: filter.value })));
  // A field of another table: the entity's hook knows how to find its rows.
  if (filter.field.joined) return hooks.joinedFilter?.(filter) ?? sql`false`;
  const indexed = hooks.indexedFilter?.(filter);
  if (indexed) return indexed;
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

/** The filters a list was asked with, in words for the export's second line (`食堂：第一食堂`, `日期：2026-11-01 ~ 2026-11-30`). */
export async function conditionsOf(rt: EntityRuntime, query: ListQuery, caller: AuthContext): Promise<string[]> {
  const { db, dictionaries } = rt;
  const out: string[] = [];
  const textOf = async (field: FieldSpec, value: string) => {
    if (field.type === 'dict') return dictionaries.textOf(field.dict!, value, caller.tenantId);
    if (field.type === 'switch') return value === 'true' || value === '1' ? '是' : '否';
    if (field.type === 'ref') {
      const target = registeredEntity(field.ref!);
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
export function after(rt: EntityRuntime, column: PgColumn, order: 'asc' | 'desc', value: unknown, id: string): SQL {
  const { table } = rt;
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

/** The list query of a request: paging, sort, the filters and the caller's data rules as SQL. */
export async function listRequest(rt: EntityRuntime, caller: AuthContext, raw: unknown) {
  const { db, spec, table, hooks, live, hiddenFor, boundTitles } = rt;
  const hidden = hiddenFor(caller);
  // A bad bound (`postedAt_begin=abc`) is a 400 naming it, before any hook reads the range.
  const checked = parseInput(listQuerySchema(spec, hidden), raw, boundTitles);
  const query = parseListQuery(spec, (raw ?? {}) as Record<string, unknown>, checked, hidden);
  const rules = await dataRuleCondition(db, caller, spec, table);
  const bounds = await hooks.listBounds?.(query, schoolReads(db, caller));
  return { query, where: and(live(caller.tenantId), rules, bounds, ...query.filters.map((filter) => condition(rt, filter))) };
}

/** An entity's reads: its list page, a picker's page and one record by id (the form). */
export function registerQueryRoutes(api: FastifyInstance, rt: EntityRuntime): void {
  const { db, spec, table, codes, base, rowColumns, hiddenFor, rowOf, readDetails } = rt;
  api.get(`${base}/list`, { config: { permission: codes.read } }, async (request) => {
    const caller = authOf(request);
    const { query, where } = await listRequest(rt, caller, request.query);
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
      return { rows, ...(await pageTotals(rt, work, caller, query, where, { small, rows, offset })) };
    });
    const page: PageResult<Record<string, unknown>> = {
      records: await shape(
        rt,
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
    const { query, where } = await listRequest(rt, caller, { pageNo: raw.pageNo, pageSize: raw.pageSize, keyword: raw.keyword });
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
    const records = (await shape(rt, rows, caller, 'record')).map((record) => Object.fromEntries(keys.map((key) => [key, record[key] ?? null])));
    const page: PageResult<Record<string, unknown>> = { records, total, size: query.pageSize, current: query.pageNo, pages: Math.ceil(total / query.pageSize) };
    return ok(page, '查询成功');
  });

  api.get(`${base}/queryById`, { config: { permission: codes.read } }, async (request) => {
    const caller = authOf(request);
    const { id } = parseInput(z.object({ id: z.string().trim().min(1).max(64) }), request.query);
    const { row, lines } = await inSchool(db, caller, async ({ tx }) => ({ row: await rowOf(tx, caller.tenantId, id), lines: await readDetails(tx, id) }));
    const [record] = await shape(rt, [row], caller, 'record');
    return ok({ ...record, ...lines }, '查询成功');
  });
}
