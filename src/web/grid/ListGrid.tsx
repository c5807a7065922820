import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { ColDef, Column, GridApi, ICellRendererParams, SortChangedEvent, ValueFormatterParams } from 'ag-grid-community';
import dayjs from 'dayjs';
import { DATETIME_FORMAT, PAGINATION } from '@shared/constants';
import type { PageResult } from '@shared/envelope';
import { rowKeyOf } from '@shared/grid/cells';
import { useLocale, useT } from '@web/i18n';
import { useDicts } from '@web/stores/dicts';
import { useHiddenColumns } from '@web/permissions/useHiddenColumns';
import { isComposing } from '@web/hotkeys/keys';
import { useScreenPath } from '@web/menu/currentMenuItem';
import { useSelection } from '@web/stores/selection';
import { DictTag } from './DictTag';
import { Pagination, type PageState } from './Pagination';
import { radioColumn } from './RadioCell';
import { QueryArea, type QueryField } from './QueryArea';
import { gridTheme } from './theme';
import './modules';
import { fileUrl } from '@web/api/files';
import { useDialogs } from '@web/stores/dialogs';

/** The cells that must always be read whole: amounts and states (the 合计 line's too). */
export const WHOLE_CELL_CLASSES = ['cell-money', 'cell-state'] as const;

/** How narrow a text column may become for amounts and states to fit beside it. */
const TEXT_FLOOR = 96;
/** The share of the grid amounts and states may take pinned at its right edge (the rest scrolls). */
const PINNED_SHARE = 0.6;

const isWhole = (column: Column) => {
  const classes = column.getColDef().cellClass;
  return Array.isArray(classes) && classes.some((name) => (WHOLE_CELL_CLASSES as readonly string[]).includes(name));
};
const widthOf = (columns: readonly Column[]) => columns.reduce((sum, column) => sum + column.getActualWidth(), 0);

/**
 * Lays the columns out so that amounts and states are whole and in sight, at any window width:
 * each such column as wide as its widest value (never narrower than declared); columns narrower
 * than the grid together stretch to fill it; wider ones let their text columns give way (down to
 * a floor, cut with an ellipsis); and where even that cannot fit (a wide report), the amounts and
 * states are pinned at the right edge beside the row actions, the rest scrolling.
 */
function fitColumns<T>(api: GridApi<T>, viewport: number) {
  if (viewport <= 0) return;
  const columns = (api.getColumns() ?? []).filter((column) => column.isVisible());
  const whole = columns.filter(isWhole);
  if (whole.some((column) => column.getPinned() === 'right')) api.applyColumnState({ state: whole.map((column) => ({ colId: column.getColId(), pinned: null })) });
  if (whole.length) {
    api.autoSizeColumns(
      whole.map((column) => column.getColId()),
      false,
    );
    api.setColumnWidths(whole.map((column) => ({ key: column.getColId(), newWidth: Math.max(column.getActualWidth(), column.getColDef().width ?? 0) })));
  }
  const limits = whole.map((column) => ({ key: column.getColId(), minWidth: column.getActualWidth() }));
  const used = widthOf(columns);
  if (used < viewport - 2) {
    api.sizeColumnsToFit({ columnLimits: limits });
    return;
  }
  if (used <= viewport) return;
  const text = columns.filter((column) => !isWhole(column) && !column.getColDef().suppressSizeToFit && !column.getPinned());
  // A date or a time is never cut (its own floor); other text down to the common one.
  const floorOf = (column: Column) => Math.max(column.getColDef().minWidth ?? 0, Math.min(column.getColDef().width ?? TEXT_FLOOR, TEXT_FLOOR));
  if (used - widthOf(text) + text.reduce((sum, column) => sum + floorOf(column), 0) <= viewport) {
    api.sizeColumnsToFit({ columnLimits: [...limits, ...text.map((column) => ({ key: column.getColId(), minWidth: floorOf(column) }))] });
    return;
  }
  if (!whole.length) return;
  if (widthOf(whole) <= viewport * PINNED_SHARE) {
    api.applyColumnState({ state: whole.map((column) => ({ colId: column.getColId(), pinned: 'right' })) });
    return;
  }
  // Too many to pin: they move up beside the column that names the record, the details after them.
  const first = columns.findIndex((column) => !isWhole(column) && !column.getPinned() && !column.getColDef().suppressSizeToFit);
  if (first >= 0)
    api.moveColumns(
      whole.map((column) => column.getColId()),
      first + 1,
    );
}

