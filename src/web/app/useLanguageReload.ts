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
  const shown = useRef(locale);
  useEffect(() => {
    if (locale === shown.current) return;
    shown.current = locale;
    void systemApi.allDictItems().then(
      (all) => useDicts.getState().setAll(all),
      () => {},
    );
    useDataVersion.getState().reloadAll();
  }, [locale]);
}
