import { lazy, Suspense } from 'react';
import type { TrendAnswer } from '@shared/demo/screens';
import type { TrendKind, TrendTexts } from '@web/components/charts/TrendChart';

const TrendChart = lazy(() => import('@web/components/charts/TrendChart'));

/** A titled chart of the school's month, in a card; `label` is what a screen reader hears. */
export function ChartCard({ title, kind, data, texts, label, wide }: { title: string; kind: TrendKind; data: TrendAnswer; texts: TrendTexts; label: string; wide?: boolean }) {
  return (
    <section className={wide ? 'rounded bg-surface p-5 lg:col-span-2' : 'rounded bg-surface p-5'} aria-label={title}>
      <h3 className="mb-2 font-medium">{title}</h3>
      <Suspense fallback={<div className="h-64" />}>
        <TrendChart kind={kind} data={data} texts={texts} label={label} />
      </Suspense>
    </section>
  );
}
