import { useEffect, useMemo, useState } from 'react';
import { scoreRecord } from '@shared/entities/members/scoreRecord';
import { scoreSummary } from '@shared/entities/members/scoreSummary';
import { schoolTerm } from '@shared/entities/payments/schoolTerm';
import { entityApi } from '@web/api/entities';
import { ListTabs } from '@web/components/ListTabs';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { useT } from '@web/i18n';

/**
 * 综合评分: the score records (录入, 导入, 撤销, 导出) and the class summary (every dimension, the total,
 * the rank in the class and the grade), one tab each — both start on the current term.
 */
export default function ScoreList() {
  const t = useT();
  const [tab, setTab] = useState(0);
  const [term, setTerm] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    entityApi
      .list(schoolTerm, { pageNo: 1, pageSize: 50 })
      .then((page) => alive && setTerm(String(page.records.find((row) => row.isCurrent === true)?.id ?? '') || null))
      .catch(() => alive && setTerm(null));
    return () => {
      alive = false;
    };
  }, []);
  const defaults = useMemo(() => (term ? { termId: term } : undefined), [term]);
  const spec = tab === 0 ? scoreRecord : scoreSummary;
  return (
    <div className="flex flex-col gap-3" data-testid="score-screen">
      <ListTabs label={t('scores.views')} titles={[t('scores.records'), t('scores.summary')]} current={tab} onChange={setTab} className="px-1" />
      {/* The current term first: read before the list asks for its first page. */}
      {term === undefined ? null : <EntityListScreen key={spec.id} spec={spec} queryDefaults={defaults} />}
    </div>
  );
}
