import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../client';
import { newId } from '../ids';
import { dictionaries, dictionaryItems } from '../schema';
import { dictionaryEnglish } from './dictionaryEnglish';
import { dictionaries as shipped } from './dictionaries';

/**
 * The dictionaries the product ships, on a new database and on an installed one at every start:
 * a dictionary whose code the database has never had is added with its items (one an
 * administrator deleted keeps its row, and stays deleted), and every shipped item without an
 * English text gets it. Items an administrator changed are otherwise left as they are.
 */
export async function addShippedDictionaries(db: Executor): Promise<void> {
  const known = new Set((await db.select({ code: dictionaries.dictCode }).from(dictionaries)).map((row) => row.code));
  for (const dictionary of shipped().filter((candidate) => !known.has(candidate.code))) {
    const dictId = newId();
    await db.insert(dictionaries).values({ id: dictId, dictCode: dictionary.code, dictName: dictionary.name });
    await db
      .insert(dictionaryItems)
      .values(dictionary.items.map(([value, text, color], index) => ({ id: newId(), dictId, itemValue: value, itemText: text, sortOrder: index + 1, color: color ?? null })));
  }
  const missing = await db
    .select({ id: dictionaryItems.id, code: dictionaries.dictCode, value: dictionaryItems.itemValue })
    .from(dictionaryItems)
    .innerJoin(dictionaries, eq(dictionaries.id, dictionaryItems.dictId))
    .where(and(isNull(dictionaryItems.itemTextEn), inArray(dictionaries.dictCode, Object.keys(dictionaryEnglish()))));
  for (const row of missing) {
    const english = dictionaryEnglish()[row.code]?.[row.value];
    if (english) await db.update(dictionaryItems).set({ itemTextEn: english }).where(eq(dictionaryItems.id, row.id));
  }
  // An English word the product once shipped and has since changed (glossary.ts): replaced where
  // it is still the shipped one, never where an administrator wrote their own.
  for (const [code, items] of Object.entries(RENAMED_ENGLISH))
    for (const [value, old] of Object.entries(items)) {
      const english = dictionaryEnglish()[code]?.[value];
      if (!english) continue;
      const ids = db.select({ id: dictionaries.id }).from(dictionaries).where(eq(dictionaries.dictCode, code));
      await db
        .update(dictionaryItems)
        .set({ itemTextEn: english })
        .where(and(inArray(dictionaryItems.dictId, ids), eq(dictionaryItems.itemValue, value), eq(dictionaryItems.itemTextEn, old)));
    }
}

/** English the product shipped before the glossary, by dictionary and value. */
const RENAMED_ENGLISH: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  wallet: { GIFT: 'Bonus' },
  activity_type: { '1': 'Top-up bonus' },
};
