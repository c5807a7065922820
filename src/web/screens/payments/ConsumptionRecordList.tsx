import { useState } from 'react';
import { consumptionRecord } from '@shared/entities/payments/consumptionRecord';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';
import { schoolToday } from '@web/lib/schoolClock';

// 退款 only of a payment (a refund is not refunded).
const ACTIONS: readonly RowAction[] = [{ command: 'consumption.refund', label: 'cardOffice.refund', onlyWhen: { field: 'txnType', values: ['CONSUME'] } }];

/**
 * 消费记录: the ledger's payments and refunds, today's first (a range is always given: the server
 * bounds it by the school's setting), by person, class, card, canteen, store and terminal; 退款
 * and 柜台消费 a key away.
 */
export default function ConsumptionRecordList() {
  const t = useT();
  const [today] = useState(() => ({ postedAt_begin: schoolToday(), postedAt_end: schoolToday() }));
  return (
    <EntityListScreen
      spec={consumptionRecord}
      queryDefaults={today}
      toolbar={
        <>
          <CommandButton id="consume.counter" variant="primary" label={t('cardOffice.counterPayment')} />
          <CommandButton id="consumption.refund" label={t('cardOffice.refund')} />
        </>
      }
      rowActions={ACTIONS}
    />
  );
}
