import { useEffect, useMemo, useState } from 'react';
import { subsidy } from '@shared/entities/members/subsidy';
import { subsidyItem } from '@shared/entities/members/subsidyItem';
import { entityApi, type EntityRecord } from '@web/api/entities';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { useT } from '@web/i18n';
import { useDataVersion, useListVersion } from '@web/stores/dataVersion';

/** How often a batch being issued is read again for its progress. */
const PROGRESS_EVERY_MS = 1500;

/**
 * 补助管理: the batches above (添加补助人员, 导入补助名单, 提交, 审核, 发放, 清零, 作废); the chosen
 * batch's people below, with the issue's progress while it runs — read again every moment until
 * nobody is left, then every list of the batch reloads.
 */
export default function SubsidyList() {
  const t = useT();
  const [chosen, setChosen] = useState<EntityRecord | null>(null);
  const [live, setLive] = useState<EntityRecord | null>(null);
  const version = useListVersion(subsidy.id);
  const fixed = useMemo(() => (chosen ? { batchId: chosen.id } : undefined), [chosen]);
  useEffect(() => setLive(chosen), [chosen]);
  // The chosen batch as it is now (its progress), again while it is being issued.
  useEffect(() => {
    if (!chosen) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      const now = await entityApi.get(subsidy, chosen.id).catch(() => null);
      if (!alive || !now) return;
      setLive(now);
      if (now.issueStatus === '4') timer = setTimeout(() => void read(), PROGRESS_EVERY_MS);
      else if (chosen.issueStatus === '4') {
        useDataVersion.getState().bump(subsidy.id);
        useDataVersion.getState().bump(subsidyItem.id);
      }
    };
    void read();
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
    };
  }, [chosen, version]);
  const persons = Number(live?.persons ?? 0);
  const issued = Number(live?.issued ?? 0);
  return (
    <div className="flex flex-col gap-4" data-testid="subsidy-screen">
      <EntityListScreen
        spec={subsidy}
        selection="radio"
        onSelectionChange={(rows) => setChosen(rows[0] ?? null)}
        toolbar={<CommandButton id="subsidy.importItems" label={t('subsidy.importPeople')} />}
      />
      <section aria-label={t('subsidy.people')} className="flex flex-col gap-2">
        <h2 className="flex items-center gap-3 px-1 text-base font-medium text-text" data-testid="subsidy-chosen">
          {live ? t('subsidy.peopleOf', { name: String(live.name) }) : t('subsidy.chooseBatch')}
          {live && live.issueStatus !== '0' && live.issueStatus !== '3' ? (
            <span className="flex items-center gap-2 text-sm font-normal text-text-muted" data-testid="subsidy-progress">
              <span className="h-2 w-40 overflow-hidden rounded bg-canvas" role="progressbar" aria-valuemin={0} aria-valuemax={persons} aria-valuenow={issued} aria-label={t('subsidy.progress')}>
                <span className="block h-full bg-primary" style={{ width: `${persons ? Math.round((issued / persons) * 100) : 0}%` }} />
              </span>
              {t('subsidy.issuedOf', { issued, persons })}
              {Number(live.failed) ? <span className="text-danger">{t('subsidy.failedCount', { failed: Number(live.failed) })}</span> : null}
            </span>
          ) : null}
        </h2>
        {fixed ? <EntityListScreen key={String(fixed.batchId)} spec={subsidyItem} fixed={fixed} selectionScope={subsidyItem.id} height={360} /> : null}
      </section>
    </div>
  );
}
