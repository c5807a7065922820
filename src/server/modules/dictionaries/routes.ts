import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DictItem } from '@shared/types';
import type { AppContext } from '../../context';
import { declaredColumn, liveRows, mayPick, registeredEntities } from '../../crud/registerEntity';
import { containing } from '../../db/like';
import { dictionaries as dictionaryTable, dictionaryOrgItems } from '../../db/schema';
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
  return { table: table as PgTable, text: column(textName!), value: column(valueName!), live: liveRows(spec, table, caller.tenantId) };
}

/**
 * The dictionary routes of the JeecgBoot family beside the engine's /sys/dict and /sys/dictItem
 * lists: what forms and selects read (a school sees the platform's items with its own laid over
 * them), the table dictionaries of pickers, and the cache refresh.
 */
export function dictionaryRoutes(api: FastifyInstance, context: AppContext): void {
  const { db, dictionaries } = context;

  const codeOf = (raw: string) => {
    const code = raw.trim();
    if (!CODE.test(code) && !TABLE_DICT.test(code) && !code.includes(',')) throw badRequest('字典Code格式不正确！');
    return code;
  };

  /** Items of a table dictionary matching a keyword (comma list: any of them exactly). */
  async function tableItems(source: NonNullable<ReturnType<typeof tableDictionary>>, keyword: string, limit: number): Promise<DictItem[]> {
    const words = keyword
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean);
    const match = keyword.includes(',')
      ? or(inArray(source.text, words), inArray(source.value, words))
      : keyword
        ? or(ilike(source.text, containing(keyword)), ilike(sql`${source.value}::text`, containing(keyword)))
        : undefined;
    const rows = await db.select({ text: source.text, value: source.value }).from(source.table).where(and(source.live, match)).orderBy(asc(source.text)).limit(limit);
    return rows.map((row) => ({ value: String(row.value), text: String(row.text), title: String(row.text) }));
  }

  api.get<{ Params: { code: string } }>('/sys/dict/getDictItems/:code', { config: { self: true } }, async (request) => {
    const caller = authOf(request);
    const code = codeOf(request.params.code);
    const table = tableDictionary(code, caller);
    if (table) return ok(await tableItems(table, '', 1000));
    // An unknown code is an empty list, as the family answers.
    return ok(await dictionaries.listOf(code, caller.tenantId));
  });

  // The school's own items only (dictOrgItem), for comparing with the platform's.
  api.get<{ Params: { code: string } }>('/sys/dict/org/getDictItems/:code', { config: { self: true } }, async (request) => {
    const caller = authOf(request);
    const code = codeOf(request.params.code);
    const rows = await db
      .select({ value: dictionaryOrgItems.itemValue, text: dictionaryOrgItems.itemText, status: dictionaryOrgItems.status, color: dictionaryOrgItems.color })
      .from(dictionaryOrgItems)
      .innerJoin(dictionaryTable, eq(dictionaryTable.id, dictionaryOrgItems.dictId))
      .where(and(eq(dictionaryTable.dictCode, code), eq(dictionaryTable.delFlag, 0), eq(dictionaryOrgItems.tenantId, caller.tenantId)))
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
    if (table) return ok(await tableItems(table, keyword, limit));
    const words = keyword
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean);
    const items = (await dictionaries.listOf(code, caller.tenantId)).filter((item) => !item.disabled);
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
      const rows = await db
        .select({ text: table.text, value: table.value })
        .from(table.table)
        .where(and(table.live, inArray(sql`${table.value}::text`, keys)));
      for (const row of rows) texts.set(String(row.value), String(row.text));
    } else if (!table) {
      for (const item of await dictionaries.listOf(code, caller.tenantId)) texts.set(item.value, item.text);
    }
    return ok(keys.flatMap((key) => (texts.has(key) ? [texts.get(key)!] : query.delNotExist === 'false' ? [key] : [])));
  });

  api.get('/sys/dict/queryAllDictItems', { config: { self: true } }, async (request) => ok(await dictionaries.allOf(authOf(request).tenantId)));

  // 清除缓存 and 刷新缓存: every instance reads the dictionaries again; a bare success, code 0.
  api.get('/sys/dict/refleshCache', { config: { self: true } }, async () => {
    await dictionaries.changed();
    return { ...ok(null, ''), code: 0 };
  });
}
