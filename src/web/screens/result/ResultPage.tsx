import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { LatestOperation } from '@shared/demo/screens';
import { HOME_PATH } from '@shared/constants';
import { demoScreensApi } from '@web/api/demoScreens';
import { Button } from '@web/components/ui/Button';
import { useT } from '@web/i18n';

/**
 * The result page a flow ends on (成功页, 失败页), on the user's own latest operation that went
 * through — or was refused, with the server's reason — and the ways on: home, or back.
 */
export function ResultPage({ outcome }: { outcome: 'success' | 'error' }) {
  const t = useT();
  const navigate = useNavigate();
  const [latest, setLatest] = useState<LatestOperation | null | undefined>(undefined);
  useEffect(() => {
    demoScreensApi.latest(outcome).then(setLatest, () => setLatest(null));
  }, [outcome]);
  const success = outcome === 'success';
  const Icon = success ? CheckCircle2 : XCircle;
  return (
    <section className="flex flex-col items-center gap-4 rounded bg-surface px-6 py-12 text-center" data-testid={`result-${outcome}`}>
      <Icon className={success ? 'size-16 text-[#389e0d]' : 'size-16 text-danger'} aria-hidden />
      <h2 className="text-2xl font-medium">{t(success ? 'result.successTitle' : 'result.errorTitle')}</h2>
      <p className="max-w-xl text-text-muted">{t(success ? 'result.successHint' : 'result.errorHint')}</p>
      <div className="w-full max-w-2xl rounded bg-canvas p-5 text-left text-sm" data-testid="result-operation">
        {latest === undefined ? (
          <p className="text-text-muted">{t('grid.loading')}</p>
        ) : latest === null ? (
          <p className="text-text-muted">{t(success ? 'result.noneDone' : 'result.noneRefused')}</p>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="text-text-muted">{t('result.action')}</dt>
            <dd className="font-medium">{latest.action}</dd>
            <dt className="text-text-muted">{t('result.at')}</dt>
            <dd className="tabular-nums">{latest.at}</dd>
            {latest.target ? (
              <>
                <dt className="text-text-muted">{t('result.target')}</dt>
                <dd className="break-all">{latest.target}</dd>
              </>
            ) : null}
            <dt className="text-text-muted">{t(success ? 'result.answer' : 'result.reason')}</dt>
            <dd className={success ? '' : 'text-danger'}>{latest.message ?? '—'}</dd>
          </dl>
        )}
      </div>
      <div className="flex gap-3">
        <Button variant="primary" onClick={() => navigate(HOME_PATH)} autoFocus>
          {t('common.backHome')}
        </Button>
        <Button onClick={() => navigate(-1)}>{t('result.back')}</Button>
      </div>
    </section>
  );
}
