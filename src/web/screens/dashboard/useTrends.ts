import { useEffect, useMemo, useState } from 'react';
import type { TrendAnswer } from '@shared/demo/screens';
import { demoScreensApi } from '@web/api/demoScreens';
import type { TrendTexts } from '@web/components/charts/TrendChart';
import { useT } from '@web/i18n';
import { useDicts } from '@web/stores/dicts';

/** The school's month for 图表 and 图表示例, with the words its charts are labelled in. */
export function useTrends(): { data: TrendAnswer | null; texts: TrendTexts } {
  const t = useT();
  const dicts = useDicts((state) => state.items);
  const ensure = useDicts((state) => state.ensure);
  useEffect(() => ensure(['meal_type']), [ensure]);
  const [data, setData] = useState<TrendAnswer | null>(null);
  useEffect(() => {
    demoScreensApi.trends().then(setData, () => undefined);
  }, []);
  const texts = useMemo<TrendTexts>(
    () => ({
      consume: t('charts.consume'),
      recharge: t('charts.recharge'),
      payments: t('charts.payments'),
      mealName: (value) => (value ? (dicts.meal_type?.find((item) => item.value === value)?.text ?? value) : t('charts.noMeal')),
    }),
    [t, dicts],
  );
  return { data, texts };
}
