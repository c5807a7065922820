import { create } from 'zustand';
import { rememberFocus } from '@web/lib/focus';
import { holdForCommand } from '@web/lib/typeAhead';

/** A nested palette page: a command waiting for one of its arguments. */
export interface PalettePage {
  commandId: string;
  argName: string;
  /** Arguments already chosen on earlier pages. */
  args: Record<string, string>;
}

interface PaletteState {
  open: boolean;
  /** `menus` is the header's menu search: only leaf menus. */
  scope: 'all' | 'menus';
  query: string;
  pages: PalettePage[];
  /** The locked section (commands the user lacks a permission for) is revealed. */
  showLocked: boolean;
  helpOpen: boolean;
  /**
   * The palette's input has the focus: keys go to it. Until then (its chunk loading, the dialog
   * drawing) the key buffer keeps what is typed in `query` and an Enter in `pendingEnter`.
   */
  inputReady: boolean;
  pendingEnter: boolean;
  /** The console's hotkeys are listening; before that the key buffer answers Ctrl+K itself. */
  hotkeysReady: boolean;
  setInputReady(ready: boolean): void;
  setPendingEnter(pending: boolean): void;
  /**
   * An Enter the palette has not yet acted on (kept before its input was ready, or a scanned
   * number waiting for its person): the keys after it are for what it opens, and wait.
   */
  holdKeysForEnter(): void;
  /** The Enter is acted on (or came to nothing, the palette still open): the keys go on. */
  releaseKeysForEnter(): void;
  setHotkeysReady(ready: boolean): void;
  openPalette(scope?: 'all' | 'menus', page?: PalettePage): void;
  close(): void;
  setQuery(query: string): void;
  pushPage(page: PalettePage): void;
  /** Returns false when there was no page to pop. */
  popPage(): boolean;
  toggleLocked(): void;
  setHelpOpen(open: boolean): void;
}

let enterHold: (() => void) | null = null;

/** Palette state: open or not, its query and its stack of nested pages. */
export const usePalette = create<PaletteState>()((set, get) => ({
  open: false,
  scope: 'all',
  query: '',
  pages: [],
  showLocked: false,
  helpOpen: false,
  inputReady: false,
  pendingEnter: false,
  hotkeysReady: false,
  setInputReady: (inputReady) => set({ inputReady }),
  setPendingEnter: (pendingEnter) => {
    if (pendingEnter) get().holdKeysForEnter();
    set({ pendingEnter });
  },
  holdKeysForEnter: () => {
    enterHold ??= holdForCommand();
  },
  releaseKeysForEnter: () => {
    enterHold?.();
    enterHold = null;
  },
  setHotkeysReady: (hotkeysReady) => set({ hotkeysReady }),
  openPalette: (scope = 'all', page) => {
    // Where the focus was: it goes back there on close (see lib/focus).
    rememberFocus();
    set({
      open: true,
      scope,
      query: '',
      pages: page ? [page] : [],
      helpOpen: false,
      inputReady: false,
      pendingEnter: false,
    });
  },
  close: () => {
    set({ open: false, query: '', pages: [], showLocked: false, inputReady: false, pendingEnter: false });
    // What the Enter opened holds the keys now (a page being drawn, a command starting).
    get().releaseKeysForEnter();
  },
  setQuery: (query) => set({ query }),
  pushPage: (page) => set((state) => ({ pages: [...state.pages, page], query: '' })),
  popPage: () => {
    if (get().pages.length === 0) return false;
    set((state) => ({ pages: state.pages.slice(0, -1), query: '' }));
    return true;
  },
  toggleLocked: () => set((state) => ({ showLocked: !state.showLocked })),
  setHelpOpen: (helpOpen) => set({ helpOpen, ...(helpOpen ? { open: false } : {}) }),
}));
