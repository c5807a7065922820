import type { StatisticKind } from '@shared/grid/cells';
import type { ValidateRule } from '@shared/grid/validation';

export type CellType = 'text' | 'number' | 'select' | 'checkbox' | 'date' | 'datetime' | 'tags' | 'progress' | 'file' | 'image' | 'dragSort';

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
  validateRules?: readonly ValidateRule[];
  /** Footer rows: sum and/or average of this column. */
  statistics?: readonly StatisticKind[];
}

export type GridRow = Record<string, unknown> & { id: string };
