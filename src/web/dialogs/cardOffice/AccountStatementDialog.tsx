import { useCallback, useEffect, useState } from 'react';
import { addDays } from '@shared/schoolTime';
import { cardOfficeApi, type Statement } from '@web/api/cardOffice';
import { Button } from '@web/components/ui/Button';
import { DateInput } from '@web/components/ui/DateInput';
import { useT } from '@web/i18n';
import { schoolToday } from '@web/stores/schoolClock';
import { useDicts } from '@web/stores/dicts';
import { FormDialog } from '../FormDialog';
import { FormError, refusalOf, useNamedNumber } from './shared';

const WHOLE_DAY = /^\d{4}-\d{2}-\d{2}$/;

const PAGE_SIZE = 20;
const money = (value: number) => value.toFixed(2);
const signed = (value: number) => (value > 0 ? `+${value.toFixed(2)}` : value.toFixed(2));

/** The quick ranges a clerk picks by key: today, the last 7 and 30 days, this month. */
const RANGES = ['today', 'week', 'month', 'thisMonth'] as const;
type Range = (typeof RANGES)[number];
function rangeOf(range: Range): { from: string; to: string } {
  const today = schoolToday();
  if (range === 'today') return { from: today, to: today };
  if (range === 'week') return { from: addDays(today, -6), to: today };
  if (range === 'thisMonth') return { from: `${today.slice(0, 8)}01`, to: today };
  return { from: addDays(today, -29), to: today };
}

/**
 * 账户流水: every posting of one account over a range of the school's days, newest first, with
 * each wallet's balance after it, the opening and closing balances, a page at a time; exported to
 * Excel or printed as it stands.
 */
