import { useEffect } from 'react';
import { LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useChart } from './useChart';

echarts.use([LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface ReportChartData {
  /** Along the period: spending and top-ups, in yuan (absent for a single day). */
  trend: { label: string; consume: number; recharge: number }[] | null;
  meals: { name: string; value: number }[];
  channels: { name: string; value: number }[];
  titles: { trend: string; consume: string; recharge: string; meals: string; channels: string; empty: string };
  color: string;
}

const yuan = (value: number) => `¥${value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function Pie({ title, data, testId, empty }: { title: string; data: { name: string; value: number }[]; testId: string; empty: string }) {
  const { host, chart } = useChart();
  useEffect(() => {
    chart.current?.setOption({
      tooltip: { trigger: 'item', valueFormatter: (value: number) => yuan(value) },
      legend: { bottom: 0, type: 'scroll' },
      series: [{ type: 'pie', radius: ['40%', '68%'], center: ['50%', '45%'], label: { formatter: '{b}\n{d}%' }, data }],
    });
  }, [data, chart]);
  return (
    <figure className="rounded bg-surface p-3">
      <figcaption className="mb-1 text-sm font-medium">{title}</figcaption>
      <div ref={host} className="h-56 w-full" data-testid={testId} role="img" aria-label={`${title}：${data.map((item) => `${item.name} ${yuan(item.value)}`).join('，') || empty}`} />
      {data.length ? null : <p className="-mt-32 mb-24 text-center text-sm text-text-muted">{empty}</p>}
    </figure>
  );
}

/**
 * 统计报表's charts (DOMAIN.md §8): 消费趋势 along the month or year, 餐次占比 and 渠道占比. ECharts with
 * the SVG renderer, its own chunk: the report's tables show before it arrives.
 */
export default function ReportCharts({ trend, meals, channels, titles, color }: ReportChartData) {
  const { host, chart } = useChart();
  useEffect(() => {
    if (!trend) return;
    chart.current?.setOption({
      color: [color, '#52c41a'],
      grid: { left: 64, right: 16, top: 32, bottom: 28 },
      legend: { top: 0, right: 0, data: [titles.consume, titles.recharge] },
      tooltip: { trigger: 'axis', valueFormatter: (value: number) => yuan(value) },
      xAxis: { type: 'category', data: trend.map((point) => point.label) },
      yAxis: { type: 'value' },
      series: [
        { name: titles.consume, type: 'line', smooth: true, data: trend.map((point) => point.consume) },
        { name: titles.recharge, type: 'line', smooth: true, data: trend.map((point) => point.recharge) },
      ],
    });
  }, [trend, titles, color, chart]);
  return (
    <section className="grid grid-cols-1 gap-3 lg:grid-cols-3 print:hidden" data-testid="report-charts">
      {trend ? (
        <figure className="rounded bg-surface p-3 lg:col-span-3">
          <figcaption className="mb-1 text-sm font-medium">{titles.trend}</figcaption>
          <div ref={host} className="h-56 w-full" data-testid="report-trend" role="img" aria-label={`${titles.trend}：${trend.map((point) => `${point.label} ${yuan(point.consume)}`).join('，')}`} />
        </figure>
      ) : (
        <div ref={host} hidden />
      )}
      <Pie title={titles.meals} data={meals} testId="report-meals" empty={titles.empty} />
      <Pie title={titles.channels} data={channels} testId="report-channels" empty={titles.empty} />
    </section>
  );
}
