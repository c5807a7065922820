import { useT } from '@web/i18n';
import { ChartCard } from './ChartsPanel';
import { useTrends } from './useTrends';

const yuan = (cents: number) => `¥${(cents / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * 图表: the school's last 30 days — spending against top-ups day by day, where it was spent, at
 * which meals and at which hours — with the month's totals above.
 */
export default function Chart() {
  const t = useT();
  const { data, texts } = useTrends();
  if (!data) return <p className="rounded bg-surface p-6 text-sm text-text-muted">{t('grid.loading')}</p>;
  const consume = data.days.reduce((sum, day) => sum + day.consume, 0);
  const recharge = data.days.reduce((sum, day) => sum + day.recharge, 0);
  const payments = data.days.reduce((sum, day) => sum + day.payments, 0);
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="chart-screen">
      <section className="grid grid-cols-3 gap-4 rounded bg-surface p-5 lg:col-span-2" data-testid="chart-totals">
        {[
          [t('charts.consumeMonth'), yuan(consume)],
          [t('charts.rechargeMonth'), yuan(recharge)],
          [t('charts.paymentsMonth'), String(payments)],
        ].map(([label, value]) => (
          <div key={label}>
            <div className="text-sm text-text-muted">{label}</div>
            <div className="mt-1 text-2xl font-medium tabular-nums">{value}</div>
          </div>
        ))}
      </section>
      <ChartCard
        wide
        title={t('charts.trend')}
        kind="line"
        data={data}
        texts={texts}
        label={`${t('charts.trend')}：${t('charts.consume')} ${yuan(consume)}，${t('charts.recharge')} ${yuan(recharge)}`}
      />
      <ChartCard title={t('charts.byCanteen')} kind="ring" data={data} texts={texts} label={data.canteens.map((canteen) => `${canteen.name} ${yuan(canteen.amount)}`).join('，')} />
      <ChartCard title={t('charts.byMeal')} kind="hbar" data={data} texts={texts} label={data.meals.map((meal) => `${texts.mealName(meal.mealType)} ${yuan(meal.amount)}`).join('，')} />
      <ChartCard wide title={t('charts.byHour')} kind="hours" data={data} texts={texts} label={`${t('charts.byHour')}：${payments}`} />
    </div>
  );
}
