import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { HOME_PATH, NOT_FOUND_PATH } from '@shared/constants';
import { isScreenNotBuilt } from '@shared/screens';
import { Button } from '@web/components/ui/Button';
import { useT } from '@web/i18n';
import { useDocumentTitle } from '@web/menu/useDocumentTitle';

/** Every screen path of the product (its menu) with its component, loaded when first needed: not on the first screen. */
let productScreens: Promise<ReadonlyMap<string, string>> | null = null;
const loadProductScreens = () =>
  (productScreens ??= import('@shared/menu').then(
    ({ menu }) =>
      new Map(menu().flatMap((area) => [...(area.component ? [[area.path, area.component] as const] : []), ...(area.screens ?? []).map((screen) => [screen.path, screen.component] as const)])),
  ));

/**
 * A path the console has no page for at this user: a screen of the product still to come says so;
 * one the user may not open shows 403 (无权访问, with the way back); anything else goes to 404.
 */
export default function ForbiddenOrNotFound() {
  const { pathname } = useLocation();
  const [kind, setKind] = useState<'forbidden' | 'notBuilt' | 'unknown' | null>(null);
  useEffect(() => {
    let live = true;
    void loadProductScreens().then((screens) => {
      if (!live) return;
      const component = screens.get(pathname);
      setKind(component === undefined ? 'unknown' : isScreenNotBuilt(component) ? 'notBuilt' : 'forbidden');
    });
    return () => {
      live = false;
    };
  }, [pathname]);
  if (kind === null) return null;
  if (kind === 'unknown') return <Navigate to={NOT_FOUND_PATH} replace />;
  return <ExceptionPage kind={kind} />;
}

function ExceptionPage({ kind }: { kind: 'forbidden' | 'notBuilt' }) {
  const t = useT();
  const navigate = useNavigate();
  useDocumentTitle(t(`${kind}.title`));
  return (
    <main className="flex flex-col items-center justify-center gap-4 rounded bg-surface py-20 text-center" data-testid={kind === 'forbidden' ? 'forbidden' : 'not-built'} role="alert">
      <div className="text-[72px] leading-none font-semibold text-[#434e59]">{t(`${kind}.title`)}</div>
      <h1 className="text-xl font-medium">{t(`${kind}.heading`)}</h1>
      <p className="text-base text-text-muted">{t(`${kind}.body`)}</p>
      <div className="flex gap-2">
        <Button onClick={() => navigate(-1)}>{t('common.back')}</Button>
        <Link to={HOME_PATH} className="rounded bg-primary-strong px-4 py-1.5 text-white hover:brightness-110">
          {t('common.backHome')}
        </Link>
      </div>
    </main>
  );
}
