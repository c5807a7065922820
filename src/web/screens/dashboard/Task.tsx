import { useEffect, useState } from 'react';
import type { TaskBoard } from '@shared/demo/screens';
import { demoScreensApi } from '@web/api/demoScreens';
import { useDialogs } from '@web/stores/dialogs';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { useTabInFront } from '@web/tabs/tabInFront';
import { PendingList } from './PendingList';

/**
 * 任务: the signed-in user's day on one board — the approvals waiting for them (the n-th opened by
 * the digit n), their exports today (to the download centre), and what they did today.
 */
export default function Task() {
  const t = useT();
  const inFront = useTabInFront();
  const [board, setBoard] = useState<TaskBoard | null>(null);
  useEffect(() => {
    if (!inFront) return;
    let live = true;
    demoScreensApi.tasks().then(
      (answer) => live && setBoard(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [inFront]);
  if (!board) return <p className="rounded bg-surface p-6 text-sm text-text-muted">{t('grid.loading')}</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-3" data-testid="task-board">
      <PendingList pending={board.pending} testId="task-pending" />
      <section className="rounded bg-surface p-5" data-testid="task-exports">
        <h3 className="mb-3 flex items-baseline justify-between font-medium">
          {t('task.exports')}
          <button type="button" className="text-xs font-normal text-primary-strong" onClick={() => void useDialogs.getState().open('downloads')}>
            {t('records.downloadCentre')}
          </button>
        </h3>
        {board.exports.length ? (
          <ul className="flex flex-col gap-2 text-sm">
            {board.exports.map((job) => (
              <li key={`${job.at}-${job.fileName}`} className="flex items-center gap-2">
                <span className="shrink-0 text-xs tabular-nums text-text-muted">{job.at.slice(0, 5)}</span>
                <span className="min-w-0 flex-1 truncate" title={job.fileName}>
                  {job.fileName}
                </span>
                <span className={cn('shrink-0 text-xs', job.status === '1' ? 'text-[#389e0d]' : job.status === '0' ? 'text-primary-strong' : 'text-danger')} title={job.msg ?? undefined}>
                  {t(job.status === '1' ? 'downloads.status1' : job.status === '0' ? 'downloads.status0' : 'downloads.status2')}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-text-muted">{t('task.noExports')}</p>
        )}
      </section>
      <section className="rounded bg-surface p-5" data-testid="task-done">
        <h3 className="mb-3 font-medium">
          {t('task.done')}
          <span className="ml-2 text-xs font-normal text-text-muted">{board.today}</span>
        </h3>
        {board.done.length ? (
          <ol className="flex flex-col gap-2 text-sm">
            {board.done.map((item, index) => (
              <li key={`${item.at}-${index}`} className="flex gap-3">
                <span className="shrink-0 text-xs tabular-nums text-text-muted">{item.at.slice(0, 5)}</span>
                <span className="min-w-0 flex-1 truncate">{item.action}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-text-muted">{t('task.noneDone')}</p>
        )}
      </section>
    </div>
  );
}
