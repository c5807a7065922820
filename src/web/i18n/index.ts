import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { webAreas } from '@web/registry/areas';
import { zhCN, type MessageKey, type ProductMessageKey } from './zh-CN';

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

/**
 * The English catalogue is not part of the first screen (most users never switch): it is loaded
 * before the console draws when English was chosen, and before a switch to English takes effect.
 */
let english: Readonly<Record<ProductMessageKey, string>> | null = null;
let loadingEnglish: Promise<void> | null = null;
export function loadEnglish(): Promise<void> {
  return (loadingEnglish ??= import('./en').then((module) => {
    english = module.en;
  }));
}

export const useLocale = create<LocaleState>()(
  persist(
    (set) => ({
      locale: 'zh-CN',
      overrides: {},
      setLocale: (locale) => {
        if (locale === 'en' && !english) void loadEnglish().then(() => set({ locale }));
        else set({ locale });
      },
      setOverrides: (overrides) => set({ overrides }),
    }),
    { name: 'ccu-locale', partialize: (state) => ({ locale: state.locale }) },
  ),
);

let areas: { 'zh-CN': Readonly<Record<string, string>>; en: Readonly<Record<string, string>> } | null = null;

/** The areas' texts, each under its area's prefix (small: carried with their manifests). */
const areaTexts = () =>
  (areas ??= {
    'zh-CN': Object.assign({}, ...webAreas().map((area) => area.texts?.['zh-CN'] ?? {})),
    en: Object.assign({}, ...webAreas().map((area) => area.texts?.en ?? {})),
  });

/** Translates outside React (API client, stores). */
export function translate(key: MessageKey, locale: Locale = useLocale.getState().locale): string {
  if (locale === 'en' && english) return english[key as ProductMessageKey] ?? areaTexts().en[key] ?? key;
  return useLocale.getState().overrides[key.replace(/^field\./, '')] ?? zhCN[key as ProductMessageKey] ?? areaTexts()['zh-CN'][key] ?? key;
}

/** A message with its `{name}` placeholders filled. */
export function fill(text: string, params: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Translation function bound to the current locale; re-renders when the locale changes. */
export function useT(): (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string {
  const locale = useLocale((state) => state.locale);
  useLocale((state) => state.overrides);
  return (key, params) => (params ? fill(translate(key, locale), params) : translate(key, locale));
}
