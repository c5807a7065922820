import { useEffect, useState } from 'react';
import { get } from '@web/api/client';
import { useT } from '@web/i18n';

const TYPING_PAUSE_MS = 300;

/**
 * Below a cron expression: the next five times it names, as the server reads it (the same reading
 * the scheduler uses), or why it cannot be read. Asked once typing pauses.
 */
export function CronPreview({ value }: { value: string }) {
  const t = useT();
  const [answer, setAnswer] = useState<{ times: string[] } | { error: true } | null>(null);
  useEffect(() => {
    const cron = value.trim();
    if (!cron) {
      setAnswer(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      get<string[]>('/sys/quartzJob/nextRuns', { cron }, { silent: true }).then(
        (times) => live && setAnswer({ times }),
        () => live && setAnswer({ error: true }),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [value]);
  if (!answer) return null;
  return (
    <div className="-mt-2 mb-3 ml-[132px] text-[13px] text-text-muted" data-testid="cron-preview" aria-live="polite">
      {'error' in answer ? (
        <span className="text-danger">{t('jobs.cronInvalid')}</span>
      ) : (
        <>
          <span>{t('jobs.nextRuns')}</span>
          <ol className="tabular-nums">
            {answer.times.map((time) => (
              <li key={time}>{time}</li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
