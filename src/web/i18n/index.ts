import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { en } from './en';
import { zhCN, type MessageKey } from './zh-CN';

import type { Locale } from '@shared/locale';

export type { Locale };
export type { MessageKey };

interface LocaleState {
  locale: Locale;
  /** Server overrides of the zh-CN catalogue (GET home/info/i18n). */
  overrides: Partial<Record<string, string>>;
  setLocale(locale: Locale): void;
  setOverrides(overrides: Partial<Record<string, string>>): void;
}

export const useLocale = create<LocaleState>()(
  persist(
    (set) => ({
      locale: 'zh-CN',
      overrides: {},
      setLocale: (locale) => set({ locale }),
      setOverrides: (overrides) => set({ overrides }),
    }),
    { name: 'ccu-locale', partialize: (state) => ({ locale: state.locale }) },
  ),
);

/** Translates outside React (API client, stores). */
export function translate(key: MessageKey, locale: Locale = useLocale.getState().locale): string {
  if (locale === 'en') return en[key];
  return useLocale.getState().overrides[key.replace(/^field\./, '')] ?? zhCN[key];
}

/** Translation function bound to the current locale; re-renders when the locale changes. */
export function useT(): (key: MessageKey) => string {
  const locale = useLocale((state) => state.locale);
  useLocale((state) => state.overrides);
  return (key) => translate(key, locale);
}
