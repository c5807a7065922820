import { create } from 'zustand';
import { STORAGE_KEYS } from '@shared/constants';
import type { AuthEntry, MenuItem, PermissionResult } from '@shared/types';
import { whenIdle } from '@web/lib/browser';
import { session } from '@web/lib/storage';

interface PermissionsState {
  /** False until the permission answer for this session has arrived. */
  loaded: boolean;
  menu: MenuItem[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  codes: ReadonlySet<string>;
  setPermissions(result: PermissionResult): void;
  reset(): void;
}

/** The menu and button permissions the server decided for the signed-in user. */
export const usePermissions = create<PermissionsState>()((set, get) => ({
  loaded: false,
  menu: [],
  auth: [],
  allAuth: [],
  codes: new Set(),
  setPermissions({ menu, auth, allAuth, codes }) {
    set({ loaded: true, menu, auth, allAuth, codes: new Set(codes ?? []) });
    // Kept for the family's scripts, never read back here: written once the console is drawn
    // (the system list is large), unless signed out or replaced by then.
    whenIdle(() => {
      if (get().auth !== auth) return;
      session.set(STORAGE_KEYS.userButtonAuth, auth);
      session.set(STORAGE_KEYS.systemButtonAuth, allAuth);
    });
  },
  reset() {
    set({ loaded: false, menu: [], auth: [], allAuth: [], codes: new Set() });
  },
}));
