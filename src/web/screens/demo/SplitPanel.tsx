import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Search } from 'lucide-react';
import type { SplitMember, SplitMemberDetail } from '@shared/demo/screens';
import { demoScreensApi } from '@web/api/demoScreens';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { useDicts } from '@web/stores/dicts';

const yuan = (cents: number | null) => (cents === null ? '—' : `¥${(cents / 100).toFixed(2)}`);
/** The list's share of the width: between these, moved by the divider (drag, or ← → on it). */
const NARROWEST = 20;
const WIDEST = 70;
const STEP = 5;

/**
 * 分屏 on the school's people: the list on the left (searched, moved through with ↑ ↓, Home, End),
 * the chosen person's details, account and latest postings on the right; the divider between them
 * dragged or moved with ← → when it has the focus.
 */
export default function SplitPanel() {
  const t = useT();
  const dicts = useDicts((state) => state.items);
  const ensure = useDicts((state) => state.ensure);
  useEffect(() => ensure(['sex', 'member_status', 'account_status', 'card_status', 'txn_type']), [ensure]);
  const textOf = (code: string, value: string | null) => (value === null ? '—' : (dicts[code]?.find((item) => item.value === value)?.text ?? value));

  const [keyword, setKeyword] = useState('');
  const [people, setPeople] = useState<SplitMember[] | null>(null);
  const [chosen, setChosen] = useState(0);
  const [detail, setDetail] = useState<SplitMemberDetail | null>(null);
  const [share, setShare] = useState(35);
  const list = useRef<HTMLUListElement>(null);
  const container = useRef<HTMLDivElement>(null);

  const search = useCallback((text: string) => {
    demoScreensApi.people(text).then(
      (page) => {
        setPeople(page.records);
        setChosen(0);
      },
      () => setPeople([]),
    );
  }, []);
  useEffect(() => search(''), [search]);

  // The chosen person's details, asked for when the choice rests (holding ↓ asks for the last one only).
  const person = people?.[chosen];
  useEffect(() => {
    if (!person) {
      setDetail(null);
      return;
    }
    let live = true;
    const timer = window.setTimeout(() => {
      demoScreensApi.person(person.id).then(
        (found) => live && setDetail(found),
        () => undefined,
      );
    }, 120);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [person]);

  useEffect(() => {
    list.current?.querySelector<HTMLElement>(`[data-index="${chosen}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [chosen]);

  const onListKey = (event: KeyboardEvent) => {
    if (!people?.length) return;
    const last = people.length - 1;
    const next = { ArrowDown: Math.min(chosen + 1, last), ArrowUp: Math.max(chosen - 1, 0), Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setChosen(next);
  };

  const onDividerKey = (event: KeyboardEvent) => {
    const next = { ArrowLeft: share - STEP, ArrowRight: share + STEP }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setShare(Math.min(WIDEST, Math.max(NARROWEST, next)));
  };
  const onDividerDrag = (event: PointerEvent<HTMLDivElement>) => {
    const box = container.current?.getBoundingClientRect();
    if (!box || !(event.buttons & 1)) return;
    setShare(Math.min(WIDEST, Math.max(NARROWEST, ((event.clientX - box.left) / box.width) * 100)));
  };

  const shownId = person ? `split-person-${person.id}` : undefined;
  return (
    <div ref={container} className="flex h-[calc(100vh-260px)] min-h-[420px] rounded bg-surface" data-testid="split-panel">
      <section className="flex min-w-0 flex-col border-r border-border" style={{ width: `${share}%` }} aria-label={t('split.people')}>
        <form
          className="flex items-center gap-2 border-b border-border p-3"
          onSubmit={(event) => {
            event.preventDefault();
            search(keyword.trim());
          }}
        >
          <label className="flex h-8 flex-1 items-center gap-2 rounded border border-border px-2 focus-within:border-primary">
            <Search className="size-4 text-text-muted" aria-hidden />
            <input
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              onKeyDown={(event) => {
                // ↓ from the search box goes to the list.
                if (event.key !== 'ArrowDown' || event.nativeEvent.isComposing) return;
                event.preventDefault();
                list.current?.focus();
              }}
              aria-label={t('split.search')}
              placeholder={t('split.searchPlaceholder')}
              className="min-w-0 flex-1 bg-transparent text-sm outline-none focus-visible:outline-none"
            />
          </label>
        </form>
        <ul
          ref={list}
          role="listbox"
          tabIndex={0}
          aria-label={t('split.people')}
          aria-activedescendant={shownId}
          onKeyDown={onListKey}
          className="min-h-0 flex-1 overflow-y-auto p-1 focus-visible:outline-2 focus-visible:outline-primary"
          data-testid="split-list"
        >
          {people === null ? <li className="p-4 text-sm text-text-muted">{t('grid.loading')}</li> : null}
          {people?.length === 0 ? <li className="p-4 text-sm text-text-muted">{t('grid.noMatches')}</li> : null}
          {people?.map((row, index) => (
            <li
              key={row.id}
              id={`split-person-${row.id}`}
              role="option"
              aria-selected={index === chosen}
              data-index={index}
              onClick={() => setChosen(index)}
              className={cn('flex cursor-pointer items-center gap-3 rounded px-3 py-2 text-sm', index === chosen ? 'bg-primary-soft text-primary-strong' : 'hover:bg-black/[0.03]')}
            >
              <span className="min-w-0 flex-1 truncate">
                {row.realName}
                <span className="ml-2 text-xs text-text-muted">{row.memberNo}</span>
              </span>
              <span className="shrink-0 text-xs text-text-muted">{row.deptName ?? ''}</span>
            </li>
          ))}
        </ul>
      </section>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={t('split.divider')}
        aria-valuemin={NARROWEST}
        aria-valuemax={WIDEST}
        aria-valuenow={Math.round(share)}
        tabIndex={0}
        onKeyDown={onDividerKey}
        onPointerDown={(event) => event.currentTarget.setPointerCapture(event.pointerId)}
        onPointerMove={onDividerDrag}
        className="w-1.5 shrink-0 cursor-col-resize bg-border/60 hover:bg-primary/40 focus-visible:bg-primary/60 focus-visible:outline-none"
        data-testid="split-divider"
      />
      <section className="min-w-0 flex-1 overflow-y-auto p-5" aria-live="polite" aria-label={t('split.detail')} data-testid="split-detail">
        {detail && person && detail.id === person.id ? (
          <div className="flex flex-col gap-4">
            <header>
              <h2 className="text-lg font-medium">{detail.realName}</h2>
              <p className="text-sm text-text-muted">
                {detail.memberNo} · {detail.deptName ?? '—'} · {textOf('sex', detail.sex)} · {textOf('member_status', detail.memberStatus)}
              </p>
            </header>
            <dl className="grid grid-cols-[auto_1fr_auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-text-muted">{t('split.account')}</dt>
              <dd>
                {detail.accountNo ?? t('split.noAccount')}
                {detail.accountStatus ? ` · ${textOf('account_status', detail.accountStatus)}` : ''}
              </dd>
              <dt className="text-text-muted">{t('split.card')}</dt>
              <dd>{detail.cardNo ? `${detail.cardNo} · ${textOf('card_status', detail.cardStatus)}` : t('palette.noCard')}</dd>
              <dt className="text-text-muted">{t('split.cash')}</dt>
              <dd className="tabular-nums" data-testid="split-cash">
                {yuan(detail.cash)}
              </dd>
              <dt className="text-text-muted">{t('split.subsidy')}</dt>
              <dd className="tabular-nums">{yuan(detail.subsidy)}</dd>
              <dt className="text-text-muted">{t('split.mobile')}</dt>
              <dd>{detail.mobile ?? '—'}</dd>
            </dl>
            <div>
              <h3 className="mb-2 text-sm font-medium">{t('split.postings')}</h3>
              {detail.postings.length ? (
                <table className="w-full text-sm">
                  <thead className="text-left text-xs text-text-muted">
                    <tr>
                      <th className="py-1 font-normal">{t('split.postedAt')}</th>
                      <th className="py-1 font-normal">{t('split.txnType')}</th>
                      <th className="py-1 text-right font-normal">{t('split.amount')}</th>
                      <th className="py-1 pl-3 font-normal">{t('split.summary')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.postings.map((posting) => (
                      <tr key={posting.txnNo} className="border-t border-border">
                        <td className="py-1.5 tabular-nums">{posting.postedAt}</td>
                        <td className="py-1.5">{textOf('txn_type', posting.txnType)}</td>
                        <td className="py-1.5 text-right tabular-nums">{yuan(posting.amount)}</td>
                        <td className="py-1.5 pl-3 text-text-muted">{posting.summary ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className="text-sm text-text-muted">{t('split.noPostings')}</p>
              )}
            </div>
          </div>
        ) : (
          <p className="text-sm text-text-muted">{people?.length === 0 ? t('grid.noMatches') : t('grid.loading')}</p>
        )}
      </section>
    </div>
  );
}
