import { create } from 'zustand';
import { toast } from '@web/lib/toast';
import { translate } from '@web/i18n';
import { useSession } from '@web/stores/session';
import { EMPTY_TABS, tabsReducer, type TabAction, type TabsState } from '@shared/tabs';

const keyOf = () => `ccu-tabs:${useSession.getState().username ?? ''}`;

function load(): TabsState {
  try {
    const saved = JSON.parse(localStorage.getItem(keyOf()) ?? 'null') as TabsState | null;
    // A page being left belongs to the moment, not to the next session.
    return saved && Array.isArray(saved.tabs) ? { ...EMPTY_TABS, ...saved, leaving: null } : EMPTY_TABS;
  } catch {
    return EMPTY_TABS;
  }
}

interface TabsStore extends TabsState {
  /** Per-path titles that override the menu title (set by screens). */
  titles: Record<string, string>;
  /** Applies an action; returns where to navigate, if anywhere. Refusals are shown to the user. */
  dispatch(action: TabAction): string | undefined;
  setTitle(fullPath: string, title: string): void;
  /** Reads this user's saved tabs (after sign-in). */
  restore(): void;
}

/** Open tabs, kept per user across reloads. */
export const useTabs = create<TabsStore>()((set, get) => ({
  ...load(),
  titles: {},
  dispatch(action) {
    const { tabs, active, closed, leaving } = get();
    const result = tabsReducer({ tabs, active, closed, leaving: leaving ?? null }, action);
    if (result.refused) {
      toast.warning(translate(result.refused === 'homeCannotClose' ? 'tabs.homeCannotClose' : 'tabs.lastCannotClose'));
      return undefined;
    }
    set(result.state);
    localStorage.setItem(keyOf(), JSON.stringify(result.state));
    return result.navigateTo;
  },
  setTitle: (fullPath, title) => set((state) => ({ titles: { ...state.titles, [fullPath]: title } })),
  restore: () => set(load()),
}));
