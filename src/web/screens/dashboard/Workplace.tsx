import { useEffect, useState } from 'react';
import { greetingForHour } from '@shared/greeting';
import type { WorkplaceAnswer } from '@shared/dashboard';
import { homeApi } from '@web/api/home';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { useSession } from '@web/stores/session';
import { useTabInFront } from '@web/tabs/tabInFront';
import { PendingList } from './PendingList';

/**
 * 示例 › 工作台: the user's desk — what waits for their decision across the areas (a digit opens
 * each) and what they did last, from the operation log.
 */
export default function Workplace() {
  const t = useT();
  const inFront = useTabInFront();
  const userInfo = useSession((state) => state.userInfo);
  const [answer, setAnswer] = useState<WorkplaceAnswer | null>(null);
  useEffect(() => {
    // Read again each time the desk comes to the front.
    if (!inFront) return;
    let live = true;
    homeApi.workplace().then(
      (value) => live && setAnswer(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [inFront]);
  return (
    <div className="flex flex-col gap-4" data-testid="workplace-screen">
      <section className="rounded bg-surface p-6">
        <h2 className="text-xl font-medium">
          {t(`greeting.${greetingForHour(new Date().getHours())}`)}，{userInfo?.realname || userInfo?.username}
        </h2>
        <p className="mt-2 text-text-muted">{t('workplace.lead')}</p>
      </section>
      {answer ? (
        <section className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <PendingList pending={answer.pending} testId="workplace-pending" />
          <div className="rounded bg-surface p-5" data-testid="workplace-recent">
            <h3 className="mb-3 font-medium">{t('workplace.recent')}</h3>
            {answer.recent.length ? (
              <ul className="flex flex-col gap-2 text-sm">
                {answer.recent.map((item, index) => (
                  <li key={index} className="flex gap-3">
                    <span className="text-text-muted tabular-nums">{item.at.slice(5, 16)}</span>
                    <span className="font-medium">{item.action}</span>
                    <span className={cn('flex-1 truncate', item.success ? 'text-text-muted' : 'text-danger')}>{item.message}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-text-muted">{t('workplace.nothingYet')}</p>
            )}
          </div>
        </section>
      ) : null}
    </div>
  );
}
