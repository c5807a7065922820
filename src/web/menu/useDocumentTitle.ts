import { useEffect } from 'react';
import { useT } from '@web/i18n';

/** Document title: page title, separator, product name; only the product name on home or sign-in. */
export function documentTitleFor(pageTitle: string | null, productName: string): string {
  return pageTitle ? `${pageTitle} - ${productName}` : productName;
}

export function useDocumentTitle(pageTitle: string | null): void {
  const t = useT();
  const productName = t('app.name');
  useEffect(() => {
    document.title = documentTitleFor(pageTitle, productName);
  }, [pageTitle, productName]);
}
