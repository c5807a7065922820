import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface LayoutState {
  /** Side menu collapsed to icons (80 px); persisted. */
  collapsed: boolean;
  toggleCollapsed(): void;
}

export const useLayout = create<LayoutState>()(
  persist(
    (set) => ({
      collapsed: false,
      toggleCollapsed: () => set((state) => ({ collapsed: !state.collapsed })),
    }),
    { name: 'ccu-layout' },
  ),
);
