import { forwardRef, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import {
  createGrid,
  type CellClassParams,
  type CellKeyDownEvent,
  type ColDef,
  type FullWidthCellKeyDownEvent,
  type GridApi,
  type GridOptions,
  type ITooltipParams,
  type RowDragEndEvent,
  type ValueFormatterParams,
  type ValueParserParams,
} from 'ag-grid-community';
import { assertColumnTypes, columnStatistic, dragRow, formatTagInput, moveRow, parseDatetime, parseNumberOnBlur, renumber, rowKeyOf, splitMultiple } from '@shared/grid/cells';
import { toast } from '@web/lib/toast';
import { pastedValue } from '@shared/grid/paste';
import { popupChanges } from '@shared/grid/popup';
import { pickFromReport } from '@web/online/pickFromReport';
import { validateRows, type CellError } from '@shared/grid/validation';
import { isComposing } from '@web/hotkeys/keys';
import { translate, useLocale } from '@web/i18n';
import { useDicts } from '@web/stores/dicts';
import { NumberEditor } from './NumberEditor';
import { DateEditor, type DateEditorParams } from './DateEditor';
import { parseTyped } from '@web/lib/dateText';
import { PopupEditor, type PopupEditorParams } from './PopupEditor';
import { SelectEditor, type SelectEditorParams } from './SelectEditor';
import { CheckboxCell } from './CheckboxCell';
import { radioColumn } from './RadioCell';
import { reactEditor, reactRenderer } from './reactCells';
import { UploadCell, type UploadCellParams } from './UploadCell';
import { gridTheme } from './theme';
import type { EditableColumn, GridRow } from './types';
import './modules';

/** What a screen can ask of its grid (a save button calls validate, then reads rows). */
export interface EditableGridHandle {
  validate(): CellError[];
  getRows(): GridRow[];
  addRow(row?: Partial<GridRow>): void;
  insertRow(index: number, row?: Partial<GridRow>): void;
  removeSelected(): GridRow[];
  /** Index of the first selected row, or -1. */
  firstSelectedIndex(): number;
  /** Rows changed elsewhere flash for 1400 ms (the spec's reload highlight). */
  highlight(ids: readonly string[]): void;
}

export interface EditableGridProps {
  columns: readonly EditableColumn[];
  rows: GridRow[];
  onRowsChange(rows: GridRow[]): void;
  height?: number;
  /** Selection as checkboxes (several rows) or radio (one row). */
  selection?: 'checkbox' | 'radio';
  /** Rows kept rendered above and below the view (AG Grid's rowBuffer; default 10). */
  rowBuffer?: number;
}

const RELOAD_HIGHLIGHT_MS = 1400;
const HIGHLIGHT_FADE_MS = 300;
const UNDO_LIMIT = 50;
let newRowSeq = 0;
const newRowId = () => `new_${Date.now().toString(36)}_${(newRowSeq += 1)}`;
const sameRow = (a: GridRow, b: GridRow) => Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => Object.is(a[key], b[key]));
const sameRows = (a: readonly GridRow[], b: readonly GridRow[]) => a.length === b.length && a.every((row, index) => sameRow(row, b[index]!));

// The React cells as AG Grid classes (see reactCells: the grid itself runs without React).
const NumberCellEditor = reactEditor(NumberEditor);
const SelectCellEditor = reactEditor<SelectEditorParams>(SelectEditor);
const PopupCellEditor = reactEditor<PopupEditorParams>(PopupEditor);
const DateCellEditor = reactEditor<DateEditorParams>(DateEditor);
const UploadCellRenderer = reactRenderer<UploadCellParams>(UploadCell);

/**
 * The editable grid every edit screen uses: typed cells, the shared validation rules marked on
 * the cells, footer statistics, row add/insert/remove, drag sort, undo/redo, paste from Excel.
 */
