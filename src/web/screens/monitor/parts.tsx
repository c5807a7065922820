import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { get } from '@web/api/client';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';

const MonitorChart = lazy(() => import('@web/components/charts/MonitorChart'));

/** How often the monitor screens read their numbers again. */
export const REFRESH_MS = 5000;
/** How many readings the screens' time lines keep (five minutes at one reading each 5 s). */
const HISTORY = 60;

/**
 * A monitor screen's numbers, read now and every five seconds while the page is visible, with
 * the readings so far for the time lines. A failed reading keeps the last numbers and says so.
 */
export function useMonitor<T>(url: string): { data: T | null; history: { time: number; data: T }[]; failed: boolean; updatedAt: number | null } {
  const [state, setState] = useState<{ data: T | null; history: { time: number; data: T }[]; failed: boolean; updatedAt: number | null }>({ data: null, history: [], failed: false, updatedAt: null });
  const busy = useRef(false);
  useEffect(() => {
    let stopped = false;
    const read = async () => {
      if (busy.current || document.visibilityState === 'hidden') return;
      busy.current = true;
      try {
        const data = await get<T>(url, undefined, { silent: true });
        const time = Date.now();
        if (!stopped) setState((current) => ({ data, history: [...current.history, { time, data }].slice(-HISTORY), failed: false, updatedAt: time }));
      } catch {
        if (!stopped) setState((current) => ({ ...current, failed: true }));
      } finally {
        busy.current = false;
      }
    };
    void read();
    const timer = window.setInterval(() => void read(), REFRESH_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [url]);
  return state;
}

/** A titled panel of a monitor screen. */
export function Panel({ title, children, className, testId }: { title: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section className={cn('flex flex-col gap-3 rounded bg-surface p-4', className)} aria-label={title} data-testid={testId}>
      <h2 className="text-base font-medium">{title}</h2>
      {children}
    </section>
  );
}

/** Label–value pairs. */
export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-text-muted">{label}</dt>
          <dd className="min-w-0 break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A chart, loaded with its library on first use. */
export function Chart(props: { option: Record<string, unknown>; label: string; height?: number; testId?: string }) {
  return (
    <Suspense fallback={<div style={{ height: props.height ?? 220 }} />}>
      <MonitorChart {...props} />
    </Suspense>
  );
}

/** The screen's header line: when the numbers were read, and that they refresh. */
export function Freshness({ updatedAt, failed }: { updatedAt: number | null; failed: boolean }) {
  const t = useT();
  return (
    <p className={cn('text-sm', failed ? 'text-danger' : 'text-text-muted')} role="status" data-testid="monitor-freshness">
      {failed ? t('monitor.readFailed') : updatedAt ? t('monitor.updatedAt', { time: new Date(updatedAt).toLocaleTimeString('zh-CN', { hour12: false }) }) : t('common.loading')}
    </p>
  );
}

export const bytes = (value: number): string => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let size = value;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(unit ? 1 : 0)} ${units[unit]}`;
};

export const duration = (seconds: number, t: ReturnType<typeof useT>): string => {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days ? t('monitor.daysHours', { days, hours }) : hours ? t('monitor.hoursMinutes', { hours, minutes }) : t('monitor.minutesSeconds', { minutes, seconds: seconds % 60 });
};

/** A gauge of a percentage (disk, memory, cache hits). */
export const gaugeOption = (value: number, name: string): Record<string, unknown> => ({
  series: [
    {
      type: 'gauge',
      min: 0,
      max: 100,
      progress: { show: true, width: 12 },
      axisLine: { lineStyle: { width: 12 } },
      axisTick: { show: false },
      splitLine: { show: false },
      axisLabel: { show: false },
      pointer: { show: false },
      detail: { valueAnimation: false, fontSize: 22, offsetCenter: [0, '10%'], formatter: '{value}%' },
      title: { offsetCenter: [0, '45%'], fontSize: 12 },
      data: [{ value, name }],
    },
  ],
});

/** A time line of readings (one or more series). */
export const timeLineOption = (times: readonly number[], series: readonly { name: string; data: readonly number[] }[], unit: string): Record<string, unknown> => ({
  grid: { left: 48, right: 16, top: 32, bottom: 28 },
  legend: { top: 0, right: 0 },
  tooltip: { trigger: 'axis' },
  xAxis: { type: 'category', data: times.map((time) => new Date(time).toLocaleTimeString('zh-CN', { hour12: false })) },
  yAxis: { type: 'value', name: unit, nameTextStyle: { fontSize: 11 } },
  series: series.map((entry) => ({ name: entry.name, type: 'line', smooth: true, showSymbol: false, data: [...entry.data] })),
});
