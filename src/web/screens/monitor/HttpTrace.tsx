import { useMemo } from 'react';
import { useT } from '@web/i18n';
import { Chart, Freshness, Panel, useMonitor } from './parts';

interface Trace {
  instance: string;
  records: { time: number; method: string; path: string; status: number; durationMs: number; user: string | null }[];
}

const statusClass = (status: number) => (status >= 500 ? 'text-danger' : status >= 400 ? 'text-[#d46b08]' : 'text-[#389e0d]');

/** 请求追踪: this instance's last requests (no bodies, no tokens), with their time and outcome. */
export default function HttpTrace() {
  const t = useT();
  const { data, updatedAt, failed } = useMonitor<Trace>('/monitor/trace?limit=200');
  const durations = useMemo(() => (data ? [...data.records].reverse() : []), [data]);
  return (
    <div className="flex flex-col gap-4" data-testid="http-trace">
      <Freshness updatedAt={updatedAt} failed={failed} />
      {data ? (
        <>
          <Panel title={t('monitor.durations')}>
            <Chart
              label={t('monitor.durations')}
              height={180}
              option={{
                grid: { left: 48, right: 16, top: 16, bottom: 24 },
                tooltip: { trigger: 'axis' },
                xAxis: { type: 'category', data: durations.map((entry) => new Date(entry.time).toLocaleTimeString('zh-CN', { hour12: false })) },
                yAxis: { type: 'value', name: 'ms' },
                series: [
                  { type: 'bar', data: durations.map((entry) => ({ value: entry.durationMs, itemStyle: { color: entry.status >= 500 ? '#f5222d' : entry.status >= 400 ? '#fa8c16' : '#1677ff' } })) },
                ],
              }}
            />
          </Panel>
          <Panel title={t('monitor.requests', { instance: data.instance })}>
            <div className="max-h-[480px] overflow-y-auto">
              <table className="w-full text-sm" data-testid="trace-table">
                <thead className="sticky top-0 bg-surface">
                  <tr className="border-b border-border text-left text-text-muted">
                    <th className="py-1.5 font-normal">{t('monitor.time')}</th>
                    <th className="py-1.5 font-normal">{t('monitor.method')}</th>
                    <th className="py-1.5 font-normal">{t('monitor.path')}</th>
                    <th className="py-1.5 font-normal">{t('monitor.status')}</th>
                    <th className="py-1.5 text-right font-normal">{t('monitor.took')}</th>
                    <th className="py-1.5 pl-4 font-normal">{t('monitor.user')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.records.map((entry, index) => (
                    <tr key={`${entry.time}-${index}`} className="border-b border-border">
                      <td className="py-1.5 whitespace-nowrap">{new Date(entry.time).toLocaleTimeString('zh-CN', { hour12: false })}</td>
                      <td className="py-1.5">{entry.method}</td>
                      <td className="max-w-[480px] truncate py-1.5" title={entry.path}>
                        {entry.path}
                      </td>
                      <td className={`py-1.5 ${statusClass(entry.status)}`}>{entry.status}</td>
                      <td className="py-1.5 text-right">{entry.durationMs}</td>
                      <td className="py-1.5 pl-4">{entry.user ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Panel>
        </>
      ) : null}
    </div>
  );
}
