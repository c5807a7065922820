import { quartzJob } from '@shared/entities/system/quartzJob';
import { quartzJobRun } from '@shared/entities/system/quartzJobRun';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { useT } from '@web/i18n';

/**
 * 定时任务: the built-in handlers on their schedules, started, stopped and run by hand (the flow's
 * actions, by state); below, every
 * run with its instance, duration and outcome.
 */
export default function QuartzJobList() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <EntityListScreen spec={quartzJob} />
      <section aria-label={t('jobs.runs')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('jobs.runs')}</h2>
        <EntityListScreen spec={quartzJobRun} selectionScope="jobRuns" height={320} />
      </section>
    </div>
  );
}
