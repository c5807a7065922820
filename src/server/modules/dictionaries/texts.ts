import { and, asc, eq } from 'drizzle-orm';
import { bySortThenName } from '@shared/naturalOrder';
import type { DictItem, DictMap } from '@shared/types';
import type { MessageLocale } from '@shared/validation';
import type { Database } from '../../db/client';
import { dictionaries, dictionaryItems, dictionaryOrgItems } from '../../db/schema';
import { alive, unscoped } from '../../db/work';
import { BUS_RESYNC, type EventBus } from '../../realtime/bus';

const CHANGED_CHANNEL = 'dictionaries:changed';

export interface DictEntry {
  text: string;
  /** Shown to an English console; null falls back to the Chinese text. */
  textEn: string | null;
  /** Disabled items still name old values but are not offered for new ones. */
  enabled: boolean;
  color: string | null;
  sortOrder: number;
}

type Items = Map<string, DictEntry>;

interface Loaded {
  /** The platform's items, by dictionary code, then value. */
  platform: Map<string, Items>;
  /** Each school's own items (dictOrgItem), by school, code, value. */
  schools: Map<number, Map<string, Items>>;
}

/** By sort number, then naturally by text (高一, 高二, 高三; never by code point). */
const itemOrder = bySortThenName<[string, DictEntry]>(
  ([, entry]) => entry.sortOrder,
  ([, entry]) => entry.text,
);
/** An item's text in the console's language. */
export const entryText = (entry: DictEntry, locale: MessageLocale): string => (locale === 'en' && entry.textEn ? entry.textEn : entry.text);

const byOrder = (items: Items): Items => new Map([...items].sort(itemOrder));

/**
 * Every dictionary's items in memory, read in two queries and kept until a dictionary changes
 * (then dropped here and on every instance): `<field>_dictText`, the check that a dict value
 * exists, the sign-in's `sysAllDictItems` and the tag colours all come from here. A school sees
 * the platform's items with its own items laid over them (same value: replaced; new: added).
 */
