import { useEffect } from 'react';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useChart } from './useChart';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** 监控页: payments per hour of today, a stacked bar per canteen. Its own chunk, as every chart. */
export default function CanteenHoursChart({ canteens, hours, title }: { canteens: { name: string; hours: number[] }[]; hours: number; title: string }) {
  const { host, chart } = useChart();
  useEffect(() => {
    chart.current?.setOption(
      {
        grid: { left: 40, right: 16, top: 32, bottom: 28 },
        legend: { top: 0, right: 0 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: Array.from({ length: hours + 1 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`) },
        yAxis: { type: 'value', minInterval: 1 },
        series: canteens.map((canteen) => ({ name: canteen.name, type: 'bar', stack: 'payments', barMaxWidth: 28, data: canteen.hours })),
      },
      true,
    );
  }, [canteens, hours, chart]);
  return (
    <div
      ref={host}
      className="h-64 w-full"
      data-testid="canteen-hours"
      role="img"
      aria-label={`${title}：${canteens.map((canteen) => `${canteen.name} ${canteen.hours.reduce((sum, n) => sum + n, 0)}`).join('，')}`}
    />
  );
}
