import { useState } from 'react';
import { expiringBill } from '@shared/entities/payments/expiringBill';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';

/** 到期账单: the bills due within 7 days (or overdue) first; 催缴 and 延期 through each bill's own screen. */
export default function ExpiringBillList() {
  const [within] = useState(() => ({ daysLeft_end: '7' }));
  return (
    <EntityListScreen
      spec={expiringBill}
      queryDefaults={within}
      toolbar={
        <>
          <CommandButton id="expiringBill.remind" />
          <CommandButton id="expiringBill.extend" />
        </>
      }
    />
  );
}