/** A read-only column of a list screen. */
export interface ListColumn {
  key: string;
  title: string;
  width?: number;
  sortable?: boolean;
  /** Values shown as dictionary texts. */
  dictCode?: string;
  /** Values shown as these texts (a report's own dictionary); a comma list as its texts joined. */
  options?: readonly { value: string; text: string }[];
  align?: 'left' | 'right';
  /** ISO instants shown as the spec's `YYYY-MM-DD HH:mm:ss`, in the browser's time zone. */
  format?: 'datetime' | 'money';
  /** Never narrower than this when the list makes room for its amounts (a date or a time cut is unreadable). */
  minWidth?: number;
  /** Shown as a tag in its dictionary item's colour: the item is found by the row's `valueKey`. */
  tag?: { dictCode: string; valueKey: string };
  /** An amount or a state: always shown whole and in sight (money-formatted columns are amounts). */
  whole?: 'money' | 'state';
  /** A stored picture's path, shown as its thumbnail. */
  image?: boolean;
}

export interface ListQuery {
  pageNo: number;
  pageSize: number;
  column?: string;
  order?: 'asc' | 'desc';
  [filter: string]: string | number | undefined;
}

export interface ListGridProps<T extends { id: string }> {
  columns: readonly ListColumn[];
  fetchPage(query: ListQuery): Promise<PageResult<T>>;
  queryFields?: readonly QueryField[];
  /** The query the list starts with, and goes back to on 重置 (消费记录: today). */
  queryDefaults?: Readonly<Record<string, string>>;
  selection?: 'checkbox' | 'radio';
  /** Type-1 permission prefix of this list's columns (`demo:col:`). */
  columnPermissionPrefix?: string;
  /** Enter on a row, or a double click. */
  onOpenRow?(row: T): void;
  height?: number;
  /** A new value reloads the current page (a dialog saved a record of this list). */
  reloadKey?: number | string;
  /** The last column's content per row (编辑, 更多…). */
  rowActions?(row: T): ReactNode;
  /**
   * The selection is kept under the screen's path, for the screen's commands; a second list on
   * one screen (a master–detail's detail) keeps its own under `<path>#<scope>`.
   */
  selectionScope?: string;
  /** Told the selected rows whenever they change. */
  onSelectionChange?(rows: readonly T[]): void;
  /** A click (or Space) on a row selects or deselects it, no modifier key needed (the report picker). */
  clickToggles?: boolean;
}

/**
 * The read grid every list screen uses: server paging (10/20/30, jumper, size changer, total),
 * server sorting, a query area, selection with the 已选择 N 项 line, columns the user may see.
 */
/**
 * Grid options the grid compares by identity: a new object per render would re-apply them and
 * redraw every row (dropping the focus of the row the user is on), so they are made once.
 */
const ONE_ROW = { mode: 'singleRow', checkboxes: false, enableClickSelection: true } as const;
const SEVERAL_ROWS = { mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: false } as const;
const ONE_ROW_TOGGLED = { ...ONE_ROW, enableSelectionWithoutKeys: true } as const;
const SEVERAL_ROWS_TOGGLED = { ...SEVERAL_ROWS, enableClickSelection: true, enableSelectionWithoutKeys: true } as const;
const rowIdOf = (params: { data: { id: string } }) => rowKeyOf(params.data.id);
/** Pages up to this many rows size the list to them; longer ones scroll within the given height. */
const AUTO_HEIGHT_ROWS = 50;

/** An empty tray, drawn in the empty list's overlay (AG Grid takes it as HTML). */
const EMPTY_BOX =
  '<svg width="64" height="41" viewBox="0 0 64 41" aria-hidden="true"><g fill="none" fill-rule="evenodd" transform="translate(0 1)"><ellipse cx="32" cy="33" fill="#f5f5f5" rx="32" ry="7"/><g fill-rule="nonzero" stroke="#d9d9d9"><path d="M55 12.76 44.854 1.258C44.367.474 43.656 0 42.907 0H21.093c-.749 0-1.46.474-1.947 1.257L9 12.761V22h46v-9.24z"/><path fill="#fafafa" d="M41.613 15.931c0-1.605.994-2.93 2.227-2.931H55v18.137C55 33.26 53.68 35 52.05 35h-40.1C10.32 35 9 33.259 9 31.137V13h11.16c1.233 0 2.227 1.323 2.227 2.928v.022c0 1.605 1.005 2.901 2.237 2.901h14.752c1.232 0 2.237-1.308 2.237-2.913v-.007z"/></g></g></svg>';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The server sorts; the grid keeps the order it was given and only shows the arrow. */
