import { Link } from 'react-router-dom';
import { HOME_PATH } from '@shared/constants';
import { useT } from '@web/i18n';

/** The spec's MODULE_NOT_FOUND: the menu names a screen this build of the app does not have. */
export function ModuleNotFound({ component }: { component: string }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-3 rounded bg-surface py-16 text-center" role="alert" data-testid="module-not-found">
      <div className="font-mono text-2xl font-semibold text-warning">MODULE_NOT_FOUND</div>
      <div className="text-base font-medium">{t('module.notFound')}</div>
      <div className="text-text-muted">
        {t('module.notFoundHint')} <code className="rounded bg-black/5 px-1.5 py-0.5 font-mono text-text">{component}</code>
      </div>
      <Link to={HOME_PATH} className="text-primary-strong hover:text-primary-strong">
        {t('common.backHome')}
      </Link>
    </div>
  );
}
