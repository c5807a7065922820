import { quartzJob } from '@shared/entities/system/quartzJob';
import { quartzJobRun } from '@shared/entities/system/quartzJobRun';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

// Each offered from the state it changes (quartz_status: 0 正常, -1 停止).
const ACTIONS: readonly RowAction[] = [
  { command: 'job.execute', label: 'jobs.execute' },
  { command: 'job.pause', label: 'jobs.pause', onlyWhen: { field: 'status', values: ['0'] } },
  { command: 'job.resume', label: 'jobs.resume', onlyWhen: { field: 'status', values: ['-1'] } },
];

/**
 * 定时任务: the built-in handlers on their schedules, started, stopped and run by hand; below, every
 * run with its instance, duration and outcome.
 */
export default function QuartzJobList() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <EntityListScreen
        spec={quartzJob}
        toolbar={
          <>
            <CommandButton id="job.execute" label={t('jobs.execute')} />
            <CommandButton id="job.resume" label={t('jobs.resume')} />
            <CommandButton id="job.pause" label={t('jobs.pause')} />
          </>
        }
        rowActions={ACTIONS}
      />
      <section aria-label={t('jobs.runs')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('jobs.runs')}</h2>
        <EntityListScreen spec={quartzJobRun} selectionScope="jobRuns" height={320} />
      </section>
    </div>
  );
}
