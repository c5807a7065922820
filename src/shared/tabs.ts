import { HOME_PATH } from '@shared/constants';

/** A page open as a tab, keyed by its full path (path and query). */
export interface TabEntry {
  fullPath: string;
  path: string;
  title: string;
  titleEn?: string;
  keepAlive: boolean;
  /** Bumped by "refresh": the page remounts. */
  version: number;
}

export interface TabsState {
  tabs: TabEntry[];
  active: string | null;
  /** Closed tabs, most recent last, for "reopen closed tab". */
  closed: TabEntry[];
  /**
   * The current page whose tab was just closed, until the browser has left it: nothing may open
   * its tab again meanwhile (a re-render or a remount of the tracker before the navigation lands).
   */
  leaving?: string | null;
}

/** Why a close was refused: the spec's two messages. */
export type TabRefusal = 'homeCannotClose' | 'lastCannotClose';

export type TabAction =
  /** `confirmed`: the address bar shows this page now (not a late render of a page being left). */
  | { type: 'visit'; entry: Omit<TabEntry, 'version'>; confirmed?: boolean }
  // Without a fullPath these act on the current tab (read when applied, never stale).
  | { type: 'close'; fullPath?: string | undefined }
  | { type: 'closeLeft'; fullPath?: string | undefined }
  | { type: 'closeRight'; fullPath?: string | undefined }
  | { type: 'closeOthers'; fullPath?: string | undefined }
  | { type: 'refresh'; fullPath?: string | undefined }
  | { type: 'step'; step: 1 | -1; from?: string | undefined }
  | { type: 'jump'; position: number }
  | { type: 'reopen' }
  | { type: 'singlePage' };

export interface TabResult {
  state: TabsState;
  /** Where the browser should go now (after closing the active tab, reopening…). */
  navigateTo?: string;
  refused?: TabRefusal;
}

export const EMPTY_TABS: TabsState = { tabs: [], active: null, closed: [], leaving: null };
const CLOSED_KEEP = 10;

const isHome = (tab: TabEntry) => tab.path === HOME_PATH;

function remember(closed: TabEntry[], removed: TabEntry[]): TabEntry[] {
  return [...closed.filter((c) => !removed.some((r) => r.fullPath === c.fullPath)), ...removed].slice(-CLOSED_KEEP);
}

/** After removing tabs, keep the active one if it survived, else go to a neighbour. */
function settle(state: TabsState, kept: TabEntry[], removed: TabEntry[], anchorIndex: number): TabResult {
  const next: TabsState = { tabs: kept, active: state.active, closed: remember(state.closed, removed), leaving: state.leaving ?? null };
  if (kept.some((tab) => tab.fullPath === state.active)) return { state: next };
  next.leaving = state.active;
  const neighbour = kept[Math.min(anchorIndex, kept.length - 1)] ?? kept.at(-1);
  next.active = neighbour?.fullPath ?? null;
  return neighbour ? { state: next, navigateTo: neighbour.fullPath } : { state: next };
}

/**
 * The multi-page tab rules: a new path adds a tab, revisiting an open path replaces its entry;
 * home and the last tab cannot be closed; closing moves focus to a neighbour.
 */
export function tabsReducer(state: TabsState, action: TabAction): TabResult {
  const targetOf = (fullPath: string | undefined) => fullPath ?? state.active ?? '';
  switch (action.type) {
    case 'visit': {
      const index = state.tabs.findIndex((tab) => tab.fullPath === action.entry.fullPath);
      // The page whose tab was just closed, seen again before the browser left it: not a visit.
      if (index < 0 && state.leaving === action.entry.fullPath && !action.confirmed) return { state };
      if (index < 0) {
        // Home is always the first tab.
        const tab = { ...action.entry, version: 0 };
        const tabs = action.entry.path === HOME_PATH ? [tab, ...state.tabs] : [...state.tabs, tab];
        return { state: { ...state, tabs, active: action.entry.fullPath, leaving: null } };
      }
      const tabs = state.tabs.slice();
      tabs[index] = { ...action.entry, version: tabs[index]!.version };
      return { state: { ...state, tabs, active: action.entry.fullPath, leaving: null } };
    }
    case 'close': {
      const index = state.tabs.findIndex((tab) => tab.fullPath === targetOf(action.fullPath));
      const tab = state.tabs[index];
      if (!tab) return { state };
      if (isHome(tab)) return { state, refused: 'homeCannotClose' };
      if (state.tabs.length <= 1) return { state, refused: 'lastCannotClose' };
      const kept = state.tabs.filter((_, i) => i !== index);
      // The right-hand neighbour takes the closed tab's place; at the end, the left one.
      return settle(state, kept, [tab], index);
    }
    case 'closeLeft':
    case 'closeRight':
    case 'closeOthers': {
      const fullPath = targetOf(action.fullPath);
      const index = state.tabs.findIndex((tab) => tab.fullPath === fullPath);
      if (index < 0) return { state };
      const doomed = (tab: TabEntry, i: number) => !isHome(tab) && (action.type === 'closeLeft' ? i < index : action.type === 'closeRight' ? i > index : i !== index);
      const removed = state.tabs.filter(doomed);
      const kept = state.tabs.filter((tab, i) => !doomed(tab, i));
      const result = settle(
        state,
        kept,
        removed,
        kept.findIndex((tab) => tab.fullPath === fullPath),
      );
      // Acting on a tab makes it the current one, as a click on it would.
      if (result.state.active !== fullPath) {
        result.state.active = fullPath;
        result.navigateTo = fullPath;
      }
      return result;
    }
    case 'refresh': {
      const fullPath = targetOf(action.fullPath);
      return { state: { ...state, tabs: state.tabs.map((tab) => (tab.fullPath === fullPath ? { ...tab, version: tab.version + 1 } : tab)) } };
    }
    case 'reopen': {
      const last = state.closed.at(-1);
      if (!last) return { state };
      const closed = state.closed.slice(0, -1);
      const open = state.tabs.some((tab) => tab.fullPath === last.fullPath);
      return {
        state: { tabs: open ? state.tabs : [...state.tabs, last], active: last.fullPath, closed, leaving: null },
        navigateTo: last.fullPath,
      };
    }
    case 'step': {
      const next = neighbourOf({ ...state, active: action.from ?? state.active }, action.step);
      return next ? { state: { ...state, active: next.fullPath }, navigateTo: next.fullPath } : { state };
    }
    case 'jump': {
      const target = state.tabs[action.position - 1];
      return target ? { state: { ...state, active: target.fullPath }, navigateTo: target.fullPath } : { state };
    }
    case 'singlePage': {
      const current = state.tabs.find((tab) => tab.fullPath === state.active);
      return { state: { tabs: current ? [current] : [], active: current?.fullPath ?? null, closed: state.closed } };
    }
  }
}

/** The tab after (+1) or before (-1) the active one, wrapping around. */
export function neighbourOf(state: TabsState, step: 1 | -1): TabEntry | undefined {
  if (state.tabs.length === 0) return undefined;
  const index = state.tabs.findIndex((tab) => tab.fullPath === state.active);
  return state.tabs[(index + step + state.tabs.length) % state.tabs.length];
}
