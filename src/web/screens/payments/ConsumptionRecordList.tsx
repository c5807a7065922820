import { consumptionRecord } from '@shared/entities/payments/consumptionRecord';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

const ACTIONS: readonly RowAction[] = [{ command: 'consumption.refund', label: 'cardOffice.refund' }];

/** 消费记录: the ledger's payments and refunds, with 退款. */
export default function ConsumptionRecordList() {
  const t = useT();
  return <EntityListScreen spec={consumptionRecord} toolbar={<CommandButton id="consumption.refund" label={t('cardOffice.refund')} />} rowActions={ACTIONS} />;
}
