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

/** The cache as stored: the texts and their language. */
interface DictCache {
  locale: string;
  items: DictMap;
}
const cached = local.get<DictCache>(STORAGE_KEYS.dictCache);

/** Every dictionary's items, cached 7 days with their language (refreshed at each sign-in and language switch). */
export const useDicts = create<DictState>()((set, getState) => ({
  items: cached?.items ?? {},
  locale: cached?.locale ?? null,
  setAll(items, locale = useLocale.getState().locale) {
    local.set(STORAGE_KEYS.dictCache, { locale, items } satisfies DictCache);
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
