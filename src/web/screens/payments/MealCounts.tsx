import { useEffect, useState } from 'react';
import { get } from '@web/api/client';
import { DateInput } from '@web/components/ui/DateInput';
import { useT } from '@web/i18n';
import { schoolToday } from '@web/stores/schoolClock';
import { useListVersion } from '@web/stores/dataVersion';
import { useDicts } from '@web/stores/dicts';

interface Count {
  canteenId: string;
  canteen: string;
  mealType: string;
  ordered: number;
  served: number;
  notServed: number;
  cancelled: number;
}

/** 就餐人次 of a day (today by default): per canteen and meal, ordered, served, not collected and cancelled. */
export function MealCounts() {
  const t = useT();
  const meals = useDicts((state) => state.items.meal_type ?? []);
  const version = useListVersion('meals.order');
  const [day, setDay] = useState(schoolToday);
  const [rows, setRows] = useState<Count[] | null>(null);
  useEffect(() => {
    let live = true;
    void get<{ rows: Count[] }>('/meal/order/counts', { day }, { silent: true }).then(
      (found) => live && setRows(found.rows),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [day, version]);
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded bg-surface px-4 py-3 text-sm" data-testid="meal-counts">
      <span className="flex items-center gap-2">
        <span className="font-medium">{t('meals.counts')}</span>
        <DateInput kind="date" aria-label={t('meals.countsDay')} value={day} onChange={(value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && setDay(value)} className="w-36" />
      </span>
      {rows === null ? (
        <span className="text-text-muted">…</span>
      ) : rows.length ? (
        rows.map((row) => (
          <span key={`${row.canteenId}:${row.mealType}`} className="tabular-nums" data-testid="meal-count">
            <span data-record>
              {row.canteen} · {meals.find((item) => item.value === row.mealType)?.text ?? row.mealType}
            </span>
            {t('meals.countLine', { ordered: row.ordered, served: row.served, notServed: row.notServed, cancelled: row.cancelled })}
          </span>
        ))
      ) : (
        <span className="text-text-muted">{t('meals.noOrders')}</span>
      )}
    </div>
  );
}
