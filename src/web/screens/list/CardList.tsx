import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MonitorSmartphone, Store } from 'lucide-react';
import type { CanteenCard } from '@shared/demo/screens';
import { demoScreensApi } from '@web/api/demoScreens';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { DictTag } from '@web/grid/DictTag';
import { useDicts } from '@web/stores/dicts';

const yuan = (cents: number) => `¥${(cents / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * 卡片列表 on the school's canteens: each a card with its state, place and manager, today's
 * takings and payments, its terminals on line, and its stores with theirs. The arrow keys move
 * between the cards; Enter opens 食堂管理.
 */
export default function CardList() {
  const t = useT();
  const navigate = useNavigate();
  const dicts = useDicts((state) => state.items);
  const ensure = useDicts((state) => state.ensure);
  useEffect(() => ensure(['canteen_status', 'store_status']), [ensure]);
  const [cards, setCards] = useState<CanteenCard[] | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    demoScreensApi.canteenCards().then(setCards, () => setCards([]));
  }, []);
  const item = (code: string, value: string) => dicts[code]?.find((entry) => entry.value === value);

  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = [...(grid.current?.querySelectorAll<HTMLElement>('[data-card]') ?? [])];
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    if (event.key === 'Enter') {
      navigate('/meals/canteens');
      return;
    }
    // Cards per row, as laid out now.
    const perRow = all.filter((card) => card.offsetTop === all[0]!.offsetTop).length || 1;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, ArrowDown: at + perRow, ArrowUp: at - perRow, Home: 0, End: all.length - 1 }[event.key];
    if (next === undefined || next < 0 || next >= all.length) return;
    event.preventDefault();
    all[next]!.focus();
  };

  if (cards === null) return <p className="rounded bg-surface p-6 text-sm text-text-muted">{t('grid.loading')}</p>;
  if (!cards.length) return <p className="rounded bg-surface p-6 text-sm text-text-muted">{t('grid.noRows')}</p>;
  return (
    <div ref={grid} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" onKeyDown={onKey} data-testid="canteen-cards">
      {cards.map((card) => {
        const status = item('canteen_status', card.status);
        return (
          <article
            key={card.id}
            data-card
            tabIndex={0}
            aria-label={card.name}
            className="flex flex-col gap-3 rounded bg-surface p-5 shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-primary"
            data-testid="canteen-card"
          >
            <header className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <h2 className="truncate text-base font-medium">{card.name}</h2>
                <p className="truncate text-xs text-text-muted">{[card.campus, card.location, card.manager].filter(Boolean).join(' · ') || '—'}</p>
              </div>
              <span className="shrink-0" data-testid="canteen-card-status">
                <DictTag text={status?.text ?? card.status} color={status?.color ?? undefined} />
              </span>
            </header>
            <div>
              <p className="text-xs text-text-muted">{t('cardList.today')}</p>
              <p className="text-2xl font-medium tabular-nums" data-testid="canteen-card-amount">
                {yuan(card.amount)}
              </p>
              <p className="text-xs text-text-muted">
                {t('cardList.payments', { count: card.payments })}
                {card.seats ? ` · ${t('cardList.seats', { count: card.seats })}` : ''}
              </p>
            </div>
            <p className="flex items-center gap-1.5 text-xs text-text-muted">
              <MonitorSmartphone className="size-3.5" aria-hidden />
              {t('cardList.terminals', { online: card.terminalsOnline, total: card.terminals })}
            </p>
            <ul className="flex flex-col gap-1 border-t border-border pt-3 text-sm">
              {card.stores.length === 0 ? <li className="text-xs text-text-muted">{t('cardList.noStores')}</li> : null}
              {card.stores.map((store) => {
                const open = item('store_status', store.status);
                return (
                  <li key={store.name} className="flex items-center gap-2">
                    <Store className="size-3.5 shrink-0 text-text-muted" aria-hidden />
                    <span className={cn('min-w-0 flex-1 truncate', store.status !== '1' && 'text-text-muted')}>
                      {store.name}
                      {store.status !== '1' ? <span className="ml-1 text-xs">（{open?.text ?? store.status}）</span> : null}
                    </span>
                    <span className="shrink-0 text-xs tabular-nums text-text-muted">{yuan(store.amount)}</span>
                  </li>
                );
              })}
            </ul>
          </article>
        );
      })}
    </div>
  );
}
