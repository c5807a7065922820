import { useEffect } from 'react';
import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { TrendAnswer } from '@shared/demo/screens';
import { useChart } from './useChart';

echarts.use([BarChart, LineChart, PieChart, ScatterChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** The chart kinds the reports use, each drawn from the school's month. */
export type TrendKind = 'line' | 'area' | 'bar' | 'hbar' | 'pie' | 'ring' | 'scatter' | 'hours';

export interface TrendTexts {
  consume: string;
  recharge: string;
  payments: string;
  mealName(value: string): string;
}

const yuan = (cents: number) => Math.round(cents) / 100;

function optionOf(kind: TrendKind, data: TrendAnswer, texts: TrendTexts): echarts.EChartsCoreOption {
  const days = data.days.map((day) => day.day.slice(5));
  const grid = { left: 56, right: 16, top: 36, bottom: 28 };
  const tooltip = { trigger: 'axis' as const };
  switch (kind) {
    case 'line':
    case 'area':
      return {
        grid,
        tooltip,
        legend: { top: 0, right: 0 },
        xAxis: { type: 'category', data: days, boundaryGap: kind === 'line' },
        yAxis: { type: 'value' },
        series: [
          { name: texts.consume, type: 'line', smooth: true, smoothMonotone: 'x', data: data.days.map((day) => yuan(day.consume)), ...(kind === 'area' ? { areaStyle: {}, stack: 'money' } : {}) },
          { name: texts.recharge, type: 'line', smooth: true, smoothMonotone: 'x', data: data.days.map((day) => yuan(day.recharge)), ...(kind === 'area' ? { areaStyle: {}, stack: 'money' } : {}) },
        ],
      };
    case 'bar':
      return {
        grid,
        tooltip,
        xAxis: { type: 'category', data: days },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ name: texts.payments, type: 'bar', barMaxWidth: 18, data: data.days.map((day) => day.payments) }],
      };
    case 'hbar':
      return {
        grid: { ...grid, left: 96 },
        tooltip,
        xAxis: { type: 'value' },
        yAxis: { type: 'category', data: data.meals.map((meal) => texts.mealName(meal.mealType)) },
        series: [{ name: texts.consume, type: 'bar', barMaxWidth: 22, data: data.meals.map((meal) => yuan(meal.amount)) }],
      };
    case 'pie':
    case 'ring':
      return {
        tooltip: { trigger: 'item' },
        legend: { bottom: 0, type: 'scroll' },
        series: [
          {
            name: texts.consume,
            type: 'pie',
            radius: kind === 'ring' ? ['42%', '68%'] : '68%',
            center: ['50%', '45%'],
            data: data.canteens.map((canteen) => ({ name: canteen.name, value: yuan(canteen.amount) })),
          },
        ],
      };
    case 'scatter':
      return {
        grid,
        tooltip: { trigger: 'item' },
        xAxis: { type: 'value', name: texts.payments, minInterval: 1 },
        yAxis: { type: 'value', name: texts.consume },
        series: [{ type: 'scatter', symbolSize: 10, data: data.days.map((day) => [day.payments, yuan(day.consume)]) }],
      };
    case 'hours':
      return {
        grid,
        tooltip,
        xAxis: { type: 'category', data: data.hours.map((_, hour) => `${String(hour).padStart(2, '0')}:00`) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ name: texts.payments, type: 'bar', barMaxWidth: 16, data: data.hours }],
      };
  }
}

/** One chart of the school's month (its own chunk, as every chart); `label` is what a screen reader hears. */
export default function TrendChart({ kind, data, texts, label }: { kind: TrendKind; data: TrendAnswer; texts: TrendTexts; label: string }) {
  const { host, chart } = useChart();
  useEffect(() => {
    chart.current?.setOption(optionOf(kind, data, texts), true);
  }, [kind, data, texts, chart]);
  return <div ref={host} className="h-64 w-full" role="img" aria-label={label} data-testid={`trend-${kind}`} />;
}
