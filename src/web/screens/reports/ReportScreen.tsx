import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { RotateCcw, Search } from 'lucide-react';
import { addDays, dateTimeIn } from '@shared/schoolTime';
import type { PageResult } from '@shared/envelope';
import { REPORT_TITLES, reportColumns, TAB_TITLES } from '@shared/reportColumns';
import { REPORT_TABS, type ReportAnswer, type ReportKind } from '@shared/reports';
import { get } from '@web/api/client';
import { reportApi, type ReportParams } from '@web/api/reports';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { ListTabs } from '@web/components/ListTabs';
import { Button } from '@web/components/ui/Button';
import { DateInput } from '@web/components/ui/DateInput';
import { Select, type SelectOption } from '@web/components/ui/Select';
import { RefPickerInput } from '@web/engine/fields/RefPickerInput';
import { useLocale, useT } from '@web/i18n';
import { schoolToday, schoolZone } from '@web/stores/schoolClock';
import { useListVersion } from '@web/stores/dataVersion';
import { useDicts } from '@web/stores/dicts';
import { useReportScreen } from '@web/stores/reportScreen';
import { useTabInFront } from '@web/tabs/tabInFront';
import { useSession } from '@web/stores/session';
import { ReportTable } from './ReportTable';

// ECharts is its own chunk: the tables show before it arrives.
const ReportCharts = lazy(() => import('@web/components/charts/ReportCharts'));

const PERIOD_KEY: Record<ReportKind, 'date' | 'month' | 'year'> = { daily: 'date', monthly: 'month', yearly: 'year' };

/** The period a report opens on: 日报 yesterday (as S3's loadInit), 月报 this month, 年报 this year. */
function defaultPeriod(kind: ReportKind): string {
  const today = schoolToday();
  return kind === 'daily' ? addDays(today, -1) : kind === 'monthly' ? today.slice(0, 7) : today.slice(0, 4);
}

const FILTERS = ['deptId', 'memberTypeId', 'canteenId', 'storeId', 'mealType', 'channel'] as const;

/** The query a link carries (`/reports/daily?date=2026-11-20&canteenId=…`), else the defaults. */
function initialParams(kind: ReportKind, search: string): ReportParams {
  const query = new URLSearchParams(search);
  const params: ReportParams = { [PERIOD_KEY[kind]]: query.get(PERIOD_KEY[kind]) ?? defaultPeriod(kind) };
  for (const key of FILTERS) {
    const value = query.get(key);
    if (value) params[key] = value;
  }
  return params;
}

