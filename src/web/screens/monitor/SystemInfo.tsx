import { useT } from '@web/i18n';
import { bytes, Chart, duration, Facts, Freshness, gaugeOption, Panel, timeLineOption, useMonitor } from './parts';

interface System {
  hostname: string;
  os: string;
  platform: string;
  arch: string;
  cpus: number;
  cpuModel: string;
  loadAverage: [number, number, number];
  memory: { total: number; free: number; used: number };
  uptimeSeconds: number;
}

/** 系统信息: the machine — CPUs and their load over time, memory in use, the OS. */
export default function SystemInfo() {
  const t = useT();
  const { data, history, updatedAt, failed } = useMonitor<System>('/monitor/system');
  return (
    <div className="flex flex-col gap-4" data-testid="system-info">
      <Freshness updatedAt={updatedAt} failed={failed} />
      {data ? (
        <div className="grid gap-4 lg:grid-cols-[1fr_360px]">
          <Panel title={t('monitor.load')}>
            <Chart
              label={`${t('monitor.load')} ${data.loadAverage.join(' / ')}`}
              option={timeLineOption(
                history.map((entry) => entry.time),
                [
                  { name: t('monitor.load1'), data: history.map((entry) => entry.data.loadAverage[0]) },
                  { name: t('monitor.load5'), data: history.map((entry) => entry.data.loadAverage[1]) },
                ],
                '',
              )}
              testId="load-chart"
            />
          </Panel>
          <Panel title={t('monitor.memory')}>
            <Chart option={gaugeOption(Math.round((data.memory.used / data.memory.total) * 1000) / 10, t('monitor.used'))} label={`${bytes(data.memory.used)} / ${bytes(data.memory.total)}`} />
            <p className="text-center text-sm text-text-muted">
              {bytes(data.memory.used)} / {bytes(data.memory.total)}
            </p>
          </Panel>
          <Panel title={t('monitor.machine')} className="lg:col-span-2">
            <Facts
              rows={[
                [t('monitor.hostname'), data.hostname],
                [t('monitor.os'), `${data.os}（${data.platform} ${data.arch}）`],
                [t('monitor.cpu'), `${data.cpus} × ${data.cpuModel}`],
                [t('monitor.loadAverage'), data.loadAverage.join(' / ')],
                [t('monitor.uptime'), duration(data.uptimeSeconds, t)],
              ]}
            />
          </Panel>
        </div>
      ) : null}
    </div>
  );
}
