import { Outlet } from 'react-router-dom';
import { fill, useT } from '@web/i18n';
import { schoolToday } from '@web/stores/schoolClock';
import { useDocumentTitle } from '../menu/useDocumentTitle';

/** The sign-in layout: logo, product title, the form, and the footer with copyright and ICP number. */
export function UserLayout() {
  const t = useT();
  useDocumentTitle(null);
  return (
    <div className="flex min-h-full flex-col bg-[#f0f2f5] bg-[radial-gradient(circle_at_top,#e6f7ff_0%,#f0f2f5_55%)]">
      <main className="flex flex-1 flex-col items-center px-4 pt-[12vh]">
        <header className="mb-10 text-center">
          <div className="flex items-center justify-center gap-3">
            <img src="/logo.svg" alt="" className="size-11" />
            <h1 className="text-[30px] font-semibold text-text">{t('app.name')}</h1>
          </div>
          <p className="mt-3 text-text-muted">{t('app.slogan')}</p>
        </header>
        <div className="w-full max-w-[368px]">
          <Outlet />
        </div>
      </main>
      <footer className="py-6 text-center text-sm text-text-muted" data-testid="user-footer">
        {/* Before sign-in the school is not known: the product's own name. */}
        <div>{fill(t('app.copyrightOf'), { year: schoolToday().slice(0, 4), school: t('app.name') })}</div>
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" className="mt-1 inline-block hover:text-primary-strong">
          {t('app.icp')}
        </a>
      </footer>
    </div>
  );
}
