import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNTS_SCREEN } from '@shared/cardOffice';
import { account } from '@shared/entities/members/account';
import { card } from '@shared/entities/members/card';
import { mealOrder } from '@shared/entities/meals/mealOrder';
import { get } from '@web/api/client';
import { entityApi, type EntityRecord } from '@web/api/entities';
import { peopleApi, type Posting } from '@web/api/people';
import { CommandButton } from '@web/components/CommandButton';
import { flowCommand } from '@commands/flows';
import { DictTag } from '@web/grid/DictTag';
import { useT } from '@web/i18n';
import { useListVersion } from '@web/stores/dataVersion';
import { useDicts } from '@web/stores/dicts';
import { schoolToday } from '@web/stores/schoolClock';

const money = (value: unknown) => (typeof value === 'number' ? value.toFixed(2) : '—');

/**
 * One account at the counter (the palette's people search opens it): who, the wallets, the cards
 * and the latest postings, with 充值, 冻结 and 解冻 a key away. It reloads after any card-office change.
 */
export function AccountPanel({ id, onDrawn }: { id: string; onDrawn?: () => void }) {
  const t = useT();
  const dicts = useDicts((state) => state.items);
  const version = useListVersion('members.account', 'members.card', 'meals.order');
  const [data, setData] = useState<{ account: EntityRecord; cards: EntityRecord[]; postings: Posting[] } | null>(null);
  const [orders, setOrders] = useState<EntityRecord[]>([]);
  useEffect(() => {
    let live = true;
    void Promise.all([entityApi.get(account, id), entityApi.list(card, { pageNo: 1, pageSize: 20, accountId: id }), peopleApi.postings(id)]).then(
      ([found, cards, postings]) => {
        if (!live) return;
        setData({ account: found, cards: cards.records, postings });
        // The meals ordered from today on (shown to whoever may see orders).
        void get<{ records: EntityRecord[] }>(
          `${mealOrder.api}/list`,
          { pageNo: 1, pageSize: 8, memberId: String(found.memberId), diningDate_begin: schoolToday(), column: 'diningDate', order: 'asc' },
          { silent: true },
        ).then(
          (found) => live && setOrders(found.records),
          () => live && setOrders([]),
        );
      },
      // Not found or not allowed: the panel stays empty, and what waits for it goes on.
      () => live && onDrawn?.(),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onDrawn is told, not a reason to reload
  }, [id, version]);
  // Told a frame after the panel with its data is on screen.
  const drawn = data !== null;
  useEffect(() => {
    if (!drawn) return;
    const frame = window.requestAnimationFrame(() => onDrawn?.());
    return () => window.cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per drawing
  }, [drawn]);
  if (!data) return <section className="rounded bg-surface p-4 text-sm text-text-muted">…</section>;
  const { account: record, cards, postings } = data;
  // What the clerk can do now: 冻结 or 解冻, 挂失 or 解挂 of the card in use — never both.
  const status = String(record.accountStatus);
  const current = cards.find((row) => row.cardStatus === '1') ?? cards.find((row) => row.cardStatus === '2');
  const colourOf = (code: string, value: unknown) => dicts[code]?.find((item) => item.value === String(value))?.color;
  const typeText = (value: string) => dicts.txn_type?.find((item) => item.value === value)?.text ?? value;
  return (
    <section className="flex flex-col gap-4 rounded bg-surface p-4" data-testid="account-panel" aria-label={t('accountPanel.title')}>
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-medium" data-testid="account-panel-name">
          {String(record.memberId_dictText ?? '')}
          <span className="ml-2 text-sm font-normal text-text-muted">{String(record.accountNo)}</span>
        </h2>
        <DictTag text={String(record.accountStatus_dictText ?? '')} color={colourOf('account_status', record.accountStatus)} />
        <div className="ml-auto flex flex-wrap gap-2">
          {status === '1' ? <CommandButton id={flowCommand(account, 'recharge')} args={{ id }} variant="primary" label={t('cardOffice.recharge')} /> : null}
          {status === '1' && current?.cardStatus === '1' ? <CommandButton id={flowCommand(card, 'pay')} args={{ id: current.id }} label={t('cardOffice.counterPayment')} /> : null}
          {current?.cardStatus === '1' ? <CommandButton id={flowCommand(card, 'reportLoss')} args={{ id: current.id }} label={t('cardOffice.reportLoss')} /> : null}
          {current?.cardStatus === '2' ? <CommandButton id={flowCommand(card, 'cancelLoss')} args={{ id: current.id }} label={t('cardOffice.cancelLoss')} /> : null}
          {status === '1' ? <CommandButton id={flowCommand(account, 'freeze')} args={{ id }} label={t('cardOffice.freeze')} /> : null}
          {status === '2' ? <CommandButton id={flowCommand(account, 'unfreeze')} args={{ id }} label={t('cardOffice.unfreeze')} /> : null}
          <CommandButton id="account.statement" args={{ id }} label={t('cardOffice.statement')} />
          {status !== '3' ? <CommandButton id={flowCommand(account, 'close')} args={{ id }} label={t('cardOffice.close')} /> : null}
          <Link to={ACCOUNTS_SCREEN} className="self-center text-sm text-primary-strong hover:underline">
            {t('accountPanel.showAll')}
          </Link>
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t('accountPanel.balances')}>
        {(
          [
            ['cash', 'accountPanel.cash'],
            ['subsidy', 'accountPanel.subsidy'],
            ['gift', 'accountPanel.gift'],
            ['deposit', 'accountPanel.deposit'],
          ] as const
        ).map(([key, label]) => (
          <div key={key} className="rounded border border-border px-3 py-2">
            <dt className="text-xs text-text-muted">{t(label)}</dt>
            <dd className="text-xl tabular-nums" data-testid={`account-panel-${key}`}>
              ¥{money(record[key])}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          <h3 className="mb-2 text-sm font-medium">{t('accountPanel.cards')}</h3>
          <ul className="flex flex-col gap-1 text-sm" data-testid="account-panel-cards">
            {cards.map((row) => (
              <li key={row.id} className="flex items-center gap-2">
                <span className="tabular-nums">{String(row.cardNo)}</span>
                <DictTag text={String(row.cardStatus_dictText ?? '')} color={colourOf('card_status', row.cardStatus)} />
                <span className="text-text-muted">{String(row.issueDate)}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="mb-2 text-sm font-medium">{t('accountPanel.recent')}</h3>
          {postings.length ? (
            <table className="w-full text-sm" data-testid="account-panel-postings">
              <tbody>
                {postings.map((posting) => (
                  <tr key={posting.id} className="border-b border-border last:border-0">
                    <td className="py-1 text-text-muted tabular-nums">{posting.postedAt.slice(0, 16)}</td>
                    <td className="py-1">{typeText(posting.txnType)}</td>
                    <td className={`py-1 text-right tabular-nums ${posting.change < 0 ? 'text-danger' : ''}`}>
                      {posting.change > 0 ? `+${posting.change.toFixed(2)}` : posting.change.toFixed(2)}
                      {posting.deposit ? (
                        <span className="ml-2 text-xs text-text-muted">
                          {t('cardOffice.depositTaken', { amount: posting.deposit > 0 ? `+${posting.deposit.toFixed(2)}` : posting.deposit.toFixed(2) })}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-text-muted">{t('accountPanel.noPostings')}</p>
          )}
        </div>
        {orders.length ? (
          <div className="lg:col-span-2">
            <h3 className="mb-2 text-sm font-medium">{t('accountPanel.orders')}</h3>
            <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="account-panel-orders">
              {orders.map((row) => (
                <li key={row.id} className="flex items-center gap-2">
                  <span className="tabular-nums text-text-muted">{String(row.diningDate)}</span>
                  <span>{String(row.mealType_dictText ?? '')}</span>
                  <span className="text-text-muted">{String(row.canteenId_dictText ?? '')}</span>
                  <DictTag text={String(row.status_dictText ?? '')} color={colourOf('order_status', row.status)} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
