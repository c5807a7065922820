import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { greetingForHour } from '@shared/greeting';
import { homeApi, type LoginInfo, type VisitDay } from '@web/api/home';
import { translate, useLocale, useT } from '@web/i18n';
import { useSession } from '@web/stores/session';
import { SchoolToday } from './SchoolToday';

// ECharts is its own chunk: the home page's numbers show before it arrives.
const VisitChart = lazy(() => import('@web/components/charts/VisitChart'));

/** Home: greeting by hour, the school's day (money, cards, canteens, pending approvals) and the sign-in activity from the login log. */
export default function Analysis() {
  const t = useT();
  const userInfo = useSession((state) => state.userInfo);
  const [info, setInfo] = useState<LoginInfo | null>(null);
  const [days, setDays] = useState<VisitDay[]>([]);

  useEffect(() => {
    let live = true;
    homeApi.loginInfo().then(
      (value) => live && setInfo(value),
      () => undefined,
    );
    homeApi.visitInfo().then(
      (value) => live && setDays(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const greeting = t(`greeting.${greetingForHour(new Date().getHours())}`);
  const chartDays = useMemo(() => days.map((day) => ({ label: day.type, visits: day.visit, ips: day.ip })), [days]);
  const locale = useLocale((state) => state.locale);
  const chartLabels = useMemo(() => ({ visits: translate('home.visits', locale), ips: translate('home.ips', locale) }), [locale]);
  const primary = typeof window === 'undefined' ? '#1890ff' : getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() || '#1890ff';

  return (
    <div className="flex flex-col gap-4">
      <section className="rounded bg-surface p-6">
        <h2 className="text-xl font-medium" data-testid="greeting">
          {greeting}，{userInfo?.realname || userInfo?.username}
        </h2>
        <p className="mt-2 text-text-muted">
          {t('home.welcome')}
          {userInfo?.companyName ? ` · ${userInfo.companyName}` : ''}
        </p>
      </section>

      <SchoolToday />

      <section className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-label={t('home.lastSevenDays')}>
        <Stat label={t('home.totalVisits')} value={info?.totalVisitCount} testId="stat-total" />
        <Stat label={t('home.todayVisits')} value={info?.todayVisitCount} testId="stat-today" />
        <Stat label={t('home.todayIps')} value={info?.todayIp} testId="stat-ips" />
      </section>

      <section className="rounded bg-surface p-6">
        <h3 className="mb-4 font-medium">{t('home.lastSevenDays')}</h3>
        {days.length === 0 ? (
          <p className="text-text-muted">{t('home.noData')}</p>
        ) : (
          <Suspense fallback={<div className="h-56" />}>
            <VisitChart days={chartDays} labels={chartLabels} color={primary} />
          </Suspense>
        )}
      </section>
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <div className="rounded bg-surface p-6">
      <div className="text-text-muted">{label}</div>
      <div className="mt-2 text-3xl font-medium tabular-nums" data-testid={testId}>
        {value === undefined ? '—' : value.toLocaleString('zh-CN')}
      </div>
    </div>
  );
}
