import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dictionaries, dictionaryItems } from '../../db/schema';
import type { EventBus } from '../../realtime/bus';

const CHANGED_CHANNEL = 'dictionaries:changed';

export interface DictEntry {
  text: string;
  /** Disabled items still name old values but are not offered for new ones. */
  enabled: boolean;
}

/**
 * Every dictionary's items in memory, read in one query and kept until a dictionary changes (then
 * dropped here and on every instance): the `<field>_dictText` of every answer and the check that
 * a dict field's value exists come from here, never from hand-written maps.
 */
export function createDictionaryTexts(db: Executor, bus?: EventBus) {
  let all: Promise<Map<string, Map<string, DictEntry>>> | null = null;
  const drop = () => {
    all = null;
  };
  bus?.subscribe(CHANGED_CHANNEL, drop);

  async function load(): Promise<Map<string, Map<string, DictEntry>>> {
    const rows = await db
      .select({ code: dictionaries.dictCode, value: dictionaryItems.itemValue, text: dictionaryItems.itemText, status: dictionaryItems.status })
      .from(dictionaryItems)
      .innerJoin(dictionaries, eq(dictionaries.id, dictionaryItems.dictId))
      .where(and(eq(dictionaries.delFlag, 0)))
      .orderBy(asc(dictionaries.dictCode), asc(dictionaryItems.sortOrder));
    const map = new Map<string, Map<string, DictEntry>>();
    for (const row of rows) {
      let items = map.get(row.code);
      if (!items) map.set(row.code, (items = new Map()));
      items.set(row.value, { text: row.text, enabled: row.status === 1 });
    }
    return map;
  }

  return {
    /** One dictionary's items by value (empty for an unknown code). */
    async itemsOf(code: string): Promise<ReadonlyMap<string, DictEntry>> {
      if (!all) {
        const loading = load();
        all = loading;
        loading.catch(() => {
          if (all === loading) all = null;
        });
      }
      return (await all).get(code) ?? new Map();
    },

    /** The text of a value (a comma list for multi-valued fields), or '' when unknown. */
    async textOf(code: string, value: unknown): Promise<string> {
      if (value === null || value === undefined || value === '') return '';
      const items = await this.itemsOf(code);
      return String(value)
        .split(',')
        .map((part) => items.get(part)?.text ?? part)
        .join(',');
    },

    /** A dictionary changed: forget it here now, and on every other instance. */
    async changed(): Promise<void> {
      drop();
      await bus?.publish(CHANGED_CHANNEL, {});
    },
  };
}

export type DictionaryTexts = ReturnType<typeof createDictionaryTexts>;