export const EditableGrid = forwardRef<EditableGridHandle, EditableGridProps>(function EditableGrid({ columns, rows, onRowsChange, height = 480, selection = 'checkbox', rowBuffer = 10 }, ref) {
  assertColumnTypes(columns);
  const api = useRef<GridApi<GridRow> | null>(null);
  const dicts = useDicts((state) => state.items);
  const locale = useLocale((state) => state.locale);
  // Select columns whose dictionary the cache lacks load it.
  useEffect(() => useDicts.getState().ensure(columns.flatMap((column) => (column.type === 'select' && column.dictCode ? [column.dictCode] : []))), [columns]);
  const [errors, setErrors] = useState<CellError[]>([]);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  // Our own undo/redo of whole-table states: the grid's own stack is reset whenever rowData
  // changes, and this grid is controlled (every edit gives new rowData).
  const history = useRef<{ past: GridRow[][]; future: GridRow[][] }>({ past: [], future: [] });

  const hasErrors = errors.length > 0;
  // A drag-sort column keeps its numbers 1…n through every add, insert, remove and move.
  const sortKey = columns.find((column) => column.type === 'dragSort')?.key;
  const ordered = useCallback((next: GridRow[]) => (sortKey ? renumber(next, sortKey) : next), [sortKey]);
  const errorOf = useCallback((rowKey: string, column: string) => errors.find((error) => error.rowKey === rowKey && error.column === column)?.message, [errors]);

  const setRows = useCallback(
    (next: GridRow[], record = true) => {
      if (record) {
        history.current.past = [...history.current.past, rowsRef.current].slice(-UNDO_LIMIT);
        history.current.future = [];
      }
      // Current at once, not at the next render: a key pressed before React renders sees it.
      rowsRef.current = next;
      onRowsChange(next);
      // Re-check only cells that already showed an error, so fixing one clears its mark at once.
      setErrors((current) => (current.length ? validateRows(columns, next, (row) => rowKeyOf(row.id)) : current));
    },
    [columns, onRowsChange],
  );

  /** A select column's options: its own, or its dictionary's. */
  const optionsOf = useCallback((column: EditableColumn) => column.options ?? (column.dictCode ? (dicts[column.dictCode] ?? []).map((item) => ({ value: item.value, text: item.text })) : []), [dicts]);

  const columnDefs = useMemo<ColDef<GridRow>[]>(() => {
    return columns.map((column): ColDef<GridRow> => {
      const base: ColDef<GridRow> = {
        field: column.key,
        headerName: column.title,
        width: column.width ?? 140,
        editable: column.type !== 'dragSort',
        cellClassRules: { 'cell-invalid': (params: CellClassParams<GridRow>) => Boolean(params.data && !params.node.rowPinned && errorOf(rowKeyOf(params.data.id), column.key)) },
        // Tooltips cost every rendered cell its listeners (measurable while scrolling): only while errors show.
        ...(hasErrors ? { tooltipValueGetter: (params: ITooltipParams<GridRow>) => (params.data && !params.node?.rowPinned ? errorOf(rowKeyOf(params.data.id), column.key) : undefined) } : {}),
      };
      switch (column.type) {
        case 'dragSort':
          return { ...base, rowDrag: true, editable: false, width: column.width ?? 90 };
        case 'number':
          return { ...base, cellEditor: NumberCellEditor, type: 'rightAligned', valueParser: (p: ValueParserParams<GridRow>) => parseNumberOnBlur(p.newValue as string) };
        case 'select': {
          const options = optionsOf(column);
          const textOf = (value: string) => options.find((option) => option.value === value)?.text ?? value;
          return {
            ...base,
            cellEditor: SelectCellEditor,
            cellEditorPopup: true,
            cellEditorParams: { options, multiple: column.multiple ?? false, freeInput: column.freeInput ?? false, dictCode: column.options ? undefined : (column.dictCode ?? '') },
            // Multiple values show as one tag: their texts joined.
            valueFormatter: (p: ValueFormatterParams<GridRow>) => splitMultiple(p.value).map(textOf).join('，'),
            cellClass: column.multiple ? 'cell-tag' : undefined,
            // Inside the open list, Enter, Space and the arrows are the list's (adding a typed
            // option, picking, moving): the grid must not end the edit or move the cell.
            suppressKeyboardEvent: (p) =>
              p.editing && ['Enter', ' ', 'ArrowUp', 'ArrowDown'].includes(p.event.key) && Boolean((p.event.target as HTMLElement | null)?.closest('[data-testid="select-editor"]')),
          };
        }
        case 'checkbox':
          return { ...base, cellDataType: 'boolean', width: column.width ?? 100, cellRenderer: CheckboxCell };
        case 'date':
          // YYYY-MM-DD or nothing, typed as the spec writes it: a wrong value keeps the old one.
          return {
            ...base,
            width: column.width ?? 130,
            cellEditor: DateCellEditor,
            cellEditorParams: { kind: 'date' },
            valueParser: (p: ValueParserParams<GridRow>) => (String(p.newValue ?? '').trim() === '' ? null : (parseTyped('date', String(p.newValue)) ?? p.oldValue)),
          };
        case 'file':
        case 'image':
          // Uploads happen in the cell itself; the value is the stored path.
          return {
            ...base,
            editable: false,
            width: column.width ?? 170,
            cellRenderer: UploadCellRenderer,
            cellRendererParams: { kind: column.type, disableDownload: column.disableDownload ?? false, disableRemove: column.disableRemove ?? false },
            // By keyboard: Enter chooses a file, Delete removes the stored one.
            suppressKeyboardEvent: (p) => {
              if (p.editing || !p.data || p.node.rowPinned) return false;
              if (p.event.key === 'Enter') {
                if (p.event.type === 'keydown') (p.event.target as HTMLElement).querySelector<HTMLElement>('[data-testid="upload-button"]')?.click();
                return true;
              }
              if ((p.event.key === 'Delete' || p.event.key === 'Backspace') && !column.disableRemove) {
                if (p.event.type === 'keydown') patchRowRef.current(p.data.id, { [column.key]: null });
                return true;
              }
              return false;
            },
          };
        case 'popup':
          return {
            ...base,
            cellEditor: PopupCellEditor,
            cellEditorParams: {
              // The report popup picker of the column's report, unless the screen brings its own.
              picker: column.picker ?? (() => pickFromReport(column.popup!)),
              popup: column.popup ?? { code: '', orgFields: '', destFields: '' },
              onPicked: (id: string, changes: Record<string, unknown>) => patchRowRef.current(id, changes),
            },
            // Delete empties the field and every field the picker fills.
            suppressKeyboardEvent: (p) => {
              if (p.editing || (p.event.key !== 'Delete' && p.event.key !== 'Backspace') || !column.popup || !p.data) return false;
              patchRowRef.current(p.data.id, popupChanges(column.popup, null));
              return true;
            },
          };
        case 'datetime':
          // YYYY-MM-DD HH:mm:ss or nothing: a wrong value keeps the old one.
          return {
            ...base,
            width: column.width ?? 180,
            cellEditor: DateCellEditor,
            cellEditorParams: { kind: 'datetime' },
            valueParser: (p: ValueParserParams<GridRow>) => (String(p.newValue ?? '').trim() === '' ? null : (parseDatetime(String(p.newValue)) ?? p.oldValue)),
          };
        case 'tags':
          return { ...base, valueParser: (p: ValueParserParams<GridRow>) => formatTagInput(String(p.newValue ?? '')) };
        case 'progress':
          // A bar drawn by the cell's own background: no component per cell, so scrolling
          // 100,000 rows stays cheap.
          return {
            ...base,
            cellEditor: NumberCellEditor,
            valueParser: (p: ValueParserParams<GridRow>) => Math.max(0, Math.min(100, Math.round(parseNumberOnBlur(p.newValue as string) ?? 0))),
            valueFormatter: (p: ValueFormatterParams<GridRow>) => (p.node?.rowPinned ? '' : `${Number(p.value ?? 0)}%`),
            cellClass: 'cell-progress',
            cellStyle: (p: CellClassParams<GridRow>) => (p.node.rowPinned ? null : { '--progress': `${Number(p.value ?? 0)}%` }),
          };
        default:
          return base;
      }
    });
  }, [columns, optionsOf, errorOf, hasErrors]);

  // The grid edits the objects it is given in place: give it copies so the screen's rows (and
  // the undo history) stay immutable.
  const gridRows = useMemo(() => rows.map((row) => ({ ...row })), [rows]);

  // Footer rows: 合计 and 平均 of the columns marked with statistics.
  const footer = useMemo(() => {
    const kinds = (['sum', 'average'] as const).filter((kind) => columns.some((column) => column.statistics?.includes(kind)));
    const labelKey = columns.find((column) => column.type !== 'dragSort')?.key ?? columns[0]?.key ?? 'id';
    return kinds.map((kind) => {
      const row: GridRow = { id: `__footer_${kind}`, [labelKey]: translate(kind === 'sum' ? 'editGrid.sum' : 'editGrid.average', locale) };
      for (const column of columns)
        if (column.statistics?.includes(kind))
          row[column.key] = columnStatistic(
            rows.map((r) => r[column.key]),
            kind,
          );
      return row;
    });
  }, [columns, rows, locale]);

  useImperativeHandle(
    ref,
    () => ({
      validate() {
        const found = validateRows(columns, rowsRef.current, (row) => rowKeyOf(row.id));
        // Nothing to mark and nothing marked: no new state (a forced refresh of an empty grid
        // beside a column update left its header undrawn).
        setErrors((current) => (found.length === 0 && current.length === 0 ? current : found));
        if (rowsRef.current.length > 0) api.current?.refreshCells({ force: true });
        return found;
      },
      getRows: () => rowsRef.current,
      addRow(row = {}) {
        setRows(ordered([...rowsRef.current, { ...row, id: newRowId() } as GridRow]));
      },
      insertRow(index, row = {}) {
        const next = rowsRef.current.slice();
        next.splice(index, 0, { ...row, id: newRowId() } as GridRow);
        setRows(ordered(next));
      },
      removeSelected() {
        const selected = api.current?.getSelectedRows() ?? [];
        const ids = new Set(selected.map((row) => row.id));
        setRows(ordered(rowsRef.current.filter((row) => !ids.has(row.id))));
        return selected;
      },
      firstSelectedIndex() {
        const ids = new Set((api.current?.getSelectedRows() ?? []).map((row) => row.id));
        return rowsRef.current.findIndex((row) => ids.has(row.id));
      },
      highlight(ids) {
        const nodes = ids.map((id) => api.current?.getRowNode(rowKeyOf(id))).filter((node) => node !== undefined);
        // 1400 ms in all, the fade included.
        api.current?.flashCells({ rowNodes: nodes, flashDuration: RELOAD_HIGHLIGHT_MS - HIGHLIGHT_FADE_MS, fadeDuration: HIGHLIGHT_FADE_MS });
      },
    }),
    [columns, setRows, ordered],
  );

  const pendingFocus = useRef<{ rowIndex: number; column: string } | null>(null);
  /** Writes fields into one row, shown as columns or not (a picker fills hidden fields too). */
  const patchRowRef = useRef<(id: string, changes: Record<string, unknown>) => void>(() => {});
  // The rows the grid holds as far as we know: those last handed to it or taken from it.
  const gridHolds = useRef(rows);
  /**
   * Takes the grid's rows as the table's when an edit changed them. The grid reports value
   * changes a task later (its events are asynchronous), so Ctrl+Z calls this first: an edit made
   * just before the keystroke is in the history before it is undone, and the late event, finding
   * what we already took, changes nothing.
   */
  const takeGridEdits = useCallback(() => {
    const next: GridRow[] = [];
    api.current?.forEachNode((node) => node.data && next.push({ ...node.data }));
    if (sameRows(next, gridHolds.current)) return;
    gridHolds.current = next;
    setRows(next);
  }, [setRows]);

  const onRowDragEnd = useCallback(
    (event: RowDragEndEvent<GridRow>) => {
      const from = rowsRef.current.findIndex((row) => row.id === event.node.data?.id);
      const to = event.overIndex;
      if (from >= 0 && to >= 0) setRows(dragRow(rowsRef.current, from, to, sortKey) as GridRow[]);
    },
    [setRows, sortKey],
  );

  patchRowRef.current = (id, changes) => {
    takeGridEdits();
    setRows(rowsRef.current.map((row) => (row.id === id ? { ...row, ...changes } : row)));
  };

  /** Alt+↑ / Alt+↓ move the focused row in a drag-sort table, with the spec's warnings at either end. */
  const moveFocusedRow = useCallback(
    (direction: 'up' | 'down') => {
      const focused = api.current?.getFocusedCell();
      if (!sortKey || !focused || focused.rowPinned) return;
      const outcome = moveRow(rowsRef.current, focused.rowIndex, direction, sortKey);
      if (!outcome.ok) {
        toast.warning(outcome.warning);
        return;
      }
      // The focus follows the row once the grid holds the new order (the layout effect below).
      pendingFocus.current = { rowIndex: focused.rowIndex + (direction === 'up' ? -1 : 1), column: focused.column.getColId() };
      setRows(outcome.rows as GridRow[]);
    },
    [setRows, sortKey],
  );

  /** Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z) outside an open editor step through the edits. */
  const onKeyDown = useCallback(
    (event: ReactKeyboardEvent<HTMLDivElement>) => {
      if (isComposing(event.nativeEvent) || api.current?.getEditingCells().length) return;
      if (event.altKey && !event.ctrlKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown') && sortKey) {
        event.preventDefault();
        event.stopPropagation();
        takeGridEdits();
        moveFocusedRow(event.key === 'ArrowUp' ? 'up' : 'down');
        return;
      }
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key !== 'z' && key !== 'y') return;
      takeGridEdits();
      const { past, future } = history.current;
      if (key === 'z' && !event.shiftKey && past.length) {
        event.preventDefault();
        history.current = { past: past.slice(0, -1), future: [rowsRef.current, ...future] };
        // A new array: the state undone to may equal the screen's rows of the last render (an
        // edit taken just now is not rendered yet), and React would skip an equal state.
        setRows([...past.at(-1)!], false);
      } else if ((key === 'y' || (key === 'z' && event.shiftKey)) && future.length) {
        event.preventDefault();
        history.current = { past: [...past, rowsRef.current], future: future.slice(1) };
        setRows([...future[0]!], false);
      }
    },
    [moveFocusedRow, setRows, sortKey, takeGridEdits],
  );

  /** Paste a block copied from Excel (tab-separated) from the focused cell on. */
  const onPaste = useCallback(
    (event: ClipboardEvent<HTMLDivElement>) => {
      const grid = api.current;
      const focused = grid?.getFocusedCell();
      if (!grid || !focused || grid.getEditingCells().length) return;
      const text = event.clipboardData.getData('text/plain');
      if (!text) return;
      event.preventDefault();
      const block = text
        .replace(/\r/g, '')
        .replace(/\n$/, '')
        .split('\n')
        .map((line) => line.split('\t'));
      const editable = columns.filter((column) => column.type !== 'dragSort');
      const startColumn = editable.findIndex((column) => column.key === focused.column.getColId());
      if (startColumn < 0) return;
      const next = rowsRef.current.map((row) => ({ ...row }));
      // A block longer than the rows below the focus adds rows for the rest.
      while (next.length < focused.rowIndex + block.length) next.push({ id: newRowId() });
      block.forEach((cells, r) => {
        const target = next[focused.rowIndex + r]!;
        cells.forEach((value, c) => {
          const column = editable[startColumn + c];
          if (column) target[column.key] = pastedValue({ ...column, options: optionsOf(column) }, value, target[column.key]);
        });
      });
      setRows(ordered(next));
    },
    [columns, optionsOf, ordered, setRows],
  );

  const onCellKeyDown = useCallback((event: CellKeyDownEvent<GridRow> | FullWidthCellKeyDownEvent<GridRow>) => {
    // Chinese input: start editing as soon as the IME starts, so its first letter reaches
    // the editor (AG Grid issue #12805) instead of being swallowed by the cell.
    const keyboard = event.event as KeyboardEvent | undefined;
    if (!('column' in event) || !keyboard || !isComposing(keyboard)) return;
    if (!event.node.rowPinned && event.colDef.editable && event.rowIndex !== null && !event.api.getEditingCells().length) {
      event.api.startEditingCell({ rowIndex: event.rowIndex, colKey: event.column.getColId() });
    }
  }, []);

  const rowSelection = useMemo<GridOptions<GridRow>['rowSelection']>(
    () => (selection === 'radio' ? { mode: 'singleRow', checkboxes: false, enableClickSelection: false } : { mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: false }),
    [selection],
  );
  // The options that follow props; the grid gets only those that changed since the last render.
  const shownColumns = useMemo(() => (selection === 'radio' ? [radioColumn<GridRow>(), ...columnDefs] : columnDefs), [columnDefs, selection]);
  const liveOptions: GridOptions<GridRow> = { rowData: gridRows, columnDefs: shownColumns, pinnedBottomRowData: footer, rowBuffer, rowSelection };
  const applied = useRef<GridOptions<GridRow>>({});
  // Event handlers through a ref, so the grid always calls the current ones.
  const handlers = useRef({ onRowDragEnd, takeGridEdits, onCellKeyDown });
  handlers.current = { onRowDragEnd, takeGridEdits, onCellKeyDown };
  const host = useRef<HTMLDivElement>(null);

  // AG Grid without ag-grid-react: through React, every row and cell is a React component, and
  // mounting them cost most of a scroll frame (the vanilla grid draws the same DOM directly).
  useLayoutEffect(() => {
    applied.current = { ...liveOptions };
    const grid = createGrid<GridRow>(host.current!, {
      ...liveOptions,
      theme: gridTheme,
      // A grid in a dialog may be created before its portal is in the page: say where theme CSS goes.
      themeStyleContainer: document.head,
      getRowId: (params) => rowKeyOf(params.data.id),
      singleClickEdit: false,
      // Edit grids have a dozen columns: keep them all rendered so keyboard and paste reach any.
      suppressColumnVirtualisation: true,
      stopEditingWhenCellsLoseFocus: true,
      rowDragManaged: true,
      onRowDragEnd: (event) => handlers.current.onRowDragEnd(event),
      onCellValueChanged: () => handlers.current.takeGridEdits(),
      onCellKeyDown: (event) => handlers.current.onCellKeyDown(event),
      tooltipShowDelay: 200,
      // Read once: the grid takes its texts when it is created.
      localeText: { noRowsToShow: translate('grid.noRows'), loadingOoo: translate('grid.loading') },
    });
    api.current = grid;
    return () => {
      api.current = null;
      grid.destroy();
    };
    // Created once; later prop changes go through updateGridOptions below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    const changed = Object.fromEntries(Object.entries(liveOptions).filter(([key, value]) => applied.current[key as keyof GridOptions] !== value));
    if (!api.current || !Object.keys(changed).length) return;
    Object.assign(applied.current, changed);
    if (changed.rowData) gridHolds.current = rows;
    api.current.updateGridOptions(changed);
    if (pendingFocus.current) {
      api.current.setFocusedCell(pendingFocus.current.rowIndex, pendingFocus.current.column);
      pendingFocus.current = null;
    }
  });

  return (
    <div style={{ height }} onPaste={onPaste} onKeyDownCapture={onKeyDown} data-testid="editable-grid" data-selection={selection}>
      <div ref={host} style={{ height: '100%' }} />
    </div>
  );
});