export function createDictionaryTexts(given: Database, bus?: EventBus) {
  // One cache for the platform and every school: it reads every school's own items at once.
  const db = unscoped(given, 'dictionary texts: one cache of the platform’s and every school’s items');
  let all: Promise<Loaded> | null = null;
  const merged = new Map<string, Items>();
  const drop = () => {
    all = null;
    merged.clear();
  };
  bus?.subscribe(CHANGED_CHANNEL, drop);
  bus?.subscribe(BUS_RESYNC, drop);

  async function load(): Promise<Loaded> {
    const entry = (row: { text: string; textEn: string | null; status: string; color: string | null; sortOrder: number }): DictEntry => ({
      text: row.text,
      textEn: row.textEn,
      enabled: row.status === '1',
      color: row.color,
      sortOrder: row.sortOrder,
    });
    const columns = {
      value: dictionaryItems.itemValue,
      text: dictionaryItems.itemText,
      textEn: dictionaryItems.itemTextEn,
      status: dictionaryItems.status,
      color: dictionaryItems.color,
      sortOrder: dictionaryItems.sortOrder,
    };
    const platformRows = await db
      .select({ code: dictionaries.dictCode, ...columns })
      .from(dictionaryItems)
      .innerJoin(dictionaries, eq(dictionaries.id, dictionaryItems.dictId))
      .where(alive(dictionaries))
      .orderBy(asc(dictionaries.dictCode), asc(dictionaryItems.sortOrder));
    const schoolRows = await db
      .select({
        tenantId: dictionaryOrgItems.tenantId,
        code: dictionaries.dictCode,
        value: dictionaryOrgItems.itemValue,
        text: dictionaryOrgItems.itemText,
        textEn: dictionaryOrgItems.itemTextEn,
        status: dictionaryOrgItems.status,
        color: dictionaryOrgItems.color,
        sortOrder: dictionaryOrgItems.sortOrder,
      })
      .from(dictionaryOrgItems)
      .innerJoin(dictionaries, eq(dictionaries.id, dictionaryOrgItems.dictId))
      .where(and(alive(dictionaries)));
    const platform = new Map<string, Items>();
    for (const row of platformRows) {
      if (!platform.has(row.code)) platform.set(row.code, new Map());
      platform.get(row.code)!.set(row.value, entry(row));
    }
    const schools = new Map<number, Map<string, Items>>();
    for (const row of schoolRows) {
      if (!schools.has(row.tenantId)) schools.set(row.tenantId, new Map());
      const codes = schools.get(row.tenantId)!;
      if (!codes.has(row.code)) codes.set(row.code, new Map());
      codes.get(row.code)!.set(row.value, entry(row));
    }
    for (const [code, items] of platform) platform.set(code, byOrder(items));
    // A dictionary without items still exists (an empty list, not an unknown code).
    for (const { code } of await db.select({ code: dictionaries.dictCode }).from(dictionaries).where(alive(dictionaries))) {
      if (!platform.has(code)) platform.set(code, new Map());
    }
    return { platform, schools };
  }

  function loaded(): Promise<Loaded> {
    if (!all) {
      const loading = load();
      all = loading;
      loading.catch(() => {
        if (all === loading) all = null;
      });
    }
    return all;
  }

  /** One dictionary's items as a school sees them (empty for an unknown code). */
  async function itemsOf(code: string, tenantId?: number): Promise<ReadonlyMap<string, DictEntry>> {
    const { platform, schools } = await loaded();
    const own = tenantId === undefined ? undefined : schools.get(tenantId)?.get(code);
    if (!own) return platform.get(code) ?? new Map();
    const key = `${tenantId}:${code}`;
    let items = merged.get(key);
    if (!items) merged.set(key, (items = byOrder(new Map([...(platform.get(code) ?? []), ...own]))));
    return items;
  }

  const toItem = (value: string, entry: DictEntry, locale: MessageLocale): DictItem => {
    const text = entryText(entry, locale);
    return { value, text, title: text, ...(entry.color ? { color: entry.color } : {}) };
  };

  return {
    itemsOf,

    /** Whether the code names a dictionary (deleted ones do not). */
    async exists(code: string): Promise<boolean> {
      return (await loaded()).platform.has(code);
    },

    /** The text of a value (a comma list for multi-valued fields), or '' when unknown. */
    async textOf(code: string, value: unknown, tenantId?: number, locale: MessageLocale = 'zh-CN'): Promise<string> {
      if (value === null || value === undefined || value === '') return '';
      const items = await itemsOf(code, tenantId);
      return String(value)
        .split(',')
        .map((part) => {
          const entry = items.get(part);
          return entry ? entryText(entry, locale) : part;
        })
        .join(',');
    },

    /** One dictionary as getDictItems answers it: every item, disabled ones marked. */
    async listOf(code: string, tenantId?: number, locale: MessageLocale = 'zh-CN'): Promise<DictItem[]> {
      return [...(await itemsOf(code, tenantId))].map(([value, entry]) => ({ ...toItem(value, entry, locale), ...(entry.enabled ? {} : { disabled: true }) }));
    },

    /** Every dictionary's enabled items, as sign-in's `sysAllDictItems` and queryAllDictItems answer. */
    async allOf(tenantId?: number, locale: MessageLocale = 'zh-CN'): Promise<DictMap> {
      const map: DictMap = {};
      for (const code of [...(await loaded()).platform.keys()].sort()) {
        map[code] = [...(await itemsOf(code, tenantId))].filter(([, entry]) => entry.enabled).map(([value, entry]) => toItem(value, entry, locale));
      }
      return map;
    },

    /** A dictionary changed: forget it here now, and on every other instance. */
    async changed(): Promise<void> {
      drop();
      await bus?.publish(CHANGED_CHANNEL, {});
    },
  };
}

export type DictionaryTexts = ReturnType<typeof createDictionaryTexts>;
