import { useCallback, useMemo, useState } from 'react';
import type { TableEditRow } from '@shared/demo/tableEdit';
import { demoApi } from '@web/api/demo';
import { ListGrid, type ListColumn, type ListQuery } from '@web/grid/ListGrid';
import type { QueryField } from '@web/grid/QueryArea';
import { translate, useLocale, useT, type Locale } from '@web/i18n';

type Row = TableEditRow & { id: string };

const columnsIn = (locale: Locale): ListColumn[] => [
  { key: 'orderNum', title: translate('demo.order', locale), width: 90, sortable: true, align: 'right' },
  { key: 'name', title: translate('demo.name', locale), sortable: true },
  { key: 'code', title: translate('demo.code', locale), sortable: true },
  { key: 'phone', title: translate('demo.phone', locale) },
  { key: 'email', title: translate('demo.email', locale), width: 200 },
  { key: 'amount', title: translate('demo.amount', locale), sortable: true, align: 'right' },
  { key: 'quantity', title: translate('demo.quantity', locale), sortable: true, align: 'right' },
  { key: 'category', title: translate('demo.category', locale), dictCode: 'meal_type' },
  { key: 'birthday', title: translate('demo.date', locale), sortable: true },
];

const queryIn = (locale: Locale): QueryField[] => [
  { key: 'name', label: translate('demo.name', locale), type: 'text' },
  { key: 'code', label: translate('demo.code', locale), type: 'text' },
  { key: 'category', label: translate('demo.category', locale), type: 'select', dictCode: 'meal_type', hiddenWhenCollapsed: true },
];

/** The demo area's query table: the list grid over the table-editing demo's rows. */
export default function QueryTable() {
  const locale = useLocale((state) => state.locale);
  const t = useT();
  const columns = useMemo(() => columnsIn(locale), [locale]);
  const query = useMemo(() => queryIn(locale), [locale]);
  const [opened, setOpened] = useState<Row | null>(null);
  const fetchPage = useCallback((query: ListQuery) => demoApi.tableEditPage<Row>(query), []);
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="query-table">
      <ListGrid<Row> columns={columns} queryFields={query} fetchPage={fetchPage} columnPermissionPrefix="demo:col:" onOpenRow={setOpened} />
      {opened ? (
        <p className="text-sm" role="status" data-testid="opened-row">
          {t('demo.opened', { name: opened.name ?? '', code: opened.code ?? '' })}
        </p>
      ) : null}
    </section>
  );
}
