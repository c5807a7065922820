import type { FastifyInstance } from 'fastify';
import { bySortThenName } from '@shared/naturalOrder';
import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { entityCodes } from '@shared/engine/derive';
import { dictionaryItem } from '@shared/entities/system/dictionaryItem';
import type { DictItem } from '@shared/types';
import type { AppContext } from '../../context';
import { declaredColumn, liveRows, mayPick, registeredEntities } from '../../crud/registerEntity';
import { containing } from '../../db/like';
import { dictionaries as dictionaryTable, dictionaryItems, dictionaryOrgItems } from '../../db/schema';
import { alive, schoolReads } from '../../db/work';
import { authOf, type AuthContext } from '../../http/auth';
import { badRequest, forbidden, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';

const CODE = /^[A-Za-z0-9_]{1,64}$/;
/** JeecgBoot's table dictionary: `table,textColumn,valueColumn`. */
const TABLE_DICT = /^([a-z][a-z0-9_]{0,63}),([A-Za-z][A-Za-z0-9_]{0,63}),([A-Za-z][A-Za-z0-9_]{0,63})$/;

/**
 * A table dictionary's source: only a declared entity's table, by its declared fields (or id),
 * scoped to the caller's school, and only for someone who may open that entity's screen or a
 * screen that picks it — names are looked up, never put into SQL.
 */
function tableDictionary(code: string, caller: AuthContext) {
  if (code.includes(',') && code.split(',').length > 3) throw badRequest('字典表不支持附加条件', 'Table dictionaries take no condition');
  const match = TABLE_DICT.exec(code);
  if (!match) return null;
  const [, tableName, textName, valueName] = match;
  const entities = registeredEntities();
  const found = entities.find(({ spec }) => spec.table === tableName);
  if (!found) throw badRequest(`不支持的字典表（${tableName}）`, `Unknown dictionary table (${tableName})`);
  const { spec, table } = found;
  const column = (name: string): PgColumn => {
    const candidate = declaredColumn(spec, table, name, { also: ['id'] });
    if (!candidate) throw badRequest(`字典表没有该字段（${name}）`, `The dictionary table has no column ${name}`);
    return candidate;
  };
  if (!mayPick(spec, caller)) throw forbidden();
  // Where the records have a sort number (食堂, 菜品分类 …), the picker follows it.
  const sort = spec.fields.some((field) => field.key === 'sortNo') ? declaredColumn(spec, table, 'sortNo') : undefined;
  return { table: table as PgTable, text: column(textName!), value: column(valueName!), sort, live: liveRows(spec, table, caller.tenantId) };
}

/**
 * The dictionary routes of the JeecgBoot family beside the engine's /sys/dict and /sys/dictItem
 * lists: what forms and selects read (a school sees the platform's items with its own laid over
 * them), the table dictionaries of pickers, and the cache refresh.
 */
export function dictionaryRoutes(api: FastifyInstance, context: AppContext): void {
  const { dictionaries } = context;

  const codeOf = (raw: string) => {
    const code = raw.trim();
    if (!CODE.test(code) && !TABLE_DICT.test(code) && !code.includes(',')) throw badRequest('字典Code格式不正确！');
    return code;
  };

  /** Items of a table dictionary matching a keyword (comma list: any of them exactly). */
  async function tableItems(caller: AuthContext, source: NonNullable<ReturnType<typeof tableDictionary>>, keyword: string, limit: number): Promise<DictItem[]> {
    const words = keyword
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean);
    const match = keyword.includes(',')
      ? or(inArray(source.text, words), inArray(source.value, words))
      : keyword
        ? or(ilike(source.text, containing(keyword)), ilike(sql`${source.value}::text`, containing(keyword)))
        : undefined;
    // The entity's own live rows of the caller's school (the engine's condition: a shared entity has no school).
    const rows = await schoolReads(context.db, caller)
      .tx.select({ text: source.text, value: source.value, sort: source.sort ?? sql<null>`null` })
      .from(source.table)
      .where(and(source.live, match))
      .orderBy(...(source.sort ? [asc(source.sort)] : []), asc(source.text))
      .limit(limit);
    return rows
      .map((row) => ({ value: String(row.value), text: String(row.text), sort: row.sort === null ? null : Number(row.sort) }))
      .sort(
        bySortThenName(
          (row) => row.sort,
          (row) => row.text,
        ),
      )
      .map(({ value, text }) => ({ value, text, title: text }));
  }

  api.get<{ Params: { code: string } }>('/sys/dict/getDictItems/:code', { config: { self: true } }, async (request) => {
    const caller = authOf(request);
    const code = codeOf(request.params.code);
    const table = tableDictionary(code, caller);
    if (table) return ok(await tableItems(caller, table, '', 1000));
    // An unknown code is an empty list, as the family answers.
    return ok(await dictionaries.listOf(code, caller.tenantId, caller.locale));
  });

  // The school's own items only (dictOrgItem), for comparing with the platform's.
  api.get<{ Params: { code: string } }>('/sys/dict/org/getDictItems/:code', { config: { self: true } }, async (request) => {
    const work = schoolReads(context.db, authOf(request));
    const code = codeOf(request.params.code);
    const rows = await work.tx
      .select({ value: dictionaryOrgItems.itemValue, text: dictionaryOrgItems.itemText, status: dictionaryOrgItems.status, color: dictionaryOrgItems.color })
      .from(dictionaryOrgItems)
      .innerJoin(dictionaryTable, eq(dictionaryTable.id, dictionaryOrgItems.dictId))
      // The platform's dictionary (not a school's: it keeps its own deleted flag), the school's items.
      .where(and(eq(dictionaryTable.dictCode, code), alive(dictionaryTable), work.school(dictionaryOrgItems)))
      .orderBy(asc(dictionaryOrgItems.sortOrder));
    return ok(rows.map((row): DictItem => ({ value: row.value, text: row.text, title: row.text, ...(row.color ? { color: row.color } : {}), ...(row.status === '1' ? {} : { disabled: true }) })));
  });

  api.get<{ Params: { code: string } }>('/sys/dict/loadDict/:code', { config: { self: true } }, async (request) => {
    const caller = authOf(request);
    const code = codeOf(request.params.code);
    const query = parseInput(z.object({ keyword: z.string().max(200).default(''), pageSize: z.coerce.number().int().min(1).max(500).optional() }), request.query);
    const keyword = query.keyword.trim();
    const limit = query.pageSize ?? 500;
    const table = tableDictionary(code, caller);
    if (table) return ok(await tableItems(caller, table, keyword, limit));
    const words = keyword
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean);
    const items = (await dictionaries.listOf(code, caller.tenantId, caller.locale)).filter((item) => !item.disabled);
    const matching = keyword.includes(',')
      ? items.filter((item) => words.includes(item.value) || words.includes(item.text))
      : items.filter((item) => !keyword || item.text.includes(keyword) || item.value.includes(keyword));
    return ok(matching.slice(0, limit));
  });

  api.get<{ Params: { code: string } }>('/sys/dict/loadDictItem/:code', { config: { self: true } }, async (request) => {
    const caller = authOf(request);
    const code = codeOf(request.params.code);
    const query = parseInput(z.object({ key: z.string().max(4000).default(''), delNotExist: z.enum(['true', 'false']).default('true') }), request.query);
    const keys = query.key
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean)
      .slice(0, 200);
    const table = tableDictionary(code, caller);
    const texts = new Map<string, string>();
    if (table && keys.length) {
      const rows = await schoolReads(context.db, caller)
        .tx.select({ text: table.text, value: table.value })
        .from(table.table)
        .where(and(table.live, inArray(sql`${table.value}::text`, keys)));
      for (const row of rows) texts.set(String(row.value), String(row.text));
    } else if (!table) {
      for (const item of await dictionaries.listOf(code, caller.tenantId, caller.locale)) texts.set(item.value, item.text);
    }
    return ok(keys.flatMap((key) => (texts.has(key) ? [texts.get(key)!] : query.delNotExist === 'false' ? [key] : [])));
  });

  // The family's item form asks whether a value is free within its dictionary (the item itself excluded).
  api.get('/sys/dictItem/dictItemCheck', { config: { permission: `${entityCodes(dictionaryItem).add},${entityCodes(dictionaryItem).edit}` } }, async (request) => {
    const query = parseInput(
      z.object({ itemValue: z.string().max(64).default(''), dictId: z.string({ error: '请选择字典' }).min(1, '请选择字典').max(64), id: z.string().max(64).optional() }),
      request.query,
    );
    const value = query.itemValue.trim();
    const free = ok(true, '该值可用！');
    if (!value) return free;
    // The platform's items (no school column): the same for every caller.
    const [taken] = await schoolReads(context.db, authOf(request))
      .tx.select({ id: dictionaryItems.id })
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.dictId, query.dictId), eq(dictionaryItems.itemValue, value), query.id ? ne(dictionaryItems.id, query.id) : undefined))
      .limit(1);
    return taken ? { ...ok(false, '该值不可用，系统中已存在！'), success: false } : free;
  });

  api.get('/sys/dict/queryAllDictItems', { config: { self: true } }, async (request) => ok(await dictionaries.allOf(authOf(request).tenantId, authOf(request).locale)));

  // 清除缓存 and 刷新缓存: every instance reads the dictionaries again; a bare success, code 0.
  api.get('/sys/dict/refleshCache', { config: { self: true } }, async () => {
    await dictionaries.changed();
    return { ...ok(null, ''), code: 0 };
  });
}
