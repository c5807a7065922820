import { lazy, Suspense, useEffect, useState } from 'react';
import type { MonitorAnswer } from '@shared/dashboard';
import { homeApi } from '@web/api/home';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { useDicts } from '@web/stores/dicts';
import { useTabInFront } from '@web/tabs/tabInFront';

const CanteenHoursChart = lazy(() => import('@web/components/charts/CanteenHoursChart'));

/** Read again this often while the screen is in front. */
const REFRESH_MS = 30_000;
const yuan = (cents: number) => `¥${(cents / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * 示例 › 监控页 on the school's live day: each canteen's payments this hour and today, hour by hour,
 * the terminals on line or not, and the latest payments — read again every 30 seconds while shown.
 */
export default function Monitor() {
  const t = useT();
  const inFront = useTabInFront();
  const meals = useDicts((state) => state.items.meal_type ?? []);
  const [answer, setAnswer] = useState<MonitorAnswer | null>(null);
  useEffect(() => {
    // Only the tab in front reads (a kept-alive tab behind others stays as it was).
    if (!inFront) return;
    let live = true;
    const read = () =>
      homeApi.monitor().then(
        (value) => live && setAnswer(value),
        () => undefined,
      );
    void read();
    const timer = window.setInterval(() => void read(), REFRESH_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [inFront]);
  if (!answer) return <p className="text-text-muted">…</p>;
  const online = answer.terminals.filter((terminal) => terminal.online).length;
  return (
    <div className="flex flex-col gap-4" data-testid="monitor-screen">
      <section className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label={t('liveDay.thisHour')}>
        {answer.canteens.map((canteen) => (
          <div key={canteen.name} className="rounded bg-surface p-5" data-testid="monitor-canteen">
            <div className="text-text-muted">{canteen.name}</div>
            <div className="mt-2 text-2xl font-medium tabular-nums">{t('liveDay.hourPayments', { count: canteen.hours[answer.hour] ?? 0 })}</div>
            <div className="mt-1 text-xs text-text-muted tabular-nums">{t('liveDay.today', { count: canteen.payments, amount: yuan(canteen.amount) })}</div>
          </div>
        ))}
        <div className="rounded bg-surface p-5" data-testid="monitor-terminals-online">
          <div className="text-text-muted">{t('liveDay.terminalsOnline')}</div>
          <div className="mt-2 text-2xl font-medium tabular-nums">
            {online} / {answer.terminals.length}
          </div>
          <div className="mt-1 text-xs text-text-muted">{t('liveDay.updated', { at: answer.now.slice(11) })}</div>
        </div>
      </section>
      <section className="rounded bg-surface p-5">
        <h3 className="mb-2 font-medium">{t('liveDay.byHour')}</h3>
        <Suspense fallback={<div className="h-64" />}>
          <CanteenHoursChart canteens={answer.canteens} hours={answer.hour} title={t('liveDay.byHour')} />
        </Suspense>
      </section>
      <section className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="rounded bg-surface p-5">
          <h3 className="mb-2 font-medium">{t('liveDay.terminals')}</h3>
          <ul className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2" data-testid="monitor-terminals">
            {answer.terminals.map((terminal) => (
              <li key={terminal.serialNo} className="flex items-center gap-2">
                <span className={cn('size-2 rounded-full', terminal.online ? 'bg-success' : 'bg-border')} aria-hidden />
                <span className="flex-1 truncate">
                  {terminal.name} · {terminal.canteen}
                </span>
                <span className="text-xs text-text-muted">
                  {terminal.online ? t('liveDay.online') : terminal.lastSeenAt ? t('liveDay.lastSeen', { at: terminal.lastSeenAt }) : t('liveDay.neverSeen')}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded bg-surface p-5">
          <h3 className="mb-2 font-medium">{t('liveDay.latest')}</h3>
          {answer.latest.length ? (
            <table className="w-full text-sm" data-testid="monitor-latest">
              <tbody>
                {answer.latest.map((payment, index) => (
                  <tr key={index} className="border-t border-border/60 first:border-t-0">
                    <td className="py-1 tabular-nums">{payment.at}</td>
                    <td className="py-1">{payment.canteen}</td>
                    <td className="py-1">{meals.find((meal) => meal.value === payment.mealType)?.text ?? ''}</td>
                    <td className="py-1 text-right tabular-nums">{yuan(payment.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-text-muted">{t('home.noData')}</p>
          )}
        </div>
      </section>
    </div>
  );
}
