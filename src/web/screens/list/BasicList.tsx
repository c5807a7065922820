import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Coins, GraduationCap, type LucideIcon, RotateCcw, Search, Send } from 'lucide-react';
import { BATCH_PHASES, type BatchBoard, type BatchKind, type BatchPhase, type BatchRow } from '@shared/demo/screens';
import { demoScreensApi } from '@web/api/demoScreens';
import { Input } from '@web/components/ui/Input';
import { Select } from '@web/components/ui/Select';
import { DictTag } from '@web/grid/DictTag';
import { Pagination } from '@web/grid/Pagination';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { useDicts } from '@web/stores/dicts';

const ICONS: Record<BatchKind, LucideIcon> = { subsidy: Coins, graduation: GraduationCap, refund: RotateCcw, push: Send };
const TINTS: Record<BatchKind, string> = {
  subsidy: 'bg-[#fff7e6] text-[#d46b08]',
  graduation: 'bg-[#f9f0ff] text-[#722ed1]',
  refund: 'bg-[#e6fffb] text-[#08979c]',
  push: 'bg-[#e6f4ff] text-[#0958d9]',
};
const yuan = (cents: number) => `¥${(cents / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * 标准列表 on the school's batch work: 补助发放, 毕业离校, 退款合并 and 设备下发 batches in one list,
 * with how many wait, run and finished this week; filtered by phase and kind, searched by name or
 * number; each with its state, owner, start and progress. ↑ ↓ move through the list, Enter opens
 * the batch's own screen.
 */
export default function BasicList() {
  const t = useT();
  const navigate = useNavigate();
  const dicts = useDicts((state) => state.items);
  const ensure = useDicts((state) => state.ensure);
  useEffect(() => ensure(['audit_status', 'refund_audit_status', 'subsidy_issue_status', 'grad_status', 'refund_status', 'push_status', 'push_type']), [ensure]);
  const item = (code: string, value: string | null) => (value === null ? undefined : dicts[code]?.find((entry) => entry.value === value));

  const [phase, setPhase] = useState<BatchPhase | ''>('');
  const [kind, setKind] = useState<BatchKind | ''>('');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [board, setBoard] = useState<BatchBoard | null>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    let live = true;
    demoScreensApi.batches({ phase, kind, keyword, pageNo: page.current, pageSize: page.pageSize }).then(
      (answer) => live && setBoard(answer),
      () => live && setBoard(null),
    );
    return () => {
      live = false;
    };
  }, [phase, kind, keyword, page]);
  // A new filter starts from the first page.
  const filter = (apply: () => void) => {
    apply();
    setPage((current) => ({ ...current, current: 1 }));
  };

  const title = (row: BatchRow) =>
    row.name ??
    (row.kind === 'refund' ? t('basicList.refundName', { from: row.from ?? '', to: row.to ?? '' }) : t('basicList.pushName', { what: item('push_type', row.pushType)?.text ?? row.pushType ?? '' }));

  const onKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const rows = [...(list.current?.querySelectorAll<HTMLElement>('[data-batch]') ?? [])];
    const at = rows.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      navigate(rows[at]!.dataset.path!);
      return;
    }
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: rows.length - 1 }[event.key];
    if (next === undefined || next < 0 || next >= rows.length) return;
    event.preventDefault();
    rows[next]!.focus();
  };

  const stats: [string, number | undefined][] = [
    [t('basicList.waiting'), board?.counts.waiting],
    [t('basicList.running'), board?.counts.running],
    [t('basicList.doneThisWeek'), board?.doneThisWeek],
  ];
  return (
    <div className="flex flex-col gap-4" data-testid="batch-list-screen">
      <section className="grid grid-cols-3 rounded bg-surface py-5" aria-label={t('basicList.summary')}>
        {stats.map(([label, value], index) => (
          <div key={label} className={cn('flex flex-col items-center gap-1', index > 0 && 'border-l border-border')} data-testid="batch-stat">
            <span className="text-sm text-text-muted">{label}</span>
            <span className="text-2xl tabular-nums">{t('basicList.batches', { count: value ?? '—' })}</span>
          </div>
        ))}
      </section>
      <section className="flex flex-col gap-3 rounded bg-surface p-5" aria-label={t('basicList.title')}>
        <header className="flex flex-wrap items-center gap-3">
          <h2 className="mr-auto text-base font-medium">{t('basicList.title')}</h2>
          <fieldset className="flex overflow-hidden rounded border border-border text-sm" aria-label={t('basicList.phase')}>
            {(['', ...BATCH_PHASES] as const).map((value) => (
              <label
                key={value || 'all'}
                className={cn(
                  'cursor-pointer border-l border-border px-3 py-1 first:border-l-0 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
                  phase === value && 'bg-primary-strong text-primary-foreground',
                )}
              >
                <input type="radio" name="batch-phase" className="sr-only" checked={phase === value} onChange={() => filter(() => setPhase(value))} />
                {value ? t(`basicList.phase.${value}`) : t('basicList.all')}
                {value && board ? <span className="ml-1 tabular-nums opacity-80">{board.counts[value]}</span> : null}
              </label>
            ))}
          </fieldset>
          <Select
            aria-label={t('basicList.kind')}
            value={kind}
            onChange={(value) => filter(() => setKind(value as BatchKind | ''))}
            options={[{ value: '', text: t('basicList.allKinds') }, ...(board?.kinds ?? []).map((value) => ({ value, text: t(`basicList.kind.${value}`) }))]}
            className="w-36"
            testId="batch-kind"
          />
          <Input
            aria-label={t('basicList.search')}
            placeholder={t('basicList.search')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') filter(() => setKeyword(typed.trim()));
              if (event.key === 'ArrowDown') list.current?.querySelector<HTMLElement>('[data-batch]')?.focus();
            }}
            prefixIcon={<Search className="size-4" aria-hidden />}
            className="w-56"
            data-testid="batch-search"
          />
        </header>
        {board === null ? <p className="py-8 text-center text-sm text-text-muted">{t('grid.loading')}</p> : null}
        {board?.records.length === 0 ? <p className="py-8 text-center text-sm text-text-muted">{t('grid.noRows')}</p> : null}
        <ul ref={list} className="flex flex-col" onKeyDown={onKey} aria-label={t('basicList.title')} data-testid="batch-list">
          {board?.records.map((row) => {
            const Icon = ICONS[row.kind];
            const status = item(row.statusDict, row.status);
            const percent = row.total ? Math.round((row.done / row.total) * 100) : 0;
            return (
              <li
                key={`${row.kind}-${row.id}`}
                data-batch
                data-path={row.path}
                tabIndex={0}
                aria-label={`${t(`basicList.kind.${row.kind}`)} ${title(row)} ${status?.text ?? row.status}`}
                className="grid grid-cols-[minmax(0,1fr)_7rem_10rem_12rem_5rem] items-center gap-4 border-b border-border px-2 py-4 outline-none last:border-b-0 focus-visible:bg-primary-soft focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary"
                data-testid="batch-row"
              >
                <div className="flex min-w-0 items-center gap-3">
                  <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', TINTS[row.kind])} aria-hidden>
                    <Icon className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <p className="flex items-center gap-2">
                      <span className="truncate font-medium" data-testid="batch-title">
                        {title(row)}
                      </span>
                      <DictTag text={status?.text ?? row.status} color={status?.color ?? undefined} />
                    </p>
                    <p className="truncate text-xs text-text-muted">
                      {t(`basicList.kind.${row.kind}`)} · {row.no}
                      {row.amount !== null ? ` · ${yuan(row.amount)}` : ''}
                    </p>
                  </div>
                </div>
                <div className="text-sm">
                  <p className="text-xs text-text-muted">{t('basicList.owner')}</p>
                  <p className="truncate" data-testid="batch-owner">
                    {row.owner ?? '—'}
                  </p>
                </div>
                <div className="text-sm">
                  <p className="text-xs text-text-muted">{t('basicList.started')}</p>
                  <p className="tabular-nums">{row.startedAt.slice(0, 16)}</p>
                </div>
                <div className="text-xs">
                  <div className="h-1.5 overflow-hidden rounded-full bg-black/10" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('basicList.progress')}>
                    <div className={cn('h-full rounded-full', row.failed ? 'bg-warning' : 'bg-primary')} style={{ width: `${percent}%` }} />
                  </div>
                  <p className="mt-1 text-text-muted tabular-nums">
                    {t('basicList.done', { done: row.done, total: row.total })}
                    {row.failed ? <span className="ml-1 text-danger">{t('basicList.failed', { count: row.failed })}</span> : null}
                  </p>
                </div>
                <button type="button" tabIndex={-1} className="justify-self-end text-sm text-primary-strong hover:underline" onClick={() => navigate(row.path)}>
                  {t('basicList.open')}
                </button>
              </li>
            );
          })}
        </ul>
        {board && board.total > 0 ? (
          <Pagination state={{ current: page.current, pageSize: page.pageSize, total: board.total }} onChange={(current, pageSize) => setPage({ current, pageSize })} />
        ) : null}
      </section>
    </div>
  );
}
