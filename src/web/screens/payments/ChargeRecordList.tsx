import { useState } from 'react';
import { chargeRecord } from '@shared/entities/payments/chargeRecord';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';
import { flowCommand } from '@commands/flows';
import { schoolToday } from '@web/stores/schoolClock';

// 冲正 only of a recharge (its flow: a reversal is not reversed).
const ACTIONS: readonly RowAction[] = [{ command: flowCommand(chargeRecord, 'reverse'), label: 'cardOffice.reverse' }];

/** 充值记录: the ledger's recharges, today's first, by person, class and card; 冲正 for a second operator. */
export default function ChargeRecordList() {
  const t = useT();
  const [today] = useState(() => ({ postedAt_begin: schoolToday(), postedAt_end: schoolToday() }));
  return <EntityListScreen spec={chargeRecord} queryDefaults={today} toolbar={<CommandButton id={flowCommand(chargeRecord, 'reverse')} label={t('cardOffice.reverse')} />} rowActions={ACTIONS} />;
}
