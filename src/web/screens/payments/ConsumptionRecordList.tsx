import { useState } from 'react';
import { mealOrder } from '@shared/entities/meals/mealOrder';
import { card } from '@shared/entities/members/card';
import { consumptionRecord } from '@shared/entities/payments/consumptionRecord';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';
import { flowCommand } from '@commands/flows';
import { schoolToday } from '@web/stores/schoolClock';
import { MealCounts } from './MealCounts';

// 退款 only of a payment (its flow: a refund is not refunded).
const ACTIONS: readonly RowAction[] = [{ command: flowCommand(consumptionRecord, 'refund'), label: 'cardOffice.refund' }];

/**
 * 消费记录: the ledger's payments and refunds, today's first (a range is always given: the server
 * bounds it by the school's setting), by person, class, card, canteen, store and terminal; 退款
 * and 柜台消费 a key away. Below them the meal orders, placed for a class with 按班级报餐.
 */
export default function ConsumptionRecordList() {
  const t = useT();
  const [today] = useState(() => ({ postedAt_begin: schoolToday(), postedAt_end: schoolToday() }));
  const [orderDay] = useState(() => ({ diningDate_begin: schoolToday() }));
  return (
    <div className="flex flex-col gap-4">
      <EntityListScreen
        spec={consumptionRecord}
        queryDefaults={today}
        toolbar={
          <>
            <CommandButton id={flowCommand(card, 'pay')} variant="primary" label={t('cardOffice.counterPayment')} />
            <CommandButton id={flowCommand(consumptionRecord, 'refund')} label={t('cardOffice.refund')} />
          </>
        }
        rowActions={ACTIONS}
      />
      {/* 报餐/订餐 has no menu of its own: the orders from today on, placed by class from here. */}
      <section aria-label={t('meals.orders')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('meals.orders')}</h2>
        <MealCounts />
        <EntityListScreen spec={mealOrder} selectionScope="mealOrders" queryDefaults={orderDay} height={360} toolbar={<CommandButton id="mealOrder.place" label={t('meals.placeOrders')} />} />
      </section>
    </div>
  );
}
