import { useEffect } from 'react';
import { BarChart, GaugeChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useChart } from './useChart';

echarts.use([BarChart, GaugeChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/**
 * One chart of 系统监控, drawn from the option it is given (gauge, line, bar or pie), updated in
 * place as the numbers refresh. ECharts with only these parts; its own chunk, loaded by the
 * monitor screens alone.
 */
export default function MonitorChart({ option, label, height = 220, testId }: { option: echarts.EChartsCoreOption; label: string; height?: number; testId?: string }) {
  const { host, chart } = useChart();
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: false, lazyUpdate: true });
  }, [option, chart]);
  return <div ref={host} style={{ height }} className="w-full" role="img" aria-label={label} data-testid={testId} />;
}
