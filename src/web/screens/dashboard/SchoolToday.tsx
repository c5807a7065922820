import { useEffect, useState } from 'react';
import type { DashboardAnswer, DayFigures } from '@shared/dashboard';
import { changeRate } from '@shared/reports';
import { homeApi } from '@web/api/home';
import { useT } from '@web/i18n';
import { useTabInFront } from '@web/tabs/tabInFront';
import { PendingList } from './PendingList';

const yuan = (cents: number) => `¥${(cents / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function Versus({ figures, label, testId }: { figures: { today: DayFigures; yesterday: DayFigures }; label: string; testId: string }) {
  const t = useT();
  const rate = changeRate(figures.today.amount, figures.yesterday.amount);
  return (
    <div className="rounded bg-surface p-5" data-testid={testId}>
      <div className="text-text-muted">{label}</div>
      <div className="mt-2 text-2xl font-medium tabular-nums">{yuan(figures.today.amount)}</div>
      <div className="mt-1 text-xs text-text-muted tabular-nums">
        {t('home.count', { count: figures.today.count })} · {t('home.yesterday', { amount: yuan(figures.yesterday.amount) })}
        {rate === null ? '' : ` · ${rate > 0 ? '↑' : rate < 0 ? '↓' : ''}${Math.abs(rate).toFixed(1)}%`}
      </div>
    </div>
  );
}

/**
 * 首页's school figures: today's spending and top-ups against yesterday, cards in use, cards running
 * low, meals served per canteen, and the approvals waiting for the user — the n-th opened by the
 * digit n (when the home page is in front and no field has the keyboard).
 */
export function SchoolToday() {
  const t = useT();
  const inFront = useTabInFront();
  const [answer, setAnswer] = useState<DashboardAnswer | null>(null);
  useEffect(() => {
    if (!inFront) return;
    let live = true;
    homeApi.dashboard().then(
      (value) => live && setAnswer(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // Again whenever the home page comes back to the front (a tab kept alive).
  }, [inFront]);

  if (!answer) return null;
  return (
    <>
      <section className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label={t('home.today')}>
        {answer.money?.consume ? <Versus figures={answer.money.consume} label={t('home.consumeToday')} testId="home-consume" /> : null}
        {answer.money?.recharge ? <Versus figures={answer.money.recharge} label={t('home.rechargeToday')} testId="home-recharge" /> : null}
        {answer.activeCards !== undefined ? (
          <div className="rounded bg-surface p-5" data-testid="home-cards">
            <div className="text-text-muted">{t('home.activeCards')}</div>
            <div className="mt-2 text-2xl font-medium tabular-nums">{answer.activeCards.toLocaleString('zh-CN')}</div>
          </div>
        ) : null}
        {answer.lowBalances ? (
          <div className="rounded bg-surface p-5" data-testid="home-low">
            <div className="text-text-muted">{t('home.lowBalances', { amount: yuan(answer.lowBalances.threshold) })}</div>
            <div className="mt-2 text-2xl font-medium tabular-nums">{answer.lowBalances.count.toLocaleString('zh-CN')}</div>
            <div className="mt-1 truncate text-xs text-text-muted">{answer.lowBalances.lowest.map((row) => `${row.name} ${yuan(row.balance)}`).join('，')}</div>
          </div>
        ) : null}
      </section>
      <section className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <PendingList pending={answer.pending} testId="home-pending" />
        {answer.canteens ? (
          <div className="rounded bg-surface p-5" data-testid="home-canteens">
            <h3 className="mb-3 font-medium">{t('home.canteens')}</h3>
            <table className="w-full text-sm">
              <thead>
                <tr className="text-text-muted">
                  <th className="py-1 text-left font-normal">{t('home.canteen')}</th>
                  <th className="py-1 text-right font-normal">{t('home.ordersServed')}</th>
                  <th className="py-1 text-right font-normal">{t('home.payments')}</th>
                </tr>
              </thead>
              <tbody>
                {answer.canteens.map((canteen) => (
                  <tr key={canteen.name} className="border-t border-border/60">
                    <td className="py-1">{canteen.name}</td>
                    <td className="py-1 text-right tabular-nums">{canteen.ordersServed}</td>
                    <td className="py-1 text-right tabular-nums">{canteen.payments}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </>
  );
}
