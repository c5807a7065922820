import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PAGINATION } from '@shared/constants';
import { useLocale, useT } from '@web/i18n';
import { Select } from '@web/components/ui/Select';
import { cn } from '@web/lib/cn';

export interface PageState {
  current: number;
  pageSize: number;
  total: number;
  /** The total is the server's estimate (very large tables). */
  estimated?: boolean;
}

/** Page numbers to show around the current page, with gaps as null. */
export function pageWindow(current: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const around = [current - 1, current, current + 1].filter((p) => p > 1 && p < pages);
  const out: (number | null)[] = [1];
  if (around[0]! > 2) out.push(null);
  out.push(...around);
  if (around.at(-1)! < pages - 1) out.push(null);
  out.push(pages);
  return out;
}

/** Total, page buttons, size changer (10/20/30) and quick jumper. */
export function Pagination({ state, onChange }: { state: PageState; onChange(current: number, pageSize: number): void }) {
  const t = useT();
  const locale = useLocale((store) => store.locale);
  const pages = Math.max(1, Math.ceil(state.total / state.pageSize));
  const [jump, setJump] = useState('');
  const go = (page: number) => onChange(Math.min(pages, Math.max(1, page)), state.pageSize);
  return (
    <nav className="flex flex-wrap items-center justify-end gap-2 text-sm" aria-label={t('pager.nav')} data-testid="pagination">
      <span className="mr-2 text-text-muted">{state.estimated ? t('pager.about', { total: state.total.toLocaleString(locale) }) : t('pager.total', { total: state.total })}</span>
      <button
        type="button"
        aria-label={t('pager.previous')}
        disabled={state.current <= 1}
        onClick={() => go(state.current - 1)}
        className="flex size-8 items-center justify-center rounded border border-border disabled:opacity-40"
      >
        <ChevronLeft className="size-4" aria-hidden />
      </button>
      {pageWindow(state.current, pages).map((page, index) =>
        page === null ? (
          <span key={`gap-${index}`} className="px-1 text-text-muted">
            …
          </span>
        ) : (
          <button
            key={page}
            type="button"
            aria-current={page === state.current ? 'page' : undefined}
            onClick={() => go(page)}
            className={cn('h-8 min-w-8 rounded border px-2', page === state.current ? 'border-primary text-primary-strong' : 'border-border hover:text-primary-strong')}
          >
            {page}
          </button>
        ),
      )}
      <button
        type="button"
        aria-label={t('pager.next')}
        disabled={state.current >= pages}
        onClick={() => go(state.current + 1)}
        className="flex size-8 items-center justify-center rounded border border-border disabled:opacity-40"
      >
        <ChevronRight className="size-4" aria-hidden />
      </button>
      <Select
        aria-label={t('pager.size')}
        value={String(state.pageSize)}
        onChange={(value) => onChange(1, Number(value))}
        options={PAGINATION.pageSizeOptions.map((size) => ({ value: String(size), text: t('pager.sizeOption', { size }) }))}
      />
      <label className="flex items-center gap-1 text-text-muted">
        {t('pager.jump')}
        <input
          aria-label={t('pager.jumpLabel')}
          value={jump}
          inputMode="numeric"
          onChange={(event) => setJump(event.target.value.replace(/\D/g, ''))}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing && jump) {
              go(Number(jump));
              setJump('');
            }
          }}
          className="h-8 w-12 rounded border border-border px-2 text-text"
        />
        {t('pager.page')}
      </label>
    </nav>
  );
}
