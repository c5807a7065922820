import { create } from 'zustand';

/**
 * Things screens list; a dialog that saves one bumps its version and every list of it reloads.
 * Declared entities use their id (`meals.canteen`).
 */
export type DataKind = 'users' | 'roles' | 'departments' | 'permissions' | (string & {});

interface DataVersionState {
  versions: Partial<Record<DataKind, number>>;
  /** Moves when every list must reload at once (the console's language changed: texts come from the server). */
  epoch: number;
  bump(kind: DataKind): void;
  reloadAll(): void;
}

export const useDataVersion = create<DataVersionState>()((set) => ({
  versions: { users: 0, roles: 0, departments: 0, permissions: 0 },
  epoch: 0,
  bump: (kind) => set((state) => ({ versions: { ...state.versions, [kind]: (state.versions[kind] ?? 0) + 1 } })),
  reloadAll: () => set((state) => ({ epoch: state.epoch + 1 })),
}));

/** A key that changes whenever a list of any of these kinds should reload. */
export function useListVersion(...kinds: DataKind[]): string {
  return useDataVersion((state) => [state.epoch, ...kinds.map((kind) => state.versions[kind] ?? 0)].join(':'));
}
