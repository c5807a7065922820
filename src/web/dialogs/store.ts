import { create } from 'zustand';
import type { DialogKind, DialogProps } from '@commands/types';

interface DialogState {
  current: { kind: DialogKind; props: DialogProps } | null;
  open(kind: DialogKind, props?: DialogProps): void;
  close(): void;
}

/** The one open form dialog of the console (commands open them; the host renders them). */
export const useDialogs = create<DialogState>()((set) => ({
  current: null,
  open: (kind, props = {}) => set({ current: { kind, props } }),
  close: () => set({ current: null }),
}));
