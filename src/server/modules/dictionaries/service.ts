import { and, asc, eq } from 'drizzle-orm';
import type { DictItem, DictMap } from '@shared/types';
import type { Executor } from '../../db/client';
import { dictionaries, dictionaryItems } from '../../db/schema';

const toItem = (row: { itemValue: string; itemText: string }): DictItem => ({
  value: row.itemValue,
  text: row.itemText,
  title: row.itemText,
});

/** Every dictionary's enabled items, by sort order: the sign-in answer's sysAllDictItems. */
export async function allDictItems(db: Executor): Promise<DictMap> {
  const rows = await db
    .select({ code: dictionaries.dictCode, itemValue: dictionaryItems.itemValue, itemText: dictionaryItems.itemText })
    .from(dictionaryItems)
    .innerJoin(dictionaries, eq(dictionaries.id, dictionaryItems.dictId))
    .where(and(eq(dictionaries.delFlag, 0), eq(dictionaryItems.status, 1)))
    .orderBy(asc(dictionaries.dictCode), asc(dictionaryItems.sortOrder));
  const map: DictMap = {};
  for (const row of rows) (map[row.code] ??= []).push(toItem(row));
  return map;
}

/** One dictionary's items including disabled ones (marked), or null when the code is unknown. */
export async function dictItemsByCode(db: Executor, code: string): Promise<DictItem[] | null> {
  const [dictionary] = await db
    .select({ id: dictionaries.id })
    .from(dictionaries)
    .where(and(eq(dictionaries.dictCode, code), eq(dictionaries.delFlag, 0)));
  if (!dictionary) return null;
  const rows = await db
    .select()
    .from(dictionaryItems)
    .where(eq(dictionaryItems.dictId, dictionary.id))
    .orderBy(asc(dictionaryItems.sortOrder));
  return rows.map((row) => ({ ...toItem(row), ...(row.status === 1 ? {} : { disabled: true }) }));
}