const keepServerOrder = (params: { nodes: { sourceRowIndex: number }[] }) => {
  params.nodes.sort((a, b) => a.sourceRowIndex - b.sourceRowIndex);
};

export function ListGrid<T extends { id: string }>({
  columns,
  fetchPage,
  queryFields = [],
  queryDefaults,
  selection = 'checkbox',
  columnPermissionPrefix,
  onOpenRow,
  height = 420,
  reloadKey = 0,
  rowActions,
  selectionScope,
  onSelectionChange,
  clickToggles = false,
}: ListGridProps<T>) {
  const t = useT();
  const english = useLocale((state) => state.locale) === 'en';
  const actionsTitle = t('grid.actions');
  const api = useRef<GridApi<T> | null>(null);
  const gridBox = useRef<HTMLDivElement>(null);
  // Measured once the cells are on the page: React draws a cell's renderer (a state's tag) after AG
  // Grid's event, and a tag is wider than its text.
  const fitSoon = useCallback((grid: GridApi<T>) => {
    requestAnimationFrame(() => {
      if (!grid.isDestroyed()) fitColumns(grid, gridBox.current?.clientWidth ?? 0);
    });
  }, []);
  const dicts = useDicts((state) => state.items);
  const hidden = useHiddenColumns(columnPermissionPrefix);
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [page, setPage] = useState<PageState>({ current: 1, pageSize: PAGINATION.defaultPageSize, total: 0 });
  const [sort, setSort] = useState<{ column?: string; order?: 'asc' | 'desc' }>({});
  const [filters, setFilters] = useState<Record<string, string>>(() => ({ ...queryDefaults }));
  const [selected, setSelected] = useState<T[]>([]);
  const [footer, setFooter] = useState<Record<string, number | string> | null>(null);

  // Only the newest request may fill the grid: a slow answer to an older query is dropped.
  const latest = useRef(0);
  const load = useCallback(
    async (current: number, pageSize: number) => {
      const request = (latest.current += 1);
      setLoading(true);
      try {
        const result = await fetchPage({ pageNo: current, pageSize, ...sort, ...filters });
        if (request !== latest.current) return;
        // A delete may have emptied the last page: show the one before instead.
        if (result.records.length === 0 && current > 1) {
          await load(current - 1, pageSize);
          return;
        }
        setRows(result.records);
        setFooter(result.footer ?? null);
        setPage({ current, pageSize, total: Number(result.total) || 0, estimated: Boolean(result.totalEstimated) });
      } finally {
        if (request === latest.current) setLoading(false);
      }
    },
    [fetchPage, sort, filters],
  );

  useEffect(() => {
    void load(1, page.pageSize);
    // Reload from page 1 when the query or the sort changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sort, filters]);

  // Keep the page the user is on: a saved or deleted record should not send them back to page 1.
  const pageRef = useRef(page);
  pageRef.current = page;
  const shownKey = useRef(reloadKey);
  useEffect(() => {
    if (reloadKey === shownKey.current) return;
    shownKey.current = reloadKey;
    void load(pageRef.current.current, pageRef.current.pageSize);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reloadKey]);

  const screenPath = useScreenPath();
  const screen = selectionScope ? `${screenPath}#${selectionScope}` : screenPath;
  const clearSelection = useCallback(() => api.current?.deselectAll(), []);
  useEffect(() => {
    useSelection.getState().set(screen, selected, clearSelection);
    onSelectionChange?.(selected);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- told on change of the selection only
  }, [screen, selected, clearSelection]);
  useEffect(() => () => useSelection.getState().set(screen, [], () => undefined), [screen]);

  const shown = useMemo(() => columns.filter((column) => !hidden.has(column.key)), [columns, hidden]);
  // Cells read the dictionaries as they are when drawn: new dictionaries redraw the cells, not the
  // columns (new columns would redraw every cell and drop the focus of the one the user is on).
  const dictsNow = useRef(dicts);
  useEffect(() => {
    if (dictsNow.current === dicts) return;
    dictsNow.current = dicts;
    api.current?.refreshCells({ force: true });
    // A state drawn as its tag (or a dictionary's longer text) may now need a wider column.
    if (api.current) fitSoon(api.current);
  }, [dicts, fitSoon]);
  const columnDefs = useMemo<ColDef<T>[]>(
    () =>
      shown.map((column) => ({
        field: column.key as ColDef<T>['field'],
        headerName: column.title,
        // A long (English) header wraps to a second line instead of being cut to "Members an…".
        wrapHeaderText: true,
        autoHeaderHeight: true,
        headerTooltip: column.title,
        width: Math.max(column.width ?? 150, column.minWidth ?? 0),
        ...(column.minWidth ? { minWidth: column.minWidth } : {}),
        sortable: column.sortable ?? false,
        ...(column.align === 'right' ? { type: 'rightAligned' } : {}),
        // After the type: a column's own cellClass replaces the type's, so a right-aligned amount keeps
        // AG Grid's right alignment class beside its own (else its values sit left under a right header).
        ...((column.whole ?? (column.format === 'money' ? 'money' : undefined))
          ? { cellClass: [`cell-${column.whole ?? 'money'}`, ...(column.align === 'right' ? ['ag-right-aligned-cell'] : [])] }
          : {}),
        ...(column.dictCode
          ? {
              valueFormatter: (p: ValueFormatterParams<T>) =>
                (dictsNow.current[column.dictCode!] ?? []).find((item) => item.value === String(p.value ?? ''))?.text ?? (p.value == null ? '' : String(p.value)),
            }
          : {}),
        ...(column.options
          ? {
              valueFormatter: (p: ValueFormatterParams<T>) =>
                p.value == null
                  ? ''
                  : String(p.value)
                      .split(',')
                      .map((value) => column.options!.find((item) => item.value === value)?.text ?? value)
                      .join(','),
            }
          : {}),
        ...(column.format === 'money' ? { valueFormatter: (p: ValueFormatterParams<T>) => (typeof p.value === 'number' ? p.value.toFixed(2) : '') } : {}),
        ...(column.format === 'datetime' ? { valueFormatter: (p: ValueFormatterParams<T>) => (p.value ? dayjs(String(p.value)).format(DATETIME_FORMAT) : '') } : {}),
        ...(column.image
          ? {
              // A thumbnail that opens the picture whole (进出记录's 查看抓拍), by click or by Enter on it.
              cellRenderer: (p: ICellRendererParams<T>) =>
                p.value ? (
                  <button type="button" className="flex items-center" aria-label={column.title} onClick={() => void useDialogs.getState().open('filePreview', { path: String(p.value) })}>
                    <img src={fileUrl(String(p.value))} alt={column.title} loading="lazy" className="h-7 w-12 rounded object-cover" />
                  </button>
                ) : null,
            }
          : {}),
        ...(column.tag
          ? {
              // A multiple choice (`1,3`) shows one tag per value.
              cellRenderer: (p: ICellRendererParams<T>) => {
                const values = String((p.data as Record<string, unknown> | undefined)?.[column.tag!.valueKey] ?? '').split(',');
                const items = dictsNow.current[column.tag!.dictCode] ?? [];
                if (values.length < 2) return <DictTag text={p.value == null ? '' : String(p.value)} color={items.find((candidate) => candidate.value === values[0])?.color} />;
                return (
                  <span className="flex gap-1">
                    {values.map((value) => {
                      const item = items.find((candidate) => candidate.value === value);
                      return <DictTag key={value} text={item?.text ?? value} color={item?.color} />;
                    })}
                  </span>
                );
              },
            }
          : {}),
      })),
    [shown],
  );
  const withActions = useMemo<ColDef<T>[]>(
    () =>
      rowActions
        ? [
            ...columnDefs,
            {
              colId: 'rowActions',
              headerName: actionsTitle,
              // English words are longer (Record a counter payment · More): the column is wider there.
              width: english ? 190 : 130,
              pinned: 'right',
              sortable: false,
              suppressSizeToFit: true,
              cellRenderer: (p: ICellRendererParams<T>) => (p.data && !p.node.rowPinned ? rowActions(p.data) : null),
            },
          ]
        : columnDefs,
    [columnDefs, rowActions, actionsTitle, english],
  );
  const radio = useMemo(() => radioColumn<T>(), []);

  const withRadio = useMemo(() => [radio, ...withActions], [radio, withActions]);

  // The 合计 line of the whole query, labelled in the first column it leaves free.
  const totalLabel = t('grid.total');
  const footerRows = useMemo(() => {
    if (!footer) return undefined;
    const free = shown.find((column) => !(column.key in footer));
    return [{ id: '__footer__', ...(free ? { [free.key]: totalLabel } : {}), ...footer } as unknown as T];
  }, [footer, shown, totalLabel]);

  const loadingText = t('grid.loading');
  const localeText = useMemo(() => ({ loadingOoo: loadingText }), [loadingText]);
  // An empty list says why: nothing matches the query, or nothing is there yet.
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== '');
  const emptyText = filtered ? t('grid.noMatches') : t('grid.noRows');
  const noRowsOverlay = useMemo(() => `<div class="flex flex-col items-center gap-2 py-6 text-text-muted" role="status">${EMPTY_BOX}<span>${escapeHtml(emptyText)}</span></div>`, [emptyText]);
  // A page of up to 50 rows is drawn whole, the list as tall as its rows; longer pages scroll inside.
  const autoHeight = page.pageSize <= AUTO_HEIGHT_ROWS;
  const onSortChanged = (event: SortChangedEvent<T>) => {
    const sorted = event.api.getColumnState().find((state) => state.sort);
    setSort(sorted ? { column: sorted.colId, order: sorted.sort === 'asc' ? 'asc' : 'desc' } : {});
  };

  return (
    <div className="flex flex-col gap-3" data-testid="list-grid" aria-busy={loading}>
      {queryFields.length ? <QueryArea fields={queryFields} onSearch={setFilters} {...(queryDefaults ? { initial: queryDefaults } : {})} /> : null}
      <div className="flex items-center gap-2 rounded border border-[#91d5ff] bg-[#e6f7ff] px-3 py-1.5 text-sm" data-testid="selection-line">
        <span>
          {t('grid.selectedBefore')} <strong className="text-primary-strong">{selected.length}</strong> {t('grid.selectedAfter')}
        </span>
        <button type="button" className="text-primary-strong hover:text-primary-strong" onClick={clearSelection}>
          {t('grid.clear')}
        </button>
        {/* Without a query area there is no 查询 to ask again: 刷新 does. */}
        {queryFields.length ? null : (
          <button type="button" className="text-primary-strong hover:text-primary-strong" onClick={() => void load(page.current, page.pageSize)}>
            {t('grid.refresh')}
          </button>
        )}
      </div>
      <div ref={gridBox} style={autoHeight ? undefined : { height }} className={autoHeight ? 'relative min-h-[180px]' : 'relative'}>
        {/* A reload over rows on screen keeps them in reach: AG Grid's loading overlay is exclusive —
            while it shows, no cell may take the focus (转到列表, the arrow keys) — so rows shown stay usable. */}
        {loading && rows.length ? <div className="absolute inset-x-0 top-0 z-10 h-0.5 animate-pulse bg-primary" role="progressbar" aria-label={t('grid.loading')} /> : null}
        <AgGridReact<T>
          domLayout={autoHeight ? 'autoHeight' : 'normal'}
          overlayNoRowsTemplate={noRowsOverlay}
          theme={gridTheme}
          rowData={rows}
          pinnedBottomRowData={footerRows}
          columnDefs={selection === 'radio' ? withRadio : withActions}
          loading={loading && rows.length === 0}
          getRowId={rowIdOf}
          rowSelection={selection === 'radio' ? (clickToggles ? ONE_ROW_TOGGLED : ONE_ROW) : clickToggles ? SEVERAL_ROWS_TOGGLED : SEVERAL_ROWS}
          onSelectionChanged={(event) => setSelected(event.api.getSelectedRows())}
          // A reloaded page keeps its selected rows (by id) with their new data: commands read the states as shown.
          onRowDataUpdated={(event) => {
            setSelected((current) => (current.length ? event.api.getSelectedRows() : current));
            fitSoon(event.api);
          }}
          onSortChanged={onSortChanged}
          postSortRows={keepServerOrder}
          onRowDoubleClicked={(event) => event.data && onOpenRow?.(event.data)}
          onCellKeyDown={(event) => {
            const keyboard = event.event as KeyboardEvent | undefined;
            if (keyboard?.key === 'Enter' && !isComposing(keyboard) && event.data) onOpenRow?.(event.data);
          }}
          onGridReady={(event) => {
            api.current = event.api;
          }}
          suppressColumnVirtualisation
          // A new page replaces the rows at once: rows fading out would stay in the DOM a moment,
          // where focus (转到列表) and readers could land on a row that is gone.
          animateRows={false}
          // Amounts and states whole and in sight, whatever the width and the values (a new page, the 合计 line).
          onGridSizeChanged={(event) => fitColumns(event.api, event.clientWidth)}
          onFirstDataRendered={(event) => fitSoon(event.api)}
          // New column definitions (hidden columns, the language) bring back the declared widths: fit again.
          onNewColumnsLoaded={(event) => fitSoon(event.api)}
          onPinnedRowDataChanged={(event) => fitSoon(event.api)}
          localeText={localeText}
        />
      </div>
      <Pagination state={page} onChange={(current, pageSize) => void load(current, pageSize)} />
    </div>
  );
}
