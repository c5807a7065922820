import { useState } from 'react';
import { post } from '@web/api/client';
import { Button } from '@web/components/ui/Button';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { Facts, Panel, useMonitor } from './parts';

interface Outbox {
  queued: number;
  failedTotal: number;
  oldestQueuedAt: string | null;
  failed: { id: number; tenantId: number; kind: string; attempts: number; lastError: string | null; createBy: string | null; createdAt: string }[];
}

const when = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/**
 * 服务器信息's outbox: the effects waiting after their commits (notices, texts, job runs), and
 * every one that gave up after its attempts, with its last error and a button to queue it again.
 */
export function OutboxPanel() {
  const t = useT();
  const { data } = useMonitor<Outbox>('/monitor/outbox');
  const [retried, setRetried] = useState<ReadonlySet<number>>(new Set());
  if (!data) return null;
  const retry = async (id: number) => {
    await post('/monitor/outbox/retry', { id });
    setRetried((current) => new Set([...current, id]));
    toast.success(t('monitor.outboxRetried'));
  };
  const failed = data.failed.filter((item) => !retried.has(item.id));
  return (
    <Panel title={t('monitor.outbox')} className="lg:col-span-2" testId="outbox-panel">
      <Facts
        rows={[
          [t('monitor.outboxQueued'), data.queued],
          [t('monitor.outboxFailed'), data.failedTotal],
          [t('monitor.outboxOldest'), data.oldestQueuedAt ? when(data.oldestQueuedAt) : '—'],
        ]}
      />
      {failed.length ? (
        <table className="mt-3 w-full text-sm" data-testid="outbox-failed">
          <thead>
            <tr className="border-b border-border text-left text-text-muted">
              <th className="py-1.5 font-normal">{t('monitor.outboxKind')}</th>
              <th className="py-1.5 font-normal">{t('monitor.outboxSchool')}</th>
              <th className="py-1.5 font-normal">{t('monitor.outboxBy')}</th>
              <th className="py-1.5 font-normal">{t('monitor.outboxAt')}</th>
              <th className="py-1.5 text-right font-normal">{t('monitor.outboxAttempts')}</th>
              <th className="py-1.5 font-normal">{t('monitor.outboxError')}</th>
              <th className="py-1.5" />
            </tr>
          </thead>
          <tbody>
            {failed.map((item) => (
              <tr key={item.id} className="border-b border-border">
                <td className="py-1.5">{item.kind}</td>
                <td className="py-1.5">{item.tenantId}</td>
                <td className="py-1.5">{item.createBy ?? '—'}</td>
                <td className="py-1.5">{when(item.createdAt)}</td>
                <td className="py-1.5 text-right">{item.attempts}</td>
                <td className="max-w-[360px] truncate py-1.5 text-danger" title={item.lastError ?? ''}>
                  {item.lastError ?? '—'}
                </td>
                <td className="py-1.5 text-right">
                  <Button size="sm" variant="default" onClick={() => void retry(item.id)}>
                    {t('monitor.outboxRetry')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Panel>
  );
}
