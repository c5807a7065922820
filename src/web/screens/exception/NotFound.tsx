import { Link } from 'react-router-dom';
import { HOME_PATH } from '@shared/constants';
import { useT } from '@web/i18n';
import { useDocumentTitle } from '@web/menu/useDocumentTitle';

/** The failure page every unknown path redirects to. */
export default function NotFound() {
  const t = useT();
  useDocumentTitle('404');
  return (
    <main className="flex h-full flex-col items-center justify-center gap-4 bg-surface text-center" data-testid="not-found">
      <div className="text-[72px] leading-none font-semibold text-[#434e59]">{t('notFound.title')}</div>
      <p className="text-lg text-text-muted">{t('notFound.body')}</p>
      <Link to={HOME_PATH} className="rounded bg-primary-strong px-4 py-1.5 text-white hover:brightness-110">
        {t('common.backHome')}
      </Link>
    </main>
  );
}
