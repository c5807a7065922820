import { create } from 'zustand';

type Rows = readonly Record<string, unknown>[];
const NONE: Rows = [];

interface ScreenSelection {
  rows: Rows;
  /** Clears the grid's own selection too (set by the grid that owns it). */
  clear: () => void;
}

interface SelectionState {
  /**
   * Rows selected in each screen's list, by the screen's path: a command acts only on the rows
   * of the screen the user is looking at, never on those of another open tab.
   */
  byScreen: Readonly<Record<string, ScreenSelection>>;
  set(screen: string, rows: Rows, clear: () => void): void;
  /** Clears one screen's selection (the list's own too). */
  clear(screen: string): void;
}

export const useSelection = create<SelectionState>()((set, get) => ({
  byScreen: {},
  set: (screen, rows, clear) => set((state) => ({ byScreen: { ...state.byScreen, [screen]: { rows, clear } } })),
  clear: (screen) => {
    get().byScreen[screen]?.clear();
    set((state) => ({ byScreen: { ...state.byScreen, [screen]: { rows: NONE, clear: state.byScreen[screen]?.clear ?? (() => undefined) } } }));
  },
}));

/** The selection of one screen (empty when it has none). */
export const selectionOf = (state: SelectionState, screen: string): Rows => state.byScreen[screen]?.rows ?? NONE;
