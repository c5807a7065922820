import { create } from 'zustand';

/**
 * Things screens list; a dialog that saves one bumps its version and every list of it reloads.
 * Declared entities use their id (`meals.canteen`).
 */
export type DataKind = 'users' | 'roles' | 'departments' | 'permissions' | (string & {});

interface DataVersionState {
  versions: Partial<Record<DataKind, number>>;
  bump(kind: DataKind): void;
}

export const useDataVersion = create<DataVersionState>()((set) => ({
  versions: { users: 0, roles: 0, departments: 0, permissions: 0 },
  bump: (kind) => set((state) => ({ versions: { ...state.versions, [kind]: (state.versions[kind] ?? 0) + 1 } })),
}));
