import { refundBatch } from '@shared/entities/meals/refundBatch';
import { refundItem } from '@shared/entities/meals/refundItem';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { useT } from '@web/i18n';

/**
 * 退款合并: the refund batches (生成合并单 gathers the waiting lines of a period, canteen and source;
 * 审核 by another person; 执行退款 pays each person once), and below them every refund line — a
 * cancelled order, a leave's or a stop's meals — adjustable or refused while it waits.
 */
export default function RefundMergeList() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <EntityListScreen spec={refundBatch} />
      <section aria-label={t('meals.refundLines')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('meals.refundLines')}</h2>
        <EntityListScreen spec={refundItem} selectionScope="refundLines" height={360} />
      </section>
    </div>
  );
}
