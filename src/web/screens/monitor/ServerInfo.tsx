import { useT } from '@web/i18n';
import { OutboxPanel } from './OutboxPanel';
import { Chart, duration, Facts, Freshness, Panel, timeLineOption, useMonitor } from './parts';

interface Server {
  self: string;
  uptimeSeconds: number;
  requestsPerSecond: number;
  errorRate: number;
  instances: { id: string; host: string; pid: number; version: string; startedAt: string; lastSeenAt: string; alive: boolean; requestsPerSecond: number; errorRate: number; requestsTotal: number }[];
}

const when = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** 服务器信息 (in place of JeecgBoot's Tomcat page): this server's rates, and every instance sharing the database. */
export default function ServerInfo() {
  const t = useT();
  const { data, history, updatedAt, failed } = useMonitor<Server>('/monitor/server');
  return (
    <div className="flex flex-col gap-4" data-testid="server-info">
      <Freshness updatedAt={updatedAt} failed={failed} />
      {data ? (
        <div className="grid gap-4 lg:grid-cols-[360px_1fr]">
          <Panel title={t('monitor.thisServer')}>
            <Facts
              rows={[
                [t('monitor.instance'), data.self],
                [t('monitor.uptime'), duration(data.uptimeSeconds, t)],
                [t('monitor.rps'), data.requestsPerSecond],
                [t('monitor.errorRate'), `${data.errorRate}%`],
              ]}
            />
          </Panel>
          <Panel title={t('monitor.rpsOverTime')}>
            <Chart
              height={180}
              label={`${t('monitor.rps')} ${data.requestsPerSecond}`}
              option={timeLineOption(
                history.map((entry) => entry.time),
                [
                  { name: t('monitor.rps'), data: history.map((entry) => entry.data.requestsPerSecond) },
                  { name: t('monitor.errorRate'), data: history.map((entry) => entry.data.errorRate) },
                ],
                '',
              )}
            />
          </Panel>
          <Panel title={t('monitor.instances')} className="lg:col-span-2">
            <table className="w-full text-sm" data-testid="instance-table">
              <thead>
                <tr className="border-b border-border text-left text-text-muted">
                  <th className="py-1.5 font-normal">{t('monitor.instance')}</th>
                  <th className="py-1.5 font-normal">{t('monitor.version')}</th>
                  <th className="py-1.5 font-normal">{t('monitor.started')}</th>
                  <th className="py-1.5 font-normal">{t('monitor.lastSeen')}</th>
                  <th className="py-1.5 font-normal">{t('common.status')}</th>
                  <th className="py-1.5 text-right font-normal">{t('monitor.rps')}</th>
                  <th className="py-1.5 text-right font-normal">{t('monitor.errorRate')}</th>
                  <th className="py-1.5 text-right font-normal">{t('monitor.requestsTotal')}</th>
                </tr>
              </thead>
              <tbody>
                {data.instances.map((instance) => (
                  <tr key={instance.id} className="border-b border-border">
                    <td className="py-1.5">
                      {instance.host} #{instance.pid}
                      {instance.id === data.self ? <span className="ml-2 text-xs text-primary-strong">{t('monitor.thisOne')}</span> : null}
                    </td>
                    <td className="py-1.5">{instance.version}</td>
                    <td className="py-1.5">{when(instance.startedAt)}</td>
                    <td className="py-1.5">{when(instance.lastSeenAt)}</td>
                    <td className={instance.alive ? 'py-1.5 text-[#389e0d]' : 'py-1.5 text-text-muted'}>{instance.alive ? t('monitor.alive') : t('monitor.stopped')}</td>
                    <td className="py-1.5 text-right">{instance.requestsPerSecond}</td>
                    <td className="py-1.5 text-right">{instance.errorRate}%</td>
                    <td className="py-1.5 text-right">{instance.requestsTotal}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Panel>
          <OutboxPanel />
        </div>
      ) : null}
    </div>
  );
}
