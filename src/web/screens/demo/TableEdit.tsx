import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';
import { ListPlus, Plus, Save, Trash2, Undo2 } from 'lucide-react';
import { ROWS_DELETED, TABLE_EDIT_RULES, TABLE_EDIT_SOCKET_KEY, type TableEditRow } from '@shared/demo/tableEdit';
import { mergeRowUpdate } from '@shared/grid/socket';
import { demoApi } from '@web/api/demo';
import { Button } from '@web/components/ui/Button';
import { EditableGrid, type EditableGridHandle } from '@web/grid/EditableGrid';
import type { EditableColumn, GridRow } from '@web/grid/types';
import { useTableSocket, type SocketState } from '@web/grid/useTableSocket';
import { DepartPickerHost, pickDepartment } from './DepartPicker';

const rulesOf = (key: string) => TABLE_EDIT_RULES.find((rule) => rule.key === key)?.validateRules;

/** Every cell type of the editable grid, on a real table saved through the API. */
const COLUMNS: EditableColumn[] = [
  { key: 'orderNum', title: '排序', type: 'dragSort', width: 80 },
  { key: 'name', title: '姓名', type: 'text', validateRules: rulesOf('name') },
  { key: 'code', title: '编号', type: 'text', validateRules: rulesOf('code') },
  { key: 'phone', title: '手机号', type: 'text', validateRules: rulesOf('phone') },
  { key: 'email', title: '电子邮件', type: 'text', width: 180, validateRules: rulesOf('email') },
  { key: 'amount', title: '金额', type: 'number', validateRules: rulesOf('amount'), statistics: ['sum', 'average'] },
  { key: 'quantity', title: '数量', type: 'number', validateRules: rulesOf('quantity'), statistics: ['sum'] },
  { key: 'category', title: '餐次', type: 'select', dictCode: 'meal_type', multiple: true, freeInput: true, width: 180 },
  { key: 'tags', title: '标签', type: 'tags' },
  { key: 'birthday', title: '日期', type: 'date' },
  { key: 'signedAt', title: '签到时间', type: 'datetime' },
  // The popup cell fills two fields from the picked department.
  { key: 'departName', title: '所属部门', type: 'popup', width: 150, picker: pickDepartment, popup: { code: 'depart', orgFields: 'departName,orgCode', destFields: 'departName,departCode' } },
  { key: 'checkedIn', title: '已签到', type: 'checkbox' },
  { key: 'progress', title: '进度', type: 'progress', width: 160 },
  { key: 'attachment', title: '附件', type: 'file' },
  { key: 'avatar', title: '照片', type: 'image' },
];

export default function TableEdit() {
  const grid = useRef<EditableGridHandle>(null);
  const [rows, setRows] = useState<GridRow[]>([]);
  const [deleted, setDeleted] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [socket, setSocket] = useState<SocketState>('connecting');
  const [selection, setSelection] = useState<'checkbox' | 'radio'>('checkbox');
  const caseId = useMemo(() => crypto.randomUUID(), []);

  const load = useCallback(async () => {
    const page = await demoApi.tableEditList();
    setRows(page.records);
    setDeleted([]);
    setLoaded(true);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  // Rows saved in another browser merge in live, and flash.
  useTableSocket({
    socketKey: TABLE_EDIT_SOCKET_KEY,
    onState: setSocket,
    onUpdate: (row, fromCaseId) => {
      setRows((current) => {
        const merged = mergeRowUpdate(current, row, fromCaseId, caseId);
        if (merged) window.setTimeout(() => grid.current?.highlight([String(row.id)]), 0);
        else if (fromCaseId !== caseId && !current.some((r) => String(r.id) === String(row.id))) return [...current, row as GridRow];
        return merged ?? current;
      });
    },
    commonHandlers: {
      // Rows another browser deleted leave this table too (not the ones this table deleted itself).
      [ROWS_DELETED]: (ids, fromCaseId) => {
        if (fromCaseId === caseId || !Array.isArray(ids)) return;
        const gone = new Set(ids.map(String));
        setRows((current) => current.filter((row) => !gone.has(String(row.id))));
      },
    },
  });

  async function save() {
    const errors = grid.current?.validate() ?? [];
    if (errors.length) {
      toast.error('表格校验未通过', { description: `${errors.length} 处错误：${errors[0]!.message}` });
      return;
    }
    setSaving(true);
    try {
      const saved = await demoApi.tableEditSave({ rows: rows as unknown as TableEditRow[], deletedIds: deleted, caseId });
      setRows(saved);
      setDeleted([]);
      toast.success('保存成功！');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="table-edit" data-loaded={loaded || undefined}>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" onClick={() => grid.current?.addRow({ progress: 0, checkedIn: false })} data-testid="add-row">
          <Plus className="size-4" aria-hidden />
          新增行
        </Button>
        <Button
          onClick={() => {
            const at = Math.max(0, grid.current?.firstSelectedIndex() ?? 0);
            grid.current?.insertRow(at, { progress: 0, checkedIn: false });
          }}
          data-testid="insert-row"
        >
          <ListPlus className="size-4" aria-hidden />
          在选中行前插入
        </Button>
        <Button
          onClick={() => {
            const removed = grid.current?.removeSelected() ?? [];
            setDeleted((current) => [...current, ...removed.map((row) => row.id).filter((id) => !id.startsWith('new_'))]);
          }}
          data-testid="remove-rows"
        >
          <Trash2 className="size-4" aria-hidden />
          删除选中
        </Button>
        <Button onClick={() => void load()}>
          <Undo2 className="size-4" aria-hidden />
          放弃修改
        </Button>
        <Button variant="primary" disabled={saving} onClick={() => void save()} data-testid="save-table">
          <Save className="size-4" aria-hidden />
          保存
        </Button>
        <label className="ml-2 flex items-center gap-1.5 text-sm">
          选择方式
          <select
            value={selection}
            onChange={(event) => setSelection(event.target.value as 'checkbox' | 'radio')}
            className="h-8 rounded border border-[#d9d9d9] bg-surface px-2 text-sm"
            data-testid="selection-mode"
          >
            <option value="checkbox">多选</option>
            <option value="radio">单选</option>
          </select>
        </label>
        <span className="ml-auto text-xs text-text-muted" data-testid="socket-state" data-state={socket}>
          {socket === 'open' ? '● 实时同步已连接' : socket === 'connecting' ? '○ 正在连接实时同步…' : '○ 实时同步已断开，5 秒后重连'}
        </span>
      </div>
      <DepartPickerHost />
      <EditableGrid ref={grid} columns={COLUMNS} rows={rows} onRowsChange={setRows} height={520} selection={selection} />
      <p className="text-xs text-text-muted">双击或直接输入编辑单元格；Ctrl+Z 撤销、Ctrl+Y 重做；可从 Excel 复制多行多列后选中单元格粘贴；拖动排序列或按 Alt+↑／Alt+↓ 调整顺序。</p>
    </section>
  );
}
