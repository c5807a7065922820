import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Maximize2, Minimize2, X } from 'lucide-react';
import { MODAL_WIDTHS, PICKER_TABLE_SCROLL } from '@shared/constants';
import { onlineReport } from '@shared/entities/online/report';
import { entityApi } from '@web/api/entities';
import type { ReportRow } from '@web/api/onlineReports';
import { Button } from '@web/components/ui/Button';
import { ListGrid } from '@web/grid/ListGrid';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { useReport } from '@web/online/useReport';
import { useDialogs } from '../stores/dialogs';

/**
 * The report popup picker (the specification's §2, §4, §5): an online report's rows in a dialog
 * titled with its name, 1200 wide with a full-screen switch, its query area (查询, 重置, 展开/收起,
 * Enter searches), the 已选择 N 项 line with 清空 (and 刷新 without a query area), pages of
 * 10/20/30 with a jumper. A click toggles a row; with `multi` '0' only one row stays chosen. 确定
 * with none chosen — or several when not multi — warns 请选择一条记录; otherwise it resolves with
 * the chosen rows and closes (the selection goes with it, as it does on 关闭).
 */
export default function ReportPopupDialog({
  code: given = '',
  reportId,
  multi = '0',
  groupId,
}: {
  code?: string | undefined;
  /** The designer's 预览: a stored report by its record id. */
  reportId?: string | undefined;
  multi?: string | undefined;
  groupId?: string | undefined;
}) {
  const t = useT();
  const close = useDialogs((state) => state.close);
  const [code, setCode] = useState(given);
  useEffect(() => {
    if (!reportId || given) return;
    entityApi.get(onlineReport, reportId).then(
      (record) => setCode(String(record.code ?? '')),
      () => close(),
    );
  }, [reportId, given, close]);
  const report = useReport(code, groupId);
  const [fullscreen, setFullscreen] = useState(false);
  const chosen = useRef<readonly ReportRow[]>([]);
  const many = multi === '1' || multi === 'true';

  // A report that cannot be read was told by the request: the picker closes with nothing.
  useEffect(() => {
    if (report === null) close();
  }, [report, close]);

  const confirm = useCallback(
    (rows: readonly ReportRow[] = chosen.current) => {
      if (rows.length === 0 || (!many && rows.length > 1)) {
        toast.warning(t('reportPicker.chooseOne'));
        return;
      }
      close([...rows]);
    },
    [close, many, t],
  );

  if (!report) return null;
  const width = MODAL_WIDTHS.picker;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/30" />
        <Dialog.Content
          className={cn('fixed z-[60] flex flex-col bg-surface shadow-2xl', fullscreen ? 'inset-0' : 'top-[6vh] left-1/2 max-h-[88vh] max-w-[calc(100vw-24px)] -translate-x-1/2 rounded-md')}
          style={fullscreen ? undefined : { width }}
          data-testid="report-picker"
          aria-describedby={undefined}
          // The first query field takes the keys (Enter searches); without one, the table's first cell.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            window.setTimeout(() => {
              const root = document.querySelector<HTMLElement>('[data-testid="report-picker"]');
              const first = root?.querySelector<HTMLElement>('[data-testid="query-area"] input, [data-testid="query-area"] button[role="combobox"], .ag-cell');
              first?.focus();
            });
          }}
        >
          <div className="flex items-center gap-2 border-b border-border px-6 py-3">
            <Dialog.Title className="flex-1 truncate text-base font-medium text-text">{report.name}</Dialog.Title>
            <button
              type="button"
              className="flex size-8 items-center justify-center rounded text-text-muted hover:bg-black/5"
              aria-label={fullscreen ? t('reportPicker.restore') : t('reportPicker.fullscreen')}
              aria-pressed={fullscreen}
              onClick={() => setFullscreen(!fullscreen)}
            >
              {fullscreen ? <Minimize2 className="size-4" aria-hidden /> : <Maximize2 className="size-4" aria-hidden />}
            </button>
            <Dialog.Close className="flex size-8 items-center justify-center rounded text-text-muted hover:bg-black/5" aria-label={t('common.close')}>
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <div
            className="min-h-0 flex-1 overflow-auto px-6 py-4"
            // ↓ from a typed query field goes to the rows (Space chooses, Enter confirms).
            onKeyDown={(event) => {
              const target = event.target as HTMLElement;
              if (event.key !== 'ArrowDown' || event.nativeEvent.isComposing || !target.matches('[data-testid="query-area"] input:not([role])')) return;
              const first = event.currentTarget.querySelector<HTMLElement>('.ag-row[row-index="0"] [role="gridcell"]');
              if (!first) return;
              event.preventDefault();
              first.focus();
            }}
          >
            <div style={{ minWidth: Math.min(PICKER_TABLE_SCROLL, width - 48) }}>
              <ListGrid<ReportRow>
                columns={report.columns}
                queryFields={report.queryFields}
                fetchPage={report.fetchPage}
                selection={many ? 'checkbox' : 'radio'}
                clickToggles
                selectionScope={`report-picker:${code}`}
                onSelectionChange={(rows) => {
                  chosen.current = rows;
                }}
                // Enter (or a double click) on a row: that row when nothing else is chosen.
                onOpenRow={(row) => confirm(chosen.current.length ? chosen.current : [row])}
                height={fullscreen ? 640 : 420}
              />
            </div>
          </div>
          <div className="flex justify-end gap-2 border-t border-border px-6 py-3">
            <Button onClick={() => close()}>{t('common.close')}</Button>
            <Button variant="primary" onClick={() => confirm()} data-testid="report-picker-ok">
              {t('common.ok')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
