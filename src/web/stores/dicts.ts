import { create } from 'zustand';
import { STORAGE_KEYS } from '@shared/constants';
import type { DictMap } from '@shared/types';
import { get } from '@web/api/client';
import { local } from '@web/lib/storage';
import { useLocale } from '@web/i18n';

interface DictState {
  items: DictMap;
  /** The language the cached texts are in (a page reloaded right after a switch may still hold the other one's). */
  locale: string | null;
  setAll(items: DictMap, locale?: string): void;
  /** Loads dictionaries the cache lacks (one request per code, once). */
  ensure(codes: readonly string[]): void;
}

const requested = new Set<string>();

/** The language of the cached texts, kept beside them (the cache itself keeps the family's shape). */
const LOCALE_KEY = `${STORAGE_KEYS.dictCache}_LOCALE`;

/** Every dictionary's items, cached 7 days with their language (refreshed at each sign-in and language switch). */
export const useDicts = create<DictState>()((set, getState) => ({
  items: local.get<DictMap>(STORAGE_KEYS.dictCache) ?? {},
  locale: local.get<string>(LOCALE_KEY) ?? null,
  setAll(items, locale = useLocale.getState().locale) {
    local.set(STORAGE_KEYS.dictCache, items);
    local.set(LOCALE_KEY, locale);
    set({ items, locale });
  },
  ensure(codes) {
    for (const code of codes) {
      if (!code || code in getState().items || requested.has(code)) continue;
      requested.add(code);
      // A code the server does not know is reported once by the API client, and stays empty.
      void get<DictMap[string]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`).then(
        (list) => set((state) => ({ items: { ...state.items, [code]: list } })),
        () => {},
      );
    }
  },
}));
