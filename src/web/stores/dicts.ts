import { create } from 'zustand';
import { STORAGE_KEYS } from '@shared/constants';
import type { DictMap } from '@shared/types';
import { local } from '@web/lib/storage';

interface DictState {
  items: DictMap;
  setAll(items: DictMap): void;
}

/** Every dictionary's items, cached 7 days (refreshed at each sign-in). */
export const useDicts = create<DictState>()((set) => ({
  items: local.get<DictMap>(STORAGE_KEYS.dictCache) ?? {},
  setAll(items) {
    local.set(STORAGE_KEYS.dictCache, items);
    set({ items });
  },
}));
