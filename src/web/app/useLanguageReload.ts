import { useEffect, useRef } from 'react';
import { systemApi } from '@web/api/system';
import { useLocale } from '@web/i18n';
import { useDataVersion } from '@web/stores/dataVersion';
import { useDicts } from '@web/stores/dicts';

/**
 * The server speaks the console's language in what it lists (dictionary texts, statuses): when
 * the language changes, the dictionaries are read again and every list reloads.
 */
export function useLanguageReload(): void {
  const locale = useLocale((state) => state.locale);
  // The dictionaries as cached: a page reloaded right after a switch may hold the other language's.
  const shown = useRef(useDicts.getState().locale ?? locale);
  useEffect(() => {
    if (locale === shown.current) return;
    shown.current = locale;
    void systemApi.allDictItems().then(
      (all) => useDicts.getState().setAll(all, locale),
      () => {},
    );
    useDataVersion.getState().reloadAll();
  }, [locale]);
}
