import type { StatisticKind } from '@shared/grid/cells';
import type { PopupConfig } from '@shared/grid/popup';
import type { ValidateRule } from '@shared/grid/validation';

export type CellType = 'text' | 'number' | 'select' | 'checkbox' | 'date' | 'datetime' | 'tags' | 'progress' | 'file' | 'image' | 'popup' | 'dragSort';

/** A column of an editable grid, as a screen declares it. */
export interface EditableColumn {
  key: string;
  title: string;
  type: CellType;
  width?: number;
  /** Options from a dictionary (select cells). */
  dictCode?: string;
  options?: readonly { value: string; text: string }[];
  /** Select: several values, stored joined with commas. */
  multiple?: boolean;
  /** Select: typed text may be chosen as a value. */
  freeInput?: boolean;
  /** File and image cells: hide the download link or the remove button. */
  disableDownload?: boolean;
  disableRemove?: boolean;
  /** Popup cells: the picker, and which picked fields fill which row fields. */
  picker?: (row: GridRow) => Promise<readonly Record<string, unknown>[] | null>;
  popup?: PopupConfig;
  validateRules?: readonly ValidateRule[];
  /** Footer rows: sum and/or average of this column. */
  statistics?: readonly StatisticKind[];
}

export type GridRow = Record<string, unknown> & { id: string };
