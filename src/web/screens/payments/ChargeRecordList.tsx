import { chargeRecord } from '@shared/entities/payments/chargeRecord';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

const ACTIONS: readonly RowAction[] = [{ command: 'charge.reverse', label: 'cardOffice.reverse' }];

/** 充值记录: the ledger's recharges, with 冲正 for a second operator. */
export default function ChargeRecordList() {
  const t = useT();
  return <EntityListScreen spec={chargeRecord} toolbar={<CommandButton id="charge.reverse" label={t('cardOffice.reverse')} />} rowActions={ACTIONS} />;
}
