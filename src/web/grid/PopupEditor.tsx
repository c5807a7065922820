import { useEffect } from 'react';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { toast } from '@web/lib/toast';
import { checkPopupConfig, popupChanges, type PopupConfig } from '@shared/grid/popup';
import { useT } from '@web/i18n';
import type { GridRow } from './types';

/** A popup cell's picker: resolves the picked rows, or null when the user cancels. */
export type Picker = (row: GridRow) => Promise<readonly Record<string, unknown>[] | null>;

export interface PopupEditorParams {
  picker: Picker;
  popup: PopupConfig;
  /** Writes the picked fields into the row (some may not be columns of the grid). */
  onPicked(rowId: string, changes: Record<string, unknown>): void;
}

/**
 * Editing a popup cell opens its picker (the report popup picker of its report, or the screen's
 * own) and copies the picked fields into the row.
 */
export function PopupEditor({ data, stopEditing, picker, popup, onPicked }: CustomCellEditorProps & PopupEditorParams) {
  const t = useT();
  useEffect(() => {
    const problem = checkPopupConfig(popup);
    if (problem) {
      toast.warning(problem);
      stopEditing(true);
      return;
    }
    let live = true;
    void picker(data as GridRow).then((picked) => {
      // The edit ends first (the picker's dialog took the focus, so the grid may have ended it
      // already): a value set while the cell is still being edited would be undone by the
      // cancel. Then the picked fields are written into the row.
      if (live) stopEditing(true);
      if (picked) window.setTimeout(() => onPicked((data as GridRow).id, popupChanges(popup, picked)));
    });
    return () => {
      live = false;
    };
    // Runs once per edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <span className="px-2 text-xs text-text-muted">{t('editGrid.picking')}</span>;
}
