import { callPackage } from '../../shared/entities/package';
import { callRecord } from '../../shared/entities/record';
import { callSubscription } from '../../shared/entities/subscription';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { useT } from '@web/i18n';

/**
 * 通话套餐: the packages (开通 for a pupil, 上架/下架); below, every subscription (卡余额缴费, 续期, 退订)
 * with its minutes left this month, and the calls the phones posted.
 */
export default function CallPackageList() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <EntityListScreen spec={callPackage} />
      <section aria-label={t('calls.subscriptions')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('calls.subscriptions')}</h2>
        <EntityListScreen spec={callSubscription} selectionScope="callSubscriptions" height={320} />
      </section>
      <section aria-label={t('calls.records')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('calls.records')}</h2>
        <EntityListScreen spec={callRecord} selectionScope="callRecords" height={280} />
      </section>
    </div>
  );
}
