import { useEffect } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useChart } from './useChart';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface VisitChartDay {
  label: string;
  visits: number;
  ips: number;
}

/**
 * 近 7 日: sign-ins (bars) and distinct addresses (line) per day, zeros included. ECharts with
 * the SVG renderer and only the parts used; this module is its own chunk, loaded by the home page.
 */
export default function VisitChart({ days, labels, color }: { days: readonly VisitChartDay[]; labels: { visits: string; ips: string }; color: string }) {
  const { host, chart } = useChart();
  useEffect(() => {
    chart.current?.setOption({
      color: [color, '#52c41a'],
      grid: { left: 40, right: 16, top: 32, bottom: 28 },
      legend: { top: 0, right: 0, data: [labels.visits, labels.ips] },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: days.map((day) => day.label) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: labels.visits, type: 'bar', barMaxWidth: 32, data: days.map((day) => day.visits) },
        { name: labels.ips, type: 'line', smooth: true, data: days.map((day) => day.ips) },
      ],
    });
  }, [days, labels, color, chart]);
  return <div ref={host} className="h-56 w-full" data-testid="visit-chart" role="img" aria-label={days.map((day) => `${day.label} ${labels.visits} ${day.visits}`).join('，')} />;
}
