import { useLocation } from 'react-router-dom';
import { HOME_PATH } from '@shared/constants';
import { useLocale, useT } from '@web/i18n';
import { usePermissions } from '@web/stores/permissions';
import { findChain, isGroup, menuTitle } from '../menu/menuModel';
import { STATIC_PAGE_TITLES } from '../menu/pageTitles';

export interface Crumb {
  title: string;
  /** Set when the crumb can be followed (a screen, not a group). */
  path?: string;
}

/** The current page's place: breadcrumb items after Home, and its title. */
export function usePageChain(): { crumbs: Crumb[]; title: string | null; isHome: boolean } {
  const { pathname } = useLocation();
  const menu = usePermissions((state) => state.menu);
  const locale = useLocale((state) => state.locale);
  const t = useT();
  const isHome = pathname === HOME_PATH;
  const chain = findChain(menu, pathname);
  if (chain.length) {
    const crumbs = chain.map((item) => ({ title: menuTitle(item, locale), ...(isGroup(item) ? {} : { path: item.path }) }));
    return { crumbs: isHome ? [] : crumbs, title: crumbs.at(-1)?.title ?? null, isHome };
  }
  const key = STATIC_PAGE_TITLES[pathname] ?? STATIC_PAGE_TITLES[`/${pathname.split('/')[1]}`];
  const title = key ? t(key) : null;
  return { crumbs: title ? [{ title, path: pathname }] : [], title, isHome };
}
