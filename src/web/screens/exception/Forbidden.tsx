import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { HOME_PATH, NOT_FOUND_PATH } from '@shared/constants';
import { Button } from '@web/components/ui/Button';
import { useT } from '@web/i18n';
import { useDocumentTitle } from '@web/shell/useDocumentTitle';

/** Every screen path of the product (its menu), loaded when first needed: not on the first screen. */
let productPaths: Promise<ReadonlySet<string>> | null = null;
const loadProductPaths = () =>
  (productPaths ??= import('@shared/menu').then(({ MENU }) => new Set(MENU.flatMap((area) => [...(area.component ? [area.path] : []), ...(area.screens ?? []).map((screen) => screen.path)]))));

/**
 * A path the console has no page for at this user: a screen of the product the user may not open
 * shows 403 (无权访问, with the way back); anything else goes to 404.
 */
export default function ForbiddenOrNotFound() {
  const { pathname } = useLocation();
  const [known, setKnown] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void loadProductPaths().then((paths) => live && setKnown(paths.has(pathname)));
    return () => {
      live = false;
    };
  }, [pathname]);
  if (known === null) return null;
  if (!known) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <Forbidden />;
}

function Forbidden() {
  const t = useT();
  const navigate = useNavigate();
  useDocumentTitle('403');
  return (
    <main className="flex flex-col items-center justify-center gap-4 rounded bg-surface py-20 text-center" data-testid="forbidden" role="alert">
      <div className="text-[72px] leading-none font-semibold text-[#434e59]">{t('forbidden.title')}</div>
      <h1 className="text-xl font-medium">{t('forbidden.heading')}</h1>
      <p className="text-base text-text-muted">{t('forbidden.body')}</p>
      <div className="flex gap-2">
        <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>
        <Link to={HOME_PATH} className="rounded bg-primary-strong px-4 py-1.5 text-white hover:brightness-110">
          {t('common.backHome')}
        </Link>
      </div>
    </main>
  );
}