export default function AccountStatementDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const named = useNamedNumber();
  const types = useDicts((state) => state.items.txn_type ?? []);
  const [range, setRange] = useState(() => rangeOf('month'));
  const [pageNo, setPageNo] = useState(1);
  const [statement, setStatement] = useState<Statement | null>(null);
  const [error, setError] = useState<string | undefined>();
  const load = useCallback(async () => {
    if (!id) return;
    try {
      setStatement(await cardOfficeApi.statement({ accountId: id, ...range, pageNo, pageSize: PAGE_SIZE }));
      setError(undefined);
    } catch (failure) {
      setError(refusalOf(failure));
    }
  }, [id, range, pageNo]);
  useEffect(() => {
    void load();
  }, [load]);
  const pick = (next: { from: string; to: string }) => {
    setRange(next);
    setPageNo(1);
  };
  const typeText = (value: string) => types.find((item) => item.value === value)?.text ?? value;
  const pages = statement ? Math.max(1, Math.ceil(statement.total / PAGE_SIZE)) : 1;
  return (
    <FormDialog
      title={t('statement.title')}
      width={1100}
      testId="statement"
      printable
      okText={t('statement.print')}
      onSubmit={async () => {
        window.print();
        return false;
      }}
    >
      <FormError message={error} testId="statement-error" />
      <header className="mb-3 flex flex-wrap items-center gap-3 text-sm">
        <span className="font-medium" data-testid="statement-holder">
          {statement ? `${named(statement.account.memberName, statement.account.memberNo)} · ${t('cardOffice.account')} ${statement.account.accountNo}` : '…'}
        </span>
        <span className="ml-auto flex flex-wrap items-center gap-2 print:hidden" role="group" aria-label={t('statement.range')}>
          {RANGES.map((quick) => (
            // The keyboard starts on 今天: Enter shows today's postings, Tab the other ranges.
            <Button key={quick} size="sm" autoFocus={quick === 'today'} onClick={() => pick(rangeOf(quick))} data-testid={`statement-${quick}`}>
              {t(`statement.${quick}`)}
            </Button>
          ))}
          {/* A day read in full (typed or picked) reloads the statement; digits on the way do not. */}
          <DateInput kind="date" aria-label={t('statement.from')} value={range.from} onChange={(value) => WHOLE_DAY.test(value) && pick({ ...range, from: value })} className="w-36" />
          <span aria-hidden>~</span>
          <DateInput kind="date" aria-label={t('statement.to')} value={range.to} onChange={(value) => WHOLE_DAY.test(value) && pick({ ...range, to: value })} className="w-36" />
          <Button size="sm" onClick={() => id && void cardOfficeApi.exportStatement({ accountId: id, ...range }).catch(() => undefined)} data-testid="statement-export">
            {t('common.export')}
          </Button>
        </span>
        <span className="hidden print:inline">
          {range.from} ~ {range.to}
        </span>
      </header>
      {statement ? (
        <dl className="mb-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="statement-summary">
          <div>
            <dt className="text-text-muted">{t('statement.opening')}</dt>
            <dd className="tabular-nums">¥{money(statement.opening.cash + statement.opening.subsidy + statement.opening.gift)}</dd>
          </div>
          <div>
            <dt className="text-text-muted">{t('statement.credits')}</dt>
            <dd className="tabular-nums text-[#237804]">{statement.credits ? `+${money(statement.credits)}` : money(0)}</dd>
          </div>
          <div>
            <dt className="text-text-muted">{t('statement.debits')}</dt>
            <dd className="tabular-nums text-danger">{statement.debits ? `-${money(statement.debits)}` : money(0)}</dd>
          </div>
          <div>
            <dt className="text-text-muted">{t('statement.closing')}</dt>
            <dd className="tabular-nums" data-testid="statement-closing">
              ¥{money(statement.closing.cash + statement.closing.subsidy + statement.closing.gift)}
            </dd>
          </div>
        </dl>
      ) : null}
      {/* Wider and taller than the dialog: a stop of its own, so the keyboard can scroll it. */}
      <div className="max-h-[50vh] overflow-auto print:max-h-none print:overflow-visible" tabIndex={0} role="region" aria-label={t('statement.title')}>
        <table className="w-full text-sm" data-testid="statement-lines">
          <thead className="sticky top-0 bg-surface-muted text-left text-text-muted">
            <tr>
              <th className="px-2 py-1.5 font-normal">{t('statement.postedAt')}</th>
              <th className="px-2 py-1.5 font-normal">{t('statement.txnNo')}</th>
              <th className="px-2 py-1.5 font-normal">{t('statement.type')}</th>
              <th className="px-2 py-1.5 font-normal">{t('statement.summary')}</th>
              <th className="px-2 py-1.5 text-right font-normal">{t('statement.change')}</th>
              <th className="px-2 py-1.5 text-right font-normal">{t('accountPanel.cash')}</th>
              <th className="px-2 py-1.5 text-right font-normal">{t('accountPanel.subsidy')}</th>
              <th className="px-2 py-1.5 text-right font-normal">{t('accountPanel.gift')}</th>
              <th className="px-2 py-1.5 text-right font-normal">{t('accountPanel.deposit')}</th>
              <th className="px-2 py-1.5 font-normal">{t('statement.operator')}</th>
            </tr>
          </thead>
          <tbody>
            {statement?.records.map((line) => (
              <tr key={line.id} className="border-b border-border">
                <td className="px-2 py-1 whitespace-nowrap tabular-nums">{line.postedAt}</td>
                <td className="px-2 py-1 tabular-nums">{line.txnNo}</td>
                <td className="px-2 py-1 whitespace-nowrap">{typeText(line.txnType)}</td>
                <td className="max-w-64 truncate px-2 py-1" title={line.summary ?? ''}>
                  {line.summary}
                  {line.moved.deposit ? ` · ${t('accountPanel.deposit')} ${signed(line.moved.deposit)}` : ''}
                </td>
                <td className={`px-2 py-1 text-right tabular-nums ${line.change < 0 ? 'text-danger' : ''}`}>{signed(line.change)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{money(line.after.cash)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{money(line.after.subsidy)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{money(line.after.gift)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{money(line.after.deposit)}</td>
                <td className="px-2 py-1">{line.operator}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {statement && statement.records.length === 0 ? <p className="py-6 text-center text-sm text-text-muted">{t('statement.empty')}</p> : null}
      </div>
      <footer className="mt-3 flex items-center justify-end gap-2 text-sm print:hidden">
        <span data-testid="statement-count">{t('statement.count', { total: statement?.total ?? 0 })}</span>
        <Button size="sm" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
          {t('statement.previous')}
        </Button>
        <span className="tabular-nums">
          {pageNo} / {pages}
        </span>
        <Button size="sm" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>
          {t('statement.next')}
        </Button>
      </footer>
    </FormDialog>
  );
}
