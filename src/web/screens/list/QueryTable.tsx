import { useCallback, useState } from 'react';
import type { TableEditRow } from '@shared/demo/tableEdit';
import { demoApi } from '@web/api/demo';
import { ListGrid, type ListColumn, type ListQuery } from '@web/grid/ListGrid';
import type { QueryField } from '@web/grid/QueryArea';

type Row = TableEditRow & { id: string };

const COLUMNS: ListColumn[] = [
  { key: 'orderNum', title: '排序', width: 90, sortable: true, align: 'right' },
  { key: 'name', title: '姓名', sortable: true },
  { key: 'code', title: '编号', sortable: true },
  { key: 'phone', title: '手机号' },
  { key: 'email', title: '电子邮件', width: 200 },
  { key: 'amount', title: '金额', sortable: true, align: 'right' },
  { key: 'quantity', title: '数量', sortable: true, align: 'right' },
  { key: 'category', title: '餐次', dictCode: 'meal_type' },
  { key: 'birthday', title: '日期', sortable: true },
];

const QUERY: QueryField[] = [
  { key: 'name', label: '姓名', type: 'text' },
  { key: 'code', label: '编号', type: 'text' },
  { key: 'category', label: '餐次', type: 'select', dictCode: 'meal_type', hiddenWhenCollapsed: true },
];

/** The demo area's query table: the list grid over the table-editing demo's rows. */
export default function QueryTable() {
  const [opened, setOpened] = useState<Row | null>(null);
  const fetchPage = useCallback((query: ListQuery) => demoApi.tableEditPage<Row>(query), []);
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="query-table">
      <ListGrid<Row> columns={COLUMNS} queryFields={QUERY} fetchPage={fetchPage} columnPermissionPrefix="demo:col:" onOpenRow={setOpened} />
      {opened ? (
        <p className="text-sm" role="status" data-testid="opened-row">
          已打开：{opened.name}（{opened.code}）
        </p>
      ) : null}
    </section>
  );
}
