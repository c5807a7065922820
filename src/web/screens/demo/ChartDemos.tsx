import type { TrendKind } from '@web/components/charts/TrendChart';
import { useT, type MessageKey } from '@web/i18n';
import { ChartCard } from '../dashboard/ChartsPanel';
import { useTrends } from '../dashboard/useTrends';

/** The chart kinds the reports draw, each on the school's month. */
const KINDS: readonly { kind: TrendKind; title: MessageKey; about: MessageKey }[] = [
  { kind: 'line', title: 'charts.kind.line', about: 'charts.about.line' },
  { kind: 'area', title: 'charts.kind.area', about: 'charts.about.area' },
  { kind: 'bar', title: 'charts.kind.bar', about: 'charts.about.bar' },
  { kind: 'hbar', title: 'charts.kind.hbar', about: 'charts.about.hbar' },
  { kind: 'pie', title: 'charts.kind.pie', about: 'charts.about.pie' },
  { kind: 'ring', title: 'charts.kind.ring', about: 'charts.about.ring' },
  { kind: 'scatter', title: 'charts.kind.scatter', about: 'charts.about.scatter' },
  { kind: 'hours', title: 'charts.kind.hours', about: 'charts.about.hours' },
];

/** 图表示例: every chart kind the reports use, drawn from the school's last 30 days, each saying what it shows. */
export default function ChartDemos() {
  const t = useT();
  const { data, texts } = useTrends();
  if (!data) return <p className="rounded bg-surface p-6 text-sm text-text-muted">{t('grid.loading')}</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="chart-demos">
      {KINDS.map(({ kind, title, about }) => (
        <ChartCard key={kind} title={`${t(title)} · ${t(about)}`} kind={kind} data={data} texts={texts} label={`${t(title)}：${t(about)}`} />
      ))}
    </div>
  );
}
