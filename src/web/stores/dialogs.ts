import { create } from 'zustand';
import { rememberFocus } from '@web/lib/focus';
import { dialogClosed, holdForDialog } from '@web/lib/typeAhead';
import type { DialogKind, DialogProps } from '@commands/services';

/** An open dialog: what it is, what it opened with, and who waits for its result. */
export interface OpenDialog {
  id: number;
  kind: DialogKind;
  props: DialogProps;
  resolve(result: unknown): void;
}

interface DialogState {
  /** Open dialogs, the top one last: a picker opened from a form sits above the form. */
  stack: readonly OpenDialog[];
  /** Opens a dialog above the others; resolves with its result when it closes (undefined: cancelled). */
  open(kind: DialogKind, props?: DialogProps): Promise<unknown>;
  /** Closes the top dialog with a result. */
  close(result?: unknown): void;
  /** Closes every dialog (signing out, leaving the console). */
  closeAll(): void;
}

let nextId = 0;

/** The console's one dialog stack (commands open dialogs; the host renders them). */
export const useDialogs = create<DialogState>()((set, get) => ({
  stack: [],
  open: (kind, props = {}) =>
    new Promise((resolve) => {
      // The first dialog remembers where focus was, to give it back when the last one closes.
      if (get().stack.length === 0) rememberFocus();
      // Keys typed while its chunk loads are the dialog's: they wait until it has the focus.
      holdForDialog();
      nextId += 1;
      set((state) => ({ stack: [...state.stack, { id: nextId, kind, props, resolve }] }));
    }),
  close: (result) => {
    const top = get().stack.at(-1);
    if (!top) return;
    set((state) => ({ stack: state.stack.slice(0, -1) }));
    dialogClosed();
    top.resolve(result);
  },
  closeAll: () => {
    const open = get().stack;
    set({ stack: [] });
    dialogClosed();
    for (const dialog of open) dialog.resolve(undefined);
  },
}));
