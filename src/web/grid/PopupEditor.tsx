import { useEffect } from 'react';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { toast } from 'sonner';
import { checkPopupConfig, popupChanges, type PopupConfig } from '@shared/grid/popup';
import type { GridRow } from './types';

/** A popup cell's picker: resolves the picked rows, or null when the user cancels. */
export type Picker = (row: GridRow) => Promise<readonly Record<string, unknown>[] | null>;

export interface PopupEditorParams {
  picker: Picker;
  popup: PopupConfig;
}

/**
 * Editing a popup cell opens its picker (the report picker dialog once it exists; any picker
 * function until then) and copies the picked fields into the row.
 */
export function PopupEditor({ data, node, stopEditing, picker, popup }: CustomCellEditorProps & PopupEditorParams) {
  useEffect(() => {
    const problem = checkPopupConfig(popup);
    if (problem) {
      toast.warning(problem);
      stopEditing(true);
      return;
    }
    let live = true;
    void picker(data as GridRow).then((picked) => {
      if (!live) return;
      if (picked) for (const [field, value] of Object.entries(popupChanges(popup, picked))) node.setDataValue(field, value);
      stopEditing(true);
    });
    return () => {
      live = false;
    };
    // Runs once per edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <span className="px-2 text-xs text-text-muted">选择中…</span>;
}
