import { useT } from '@web/i18n';
import { bytes, Chart, Facts, Freshness, gaugeOption, Panel, timeLineOption, useMonitor } from './parts';

interface Database {
  kind: 'pglite' | 'postgres';
  version: string;
  sizeBytes: number;
  cacheHitRatio: number | null;
  commits: number;
  rollbacks: number;
  connections: { state: string; count: number }[];
  tables: { name: string; bytes: number; rows: number }[];
  slowest: { query: string; calls: number; mean_ms: number; total_ms: number }[] | null;
}

/**
 * 数据库监控, in place of JeecgBoot's Redis page (this product keeps its state in the database):
 * size, cache hits, transactions, connections, the largest tables and, where PostgreSQL has
 * pg_stat_statements, the slowest statements.
 */
export default function DatabaseMonitor() {
  const t = useT();
  const { data, history, updatedAt, failed } = useMonitor<Database>('/monitor/database');
  // Transactions per second between readings.
  const rates = history
    .slice(1)
    .map((entry, index) => ({ time: entry.time, rate: Math.max(0, Math.round(((entry.data.commits - history[index]!.data.commits) / ((entry.time - history[index]!.time) / 1000)) * 10) / 10) }));
  return (
    <div className="flex flex-col gap-4" data-testid="database-monitor">
      <Freshness updatedAt={updatedAt} failed={failed} />
      {data ? (
        <div className="grid gap-4 lg:grid-cols-3">
          <Panel title={t('monitor.database')}>
            <Facts
              rows={[
                [t('monitor.dbKind'), data.kind === 'pglite' ? t('monitor.pglite') : 'PostgreSQL'],
                [t('monitor.version'), data.version.split(' on ')[0]!],
                [t('monitor.dbSize'), bytes(data.sizeBytes)],
                [t('monitor.commits'), data.commits],
                [t('monitor.rollbacks'), data.rollbacks],
              ]}
            />
          </Panel>
          <Panel title={t('monitor.cacheHits')}>
            {data.cacheHitRatio === null ? (
              <p className="text-sm text-text-muted">{t('monitor.noReads')}</p>
            ) : (
              <Chart option={gaugeOption(data.cacheHitRatio, t('monitor.hitRatio'))} label={`${data.cacheHitRatio}%`} testId="cache-gauge" />
            )}
          </Panel>
          <Panel title={t('monitor.connections')}>
            <Chart
              label={data.connections.map((entry) => `${entry.state} ${entry.count}`).join('，')}
              option={{
                tooltip: { trigger: 'item' },
                legend: { bottom: 0 },
                series: [{ type: 'pie', radius: ['40%', '65%'], data: data.connections.map((entry) => ({ name: entry.state, value: entry.count })) }],
              }}
            />
          </Panel>
          <Panel title={t('monitor.transactionsPerSecond')} className="lg:col-span-3">
            <Chart
              height={180}
              label={t('monitor.transactionsPerSecond')}
              option={timeLineOption(
                rates.map((entry) => entry.time),
                [{ name: t('monitor.commits'), data: rates.map((entry) => entry.rate) }],
                '/s',
              )}
            />
          </Panel>
          <Panel title={t('monitor.largestTables')} className="lg:col-span-2">
            <Chart
              height={280}
              label={data.tables.map((table) => `${table.name} ${bytes(table.bytes)}`).join('，')}
              option={{
                grid: { left: 8, right: 24, top: 8, bottom: 24, containLabel: true },
                tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
                xAxis: { type: 'value', axisLabel: { formatter: (value: number) => bytes(value) } },
                yAxis: { type: 'category', inverse: true, data: data.tables.map((table) => table.name) },
                series: [{ type: 'bar', data: data.tables.map((table) => table.bytes), itemStyle: { color: '#1677ff' } }],
              }}
            />
          </Panel>
          <Panel title={t('monitor.slowest')}>
            {data.slowest ? (
              <ol className="flex flex-col gap-2 text-xs">
                {data.slowest.map((row, index) => (
                  <li key={index} className="border-b border-border pb-2">
                    <code className="block truncate" title={row.query}>
                      {row.query}
                    </code>
                    <span className="text-text-muted">
                      {row.mean_ms} ms · {row.calls} {t('monitor.calls')}
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-text-muted" data-testid="no-statements">
                {t('monitor.noStatements')}
              </p>
            )}
          </Panel>
        </div>
      ) : null}
    </div>
  );
}
