import { useT } from '@web/i18n';
import { Chart, duration, Facts, Freshness, Panel, timeLineOption, useMonitor } from './parts';

interface Runtime {
  memoryMb: { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };
  heapLimitMb: number;
  eventLoopDelayMs: { mean: number; p50: number; p99: number; max: number };
  gc: { kind: string; count: number; totalMs: number }[];
  uptimeSeconds: number;
  pid: number;
  versions: Record<string, string>;
  cpuUsageMs: { user: number; system: number };
}

/** 运行时信息 (in place of JeecgBoot's JVM page): Node's memory, event-loop delay and collections, live. */
export default function RuntimeInfo() {
  const t = useT();
  const { data, history, updatedAt, failed } = useMonitor<Runtime>('/monitor/runtime');
  const times = history.map((entry) => entry.time);
  return (
    <div className="flex flex-col gap-4" data-testid="runtime-info">
      <Freshness updatedAt={updatedAt} failed={failed} />
      {data ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <Panel title={t('monitor.memory')}>
            <Chart
              label={`RSS ${data.memoryMb.rss} MB`}
              option={timeLineOption(
                times,
                [
                  { name: 'RSS', data: history.map((entry) => entry.data.memoryMb.rss) },
                  { name: t('monitor.heapUsed'), data: history.map((entry) => entry.data.memoryMb.heapUsed) },
                ],
                'MB',
              )}
              testId="memory-chart"
            />
          </Panel>
          <Panel title={t('monitor.eventLoop')}>
            <Chart
              label={`p99 ${data.eventLoopDelayMs.p99} ms`}
              option={timeLineOption(
                times,
                [
                  { name: 'p50', data: history.map((entry) => entry.data.eventLoopDelayMs.p50) },
                  { name: 'p99', data: history.map((entry) => entry.data.eventLoopDelayMs.p99) },
                ],
                'ms',
              )}
            />
          </Panel>
          <Panel title={t('monitor.process')}>
            <Facts
              rows={[
                [t('monitor.uptime'), duration(data.uptimeSeconds, t)],
                ['PID', data.pid],
                [t('monitor.heap'), `${data.memoryMb.heapUsed} / ${data.memoryMb.heapTotal} MB（${t('monitor.limit')} ${data.heapLimitMb} MB）`],
                [t('monitor.external'), `${data.memoryMb.external} MB`],
                [t('monitor.cpuTime'), `${t('monitor.cpuUser')} ${data.cpuUsageMs.user} ms · ${t('monitor.cpuSystem')} ${data.cpuUsageMs.system} ms`],
                ...Object.entries(data.versions).map(([name, version]) => [name, version] as const),
              ]}
            />
          </Panel>
          <Panel title={t('monitor.gc')}>
            {data.gc.length ? (
              <table className="w-full text-sm" data-testid="gc-table">
                <thead>
                  <tr className="border-b border-border text-left text-text-muted">
                    <th className="py-1.5 font-normal">{t('monitor.gcKind')}</th>
                    <th className="py-1.5 text-right font-normal">{t('monitor.count')}</th>
                    <th className="py-1.5 text-right font-normal">{t('monitor.totalMs')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.gc.map((entry) => (
                    <tr key={entry.kind} className="border-b border-border">
                      <td className="py-1.5">{entry.kind}</td>
                      <td className="py-1.5 text-right">{entry.count}</td>
                      <td className="py-1.5 text-right">{entry.totalMs}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="text-sm text-text-muted">{t('monitor.noGc')}</p>
            )}
          </Panel>
        </div>
      ) : null}
    </div>
  );
}
