import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';

/**
 * An ECharts instance (SVG renderer) on the element `host` points at, resized with it and disposed
 * with the component. Each chart module registers the chart kinds it draws.
 */
export function useChart() {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!host.current) return;
    const instance = echarts.init(host.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(host.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  return { host, chart };
}
