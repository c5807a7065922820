import { create } from 'zustand';
import { STORAGE_KEYS } from '@shared/constants';
import type { DictMap } from '@shared/types';
import { get } from '@web/api/client';
import { local } from '@web/lib/storage';

interface DictState {
  items: DictMap;
  setAll(items: DictMap): void;
  /** Loads dictionaries the cache lacks (one request per code, once). */
  ensure(codes: readonly string[]): void;
}

const requested = new Set<string>();

/** Every dictionary's items, cached 7 days (refreshed at each sign-in). */
export const useDicts = create<DictState>()((set, getState) => ({
  items: local.get<DictMap>(STORAGE_KEYS.dictCache) ?? {},
  setAll(items) {
    local.set(STORAGE_KEYS.dictCache, items);
    set({ items });
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
