// The EditableGrid with 100,000 rows × 12 columns, measured by tests/bench/grid.ts.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createGrid } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { EditableGrid } from '@web/grid/EditableGrid';
import { gridTheme } from '@web/grid/theme';
import '@web/grid/modules';
import type { EditableColumn, GridRow } from '@web/grid/types';
import '@web/styles.css';

const params = new URLSearchParams(window.location.search);
const ROWS = Number(params.get('rows') ?? 100_000);
const ALL_COLUMNS: EditableColumn[] = [
  { key: 'orderNum', title: '排序', type: 'dragSort' },
  { key: 'name', title: '姓名', type: 'text', validateRules: [{ required: true }] },
  { key: 'code', title: '编号', type: 'text' },
  { key: 'phone', title: '手机号', type: 'text', validateRules: [{ pattern: 'm' }] },
  { key: 'email', title: '电子邮件', type: 'text' },
  { key: 'amount', title: '金额', type: 'number', statistics: ['sum', 'average'] },
  { key: 'quantity', title: '数量', type: 'number', statistics: ['sum'] },
  {
    key: 'category',
    title: '餐次',
    type: 'select',
    options: [
      { value: '1', text: '早餐' },
      { value: '2', text: '午餐' },
    ],
  },
  { key: 'tags', title: '标签', type: 'tags' },
  { key: 'birthday', title: '日期', type: 'date' },
  { key: 'checkedIn', title: '已签到', type: 'checkbox' },
  { key: 'progress', title: '进度', type: 'progress' },
];
// `?plain=1`: the same 12 columns as plain text, to tell the grid's own cost from the cell types'.
const COLUMNS: EditableColumn[] = params.get('plain') ? ALL_COLUMNS.map((column) => ({ key: column.key, title: column.title, type: 'text' })) : ALL_COLUMNS;

const initial: GridRow[] = Array.from({ length: ROWS }, (_, i) => ({
  id: `r${i}`,
  orderNum: i + 1,
  name: `学生${i}`,
  code: `C-${i}`,
  phone: `138${String(i).padStart(8, '0')}`,
  email: `s${i}@school.cn`,
  amount: (i % 1000) / 10,
  quantity: i % 7,
  category: i % 2 ? '1' : '2',
  tags: 'ab;cd',
  birthday: '2010-01-01',
  checkedIn: i % 3 === 0,
  progress: i % 101,
}));

function Bench() {
  const [rows, setRows] = useState(initial);
  // `?bare=1`: AG Grid itself with the same data and no EditableGrid features, as a floor.
  if (params.get('bare'))
    return (
      <div style={{ height: 720 }}>
        <AgGridReact theme={gridTheme} rowData={rows} columnDefs={COLUMNS.map((c) => ({ field: c.key, headerName: c.title }))} suppressColumnVirtualisation />
      </div>
    );
  return <EditableGrid columns={COLUMNS} rows={rows} onRowsChange={setRows} height={720} rowBuffer={Number(params.get('buffer') ?? 10)} />;
}

performance.mark('grid-start');
// `?vanilla=1`: AG Grid without React, to tell the React cell rendering cost from the grid's.
if (params.get('vanilla')) {
  const host = document.getElementById('root')!;
  host.style.height = '720px';
  createGrid(host, { theme: gridTheme, rowData: initial, columnDefs: COLUMNS.map((c) => ({ field: c.key, headerName: c.title })), suppressColumnVirtualisation: true });
} else createRoot(document.getElementById('root')!).render(<Bench />);
// First render done: rows are in the DOM.
const waitForRows = () => {
  if (document.querySelector('.ag-row')) performance.mark('grid-rendered');
  else requestAnimationFrame(waitForRows);
};
requestAnimationFrame(waitForRows);
