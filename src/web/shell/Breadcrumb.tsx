import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { HOME_PATH } from '@shared/constants';
import { useT } from '@web/i18n';
import type { Crumb } from './usePageChain';

/** Home first, then the matched routes; the current one is plain text. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const t = useT();
  const all: Crumb[] = [{ title: t('common.home'), path: HOME_PATH }, ...crumbs];
  return (
    <nav aria-label="breadcrumb" data-testid="breadcrumb">
      <ol className="flex flex-wrap items-center gap-2 text-sm text-text-muted">
        {all.map((crumb, index) => {
          const last = index === all.length - 1;
          return (
            <Fragment key={`${crumb.title}-${index}`}>
              {index > 0 ? <li aria-hidden="true">/</li> : null}
              <li>
                {last ? (
                  <span aria-current="page" className="text-text">
                    {crumb.title}
                  </span>
                ) : crumb.path ? (
                  <Link to={crumb.path} className="hover:text-primary-strong">
                    {crumb.title}
                  </Link>
                ) : (
                  <span>{crumb.title}</span>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
