import { useT } from '@web/i18n';
import { bytes, Chart, Freshness, gaugeOption, Panel, useMonitor } from './parts';

interface Usage {
  total: number;
  used: number;
  free: number;
  percent: number;
}
interface Disk {
  dataDir: Usage & { path: string };
  mounts: (Usage & { mount: string; type: string })[];
}

/** 磁盘监控: the data folder's disk as a gauge, and every mounted file system's use. */
export default function DiskMonitor() {
  const t = useT();
  const { data, updatedAt, failed } = useMonitor<Disk>('/monitor/disk');
  return (
    <div className="flex flex-col gap-4" data-testid="disk-monitor">
      <Freshness updatedAt={updatedAt} failed={failed} />
      {data ? (
        <div className="grid gap-4 lg:grid-cols-[360px_1fr]">
          <Panel title={t('monitor.dataDir')}>
            <Chart option={gaugeOption(data.dataDir.percent, t('monitor.used'))} label={`${t('monitor.dataDir')} ${data.dataDir.percent}%`} testId="data-dir-gauge" />
            <p className="text-center text-sm text-text-muted">
              {data.dataDir.path} · {bytes(data.dataDir.used)} / {bytes(data.dataDir.total)}
            </p>
          </Panel>
          <Panel title={t('monitor.mounts')}>
            <Chart
              label={data.mounts.map((mount) => `${mount.mount} ${mount.percent}%`).join('，')}
              height={Math.max(160, data.mounts.length * 36 + 40)}
              option={{
                grid: { left: 8, right: 24, top: 24, bottom: 24, containLabel: true },
                legend: { top: 0, right: 0 },
                tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
                xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
                yAxis: { type: 'category', data: data.mounts.map((mount) => mount.mount), axisLabel: { width: 160, overflow: 'truncate' } },
                series: [
                  { name: t('monitor.used'), type: 'bar', stack: 'use', data: data.mounts.map((mount) => mount.percent), itemStyle: { color: '#1677ff' } },
                  { name: t('monitor.free'), type: 'bar', stack: 'use', data: data.mounts.map((mount) => Math.round((100 - mount.percent) * 10) / 10), itemStyle: { color: '#d9d9d9' } },
                ],
              }}
            />
            <table className="w-full text-sm" data-testid="mount-table">
              <thead>
                <tr className="border-b border-border text-left text-text-muted">
                  <th className="py-1.5 font-normal">{t('monitor.mount')}</th>
                  <th className="py-1.5 font-normal">{t('monitor.fsType')}</th>
                  <th className="py-1.5 text-right font-normal">{t('monitor.total')}</th>
                  <th className="py-1.5 text-right font-normal">{t('monitor.used')}</th>
                  <th className="py-1.5 text-right font-normal">{t('monitor.free')}</th>
                  <th className="py-1.5 text-right font-normal">%</th>
                </tr>
              </thead>
              <tbody>
                {data.mounts.map((mount) => (
                  <tr key={mount.mount} className="border-b border-border">
                    <td className="py-1.5">{mount.mount}</td>
                    <td className="py-1.5">{mount.type}</td>
                    <td className="py-1.5 text-right">{bytes(mount.total)}</td>
                    <td className="py-1.5 text-right">{bytes(mount.used)}</td>
                    <td className="py-1.5 text-right">{bytes(mount.free)}</td>
                    <td className={mount.percent >= 90 ? 'py-1.5 text-right text-danger' : 'py-1.5 text-right'}>{mount.percent}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Panel>
        </div>
      ) : null}
    </div>
  );
}
