import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';
import { ListPlus, Plus, Save, Trash2, Undo2 } from 'lucide-react';
import { ROWS_DELETED, TABLE_EDIT_RULES, TABLE_EDIT_SOCKET_KEY, type TableEditRow } from '@shared/demo/tableEdit';
import { mergeRowUpdate } from '@shared/grid/socket';
import { demoApi } from '@web/api/demo';
import { Button } from '@web/components/ui/Button';
import { Select } from '@web/components/ui/Select';
import { EditableGrid, type EditableGridHandle } from '@web/grid/EditableGrid';
import type { EditableColumn, GridRow } from '@web/grid/types';
import { useTableSocket, type SocketState } from '@web/grid/useTableSocket';
import { translate, useLocale, useT, type Locale } from '@web/i18n';

const rulesOf = (key: string) => TABLE_EDIT_RULES.find((rule) => rule.key === key)?.validateRules;

/** Every cell type of the editable grid, on a real table saved through the API. */
const columnsIn = (locale: Locale): EditableColumn[] => [
  { key: 'orderNum', title: translate('demo.order', locale), type: 'dragSort', width: 80 },
  { key: 'name', title: translate('demo.name', locale), type: 'text', validateRules: rulesOf('name') },
  { key: 'code', title: translate('demo.code', locale), type: 'text', validateRules: rulesOf('code') },
  { key: 'phone', title: translate('demo.phone', locale), type: 'text', validateRules: rulesOf('phone') },
  { key: 'email', title: translate('demo.email', locale), type: 'text', width: 180, validateRules: rulesOf('email') },
  { key: 'amount', title: translate('demo.amount', locale), type: 'number', validateRules: rulesOf('amount'), statistics: ['sum', 'average'] },
  { key: 'quantity', title: translate('demo.quantity', locale), type: 'number', validateRules: rulesOf('quantity'), statistics: ['sum'] },
  { key: 'category', title: translate('demo.category', locale), type: 'select', dictCode: 'meal_type', multiple: true, freeInput: true, width: 180 },
  { key: 'tags', title: translate('demo.tags', locale), type: 'tags' },
  { key: 'birthday', title: translate('demo.date', locale), type: 'date' },
  { key: 'signedAt', title: translate('demo.signedAt', locale), type: 'datetime' },
  // The popup cell fills two fields from the department picked in the report popup picker (选择部门).
  {
    key: 'departName',
    title: translate('demo.depart', locale),
    type: 'popup',
    width: 150,
    popup: { code: 'depart_pick', orgFields: 'departName,orgCode', destFields: 'departName,departCode' },
  },
  { key: 'checkedIn', title: translate('demo.checkedIn', locale), type: 'checkbox' },
  { key: 'progress', title: translate('demo.progress', locale), type: 'progress', width: 160 },
  { key: 'attachment', title: translate('demo.attachment', locale), type: 'file' },
  { key: 'avatar', title: translate('demo.photo', locale), type: 'image' },
];

export default function TableEdit() {
  const locale = useLocale((state) => state.locale);
  const t = useT();
  const columns = useMemo(() => columnsIn(locale), [locale]);
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
      toast.error(t('tableEdit.invalid'), { description: t('tableEdit.errors', { count: errors.length, message: errors[0]!.message }) });
      return;
    }
    setSaving(true);
    try {
      const saved = await demoApi.tableEditSave({ rows: rows as unknown as TableEditRow[], deletedIds: deleted, caseId });
      setRows(saved);
      setDeleted([]);
      toast.success(t('common.saved'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="table-edit" data-loaded={loaded || undefined}>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" onClick={() => grid.current?.addRow({ progress: 0, checkedIn: false })} data-testid="add-row">
          <Plus className="size-4" aria-hidden />
          {t('editGrid.addRow')}
        </Button>
        <Button
          onClick={() => {
            const at = Math.max(0, grid.current?.firstSelectedIndex() ?? 0);
            grid.current?.insertRow(at, { progress: 0, checkedIn: false });
          }}
          data-testid="insert-row"
        >
          <ListPlus className="size-4" aria-hidden />
          {t('tableEdit.insert')}
        </Button>
        <Button
          onClick={() => {
            const removed = grid.current?.removeSelected() ?? [];
            setDeleted((current) => [...current, ...removed.map((row) => row.id).filter((id) => !id.startsWith('new_'))]);
          }}
          data-testid="remove-rows"
        >
          <Trash2 className="size-4" aria-hidden />
          {t('editGrid.removeSelected')}
        </Button>
        <Button onClick={() => void load()}>
          <Undo2 className="size-4" aria-hidden />
          {t('tableEdit.discard')}
        </Button>
        <Button variant="primary" disabled={saving} onClick={() => void save()} data-testid="save-table">
          <Save className="size-4" aria-hidden />
          {t('common.save')}
        </Button>
        <label className="ml-2 flex items-center gap-1.5 text-sm">
          {t('tableEdit.selection')}
          <Select
            aria-label={t('tableEdit.selection')}
            value={selection}
            onChange={(value) => setSelection(value as 'checkbox' | 'radio')}
            options={[
              { value: 'checkbox', text: t('tableEdit.multiple') },
              { value: 'radio', text: t('tableEdit.single') },
            ]}
            testId="selection-mode"
          />
        </label>
        <span className="ml-auto text-xs text-text-muted" data-testid="socket-state" data-state={socket}>
          {t(socket === 'open' ? 'tableEdit.socketOpen' : socket === 'connecting' ? 'tableEdit.socketConnecting' : 'tableEdit.socketClosed')}
        </span>
      </div>
      <EditableGrid ref={grid} columns={columns} rows={rows} onRowsChange={setRows} height={520} selection={selection} />
      <p className="text-xs text-text-muted">{t('tableEdit.help')}</p>
    </section>
  );
}
