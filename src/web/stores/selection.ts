import { create } from 'zustand';

interface SelectionState {
  /** Rows selected in the current screen's list, for row commands in the palette. */
  rows: readonly Record<string, unknown>[];
  /** Clears the grid's own selection too (set by the grid that owns it). */
  clear: () => void;
  set(rows: readonly Record<string, unknown>[], clear: () => void): void;
}

export const useSelection = create<SelectionState>()((set) => ({
  rows: [],
  clear: () => undefined,
  set: (rows, clear) => set({ rows, clear }),
}));
