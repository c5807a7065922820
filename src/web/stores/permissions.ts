import { create } from 'zustand';
import { STORAGE_KEYS } from '@shared/constants';
import type { AuthEntry, MenuItem, PermissionResult } from '@shared/types';
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
export const usePermissions = create<PermissionsState>()((set) => ({
  loaded: false,
  menu: [],
  auth: [],
  allAuth: [],
  codes: new Set(),
  setPermissions({ menu, auth, allAuth, codes }) {
    session.set(STORAGE_KEYS.userButtonAuth, auth);
    session.set(STORAGE_KEYS.systemButtonAuth, allAuth);
    set({ loaded: true, menu, auth, allAuth, codes: new Set(codes ?? []) });
  },
  reset() {
    set({ loaded: false, menu: [], auth: [], allAuth: [], codes: new Set() });
  },
}));