/** Choices of a filter read from a list the user may or may not see (no list, no filter). */
function useOptions(url: string, text: (row: Record<string, unknown>) => string): SelectOption[] {
  const [options, setOptions] = useState<SelectOption[]>([]);
  useEffect(() => {
    let live = true;
    get<PageResult<Record<string, unknown>>>(url, { pageNo: 1, pageSize: 200 }, { silent: true }).then(
      (page) => live && setOptions(page.records.map((row) => ({ value: String(row.id), text: text(row) }))),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // The text function is a fresh arrow each render; the list depends on the url only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);
  return options;
}

/**
 * 日报表, 月报表 and 年报表 (DOMAIN.md §8): the query area (the period and the school's canteens, stores,
 * meals, channels, member types and departments), the state of the days (closed by 日终结算, or summed
 * now), the seven tabs as tables, the charts, and 导出 / 打印 / 日终结算 through their commands.
 */
export function ReportScreen({ kind }: { kind: ReportKind }) {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const { pathname, search } = useLocation();
  // A tab kept alive stays mounted behind another: only the one in front prints.
  const inFront = useTabInFront();
  const [params, setParams] = useState<ReportParams>(() => initialParams(kind, search));
  const [draft, setDraft] = useState<ReportParams>(params);
  const [tab, setTab] = useState(0);
  const [answer, setAnswer] = useState<ReportAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const version = useListVersion('reports');
  const dicts = useDicts((state) => state.items);
  const school = useSession((state) => state.userInfo?.companyName ?? '');
  const firstField = useRef<HTMLInputElement>(null);

  const canteens = useOptions('/meals/canteen/list', (row) => String(row.name ?? ''));
  const stores = useOptions('/meals/store/list', (row) => String(row.name ?? ''));
  const types = useOptions('/memb/memberType/list', (row) => String(row.name ?? ''));

  useEffect(() => {
    let live = true;
    setFailed(false);
    reportApi.report(kind, params).then(
      (value) => live && setAnswer(value),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [kind, params, version]);

  // The commands (导出, 打印) act on what this screen shows.
  const currentTab = REPORT_TABS[tab]!;
  useEffect(() => useReportScreen.getState().show({ path: pathname, kind, params, tab: currentTab }), [pathname, kind, params, currentTab]);
  // 打印报表: the page for paper is always on the document (hidden on screen), so the browser's own
  // print (Ctrl+P) gives the same page as the command.
  const printNonce = useReportScreen((state) => (state.printPath === pathname ? state.printNonce : 0));
  const printed = useRef(printNonce);
  useEffect(() => {
    if (printNonce === printed.current) return;
    printed.current = printNonce;
    if (answer) window.print();
  }, [printNonce, answer]);

  const dictText = (dict: string, value: string) => dicts[dict]?.find((item) => item.value === value)?.text ?? value;
  const periodKey = PERIOD_KEY[kind];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams({ ...draft });
  };
  const reset = () => {
    const fresh = { [periodKey]: defaultPeriod(kind) };
    setDraft(fresh);
    setParams(fresh);
    firstField.current?.focus();
  };
  const set = (key: keyof ReportParams, value: string) => setDraft((state) => ({ ...state, [key]: value }));

  const months = useMemo(() => {
    const today = schoolToday();
    return Array.from({ length: 24 }, (_, index) => {
      const at = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - index, 1));
      const value = at.toISOString().slice(0, 7);
      return { value, text: value };
    });
  }, []);
  const years = useMemo(() => {
    const year = Number(schoolToday().slice(0, 4));
    return Array.from({ length: 6 }, (_, index) => ({ value: String(year - index), text: String(year - index) }));
  }, []);
  const all = { value: '', text: t('report.all') };
  const meals = [all, ...(dicts.meal_type ?? []).map((item) => ({ value: item.value, text: item.text }))];
  const channels = [all, ...(dicts.recharge_channel ?? []).map((item) => ({ value: item.value, text: item.text }))];

  const columns = reportColumns(currentTab, kind);
  const rows = answer ? (currentTab === 'fund' ? [...answer.fund, answer.fundTotal] : answer[currentTab]) : [];
  const range = answer ? (answer.from === answer.to ? answer.from : `${answer.from} ~ ${answer.to}`) : '';
  const state = !answer ? null : answer.liveFrom ? t(answer.closedDays ? 'report.partlyLive' : 'report.live', { from: answer.liveFrom }) : t('report.closedAt', { at: answer.lastClosedAt ?? '' });
  const primary = typeof window === 'undefined' ? '#1890ff' : getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() || '#1890ff';
  const chartData = useMemo(
    () =>
      answer
        ? {
            trend: kind === 'daily' ? null : answer.charts.trend.map((point) => ({ label: point.label, consume: point.consume / 100, recharge: point.recharge / 100 })),
            meals: answer.charts.meals
              .filter((item) => item.amount > 0)
              .map((item) => ({ name: dicts.meal_type?.find((meal) => meal.value === item.mealType)?.text ?? item.mealType, value: item.amount / 100 })),
            channels: answer.charts.channels
              .filter((item) => item.amount > 0)
              .map((item) => ({ name: dicts.recharge_channel?.find((channel) => channel.value === item.channel)?.text ?? item.channel, value: item.amount / 100 })),
            titles: {
              trend: t('report.trend'),
              consume: t('report.consume'),
              recharge: t('report.recharge'),
              meals: t('report.mealShare'),
              channels: t('report.channelShare'),
              empty: t('report.empty'),
            },
            color: primary,
          }
        : null,
    // t is bound to the locale: the titles follow it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [answer, kind, dicts, locale, primary],
  );

  const table = (testId: string) => (
    <ReportTable
      columns={columns}
      rows={rows as unknown as Record<string, unknown>[]}
      locale={locale}
      dictText={dictText}
      totalLabel={t('report.total')}
      subtotalLabel={t('report.subtotal')}
      emptyText={t('report.empty')}
      testId={testId}
    />
  );

  return (
    <div className="flex flex-col gap-3" data-testid={`report-${kind}`}>
      <form className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded bg-surface px-4 py-3 text-sm" onSubmit={submit} role="search" aria-label={t('report.query')}>
        <label className="flex items-center gap-2">
          <span>{t(`report.period.${kind}`)}</span>
          {kind === 'daily' ? (
            <DateInput ref={firstField} kind="date" aria-label={t('report.period.daily')} value={draft.date ?? ''} onChange={(value) => set('date', value)} className="w-36" testId="report-date" />
          ) : (
            <Select
              aria-label={t(`report.period.${kind}`)}
              value={draft[periodKey] ?? ''}
              onChange={(value) => set(periodKey, value)}
              options={kind === 'monthly' ? months : years}
              className="w-28"
              testId="report-period"
            />
          )}
        </label>
        <label className="flex items-center gap-2">
          <span>{t('report.dept')}</span>
          <RefPickerInput entity="members.department" label={t('report.dept')} value={draft.deptId ?? ''} onChange={(value) => set('deptId', value)} className="w-40" />
        </label>
        {types.length ? (
          <label className="flex items-center gap-2">
            <span>{t('report.memberType')}</span>
            <Select aria-label={t('report.memberType')} value={draft.memberTypeId ?? ''} onChange={(value) => set('memberTypeId', value)} options={[all, ...types]} className="w-28" />
          </label>
        ) : null}
        {canteens.length ? (
          <label className="flex items-center gap-2">
            <span>{t('report.canteen')}</span>
            <Select aria-label={t('report.canteen')} value={draft.canteenId ?? ''} onChange={(value) => set('canteenId', value)} options={[all, ...canteens]} className="w-32" />
          </label>
        ) : null}
        {stores.length ? (
          <label className="flex items-center gap-2">
            <span>{t('report.store')}</span>
            <Select aria-label={t('report.store')} value={draft.storeId ?? ''} onChange={(value) => set('storeId', value)} options={[all, ...stores]} className="w-32" />
          </label>
        ) : null}
        <label className="flex items-center gap-2">
          <span>{t('report.meal')}</span>
          <Select aria-label={t('report.meal')} value={draft.mealType ?? ''} onChange={(value) => set('mealType', value)} options={meals} className="w-24" />
        </label>
        <label className="flex items-center gap-2">
          <span>{t('report.channel')}</span>
          <Select aria-label={t('report.channel')} value={draft.channel ?? ''} onChange={(value) => set('channel', value)} options={channels} className="w-28" />
        </label>
        <span className="flex items-center gap-2">
          <Button type="submit" variant="primary" data-testid="report-search">
            <Search className="size-4" aria-hidden />
            {t('query.search')}
          </Button>
          <Button onClick={reset}>
            <RotateCcw className="size-4" aria-hidden />
            {t('query.reset')}
          </Button>
        </span>
      </form>

      <section className="flex flex-col gap-3 rounded bg-surface p-4">
        <header className="flex flex-wrap items-center gap-3">
          <h2 className="text-base font-medium" data-testid="report-heading">
            {REPORT_TITLES[kind][locale]} · {range}
          </h2>
          {state ? (
            <span className={answer?.liveFrom ? 'rounded bg-primary-soft px-2 py-0.5 text-xs text-primary-strong' : 'text-xs text-text-muted'} data-testid="report-state">
              {state}
            </span>
          ) : null}
          {answer ? (
            <span className={answer.fundTotal.check === 0 ? 'text-xs text-text-muted' : 'text-xs font-semibold text-danger'} data-testid="report-check">
              {answer.fundTotal.check === 0 ? t('report.checkOk') : t('report.checkOff', { amount: (answer.fundTotal.check / 100).toFixed(2) })}
            </span>
          ) : null}
          <span className="ml-auto">
            <Toolbar>
              <CommandButton id="report.export" />
              <CommandButton id="report.print" />
              {kind === 'daily' ? <CommandButton id="report.closeDays" /> : null}
            </Toolbar>
          </span>
        </header>
        <ListTabs label={t('report.tabs')} titles={REPORT_TABS.map((each) => TAB_TITLES[each][locale])} current={tab} onChange={setTab}>
          <span className="ml-auto pb-2 text-xs text-text-muted">{t('report.unit')}</span>
        </ListTabs>
        {failed ? <p className="text-danger">{t('report.failed')}</p> : answer ? table('report-table') : <p className="text-text-muted">…</p>}
      </section>

      {chartData ? (
        <Suspense fallback={<div className="h-56" />}>
          <ReportCharts {...chartData} />
        </Suspense>
      ) : null}

      {answer && inFront
        ? createPortal(
            <div data-printable className="report-print hidden bg-white text-black print:block" data-testid="report-print">
              <h1 className="text-center text-lg font-medium">
                {school} {REPORT_TITLES[kind][locale]} — {TAB_TITLES[currentTab][locale]}
              </h1>
              <p className="my-2 text-sm">
                {t('report.range')} {answer.from} ~ {answer.to} {t('report.unit')}
              </p>
              {table('report-print-table')}
              <p className="mt-6 text-sm whitespace-pre">{t('report.signatures')}</p>
              <p className="mt-1 text-xs">{t('report.printedAt', { at: dateTimeIn(schoolZone()) })}</p>
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
