import { create } from 'zustand';
import { toast } from '@web/lib/toast';
import { translate } from '@web/i18n';
import { applyTheme } from './applyTheme';
import { changeSetting, sanitiseSettings, type ThemeSettings } from '@shared/settings';

const STORAGE_KEY = 'ccu-settings';

function load(): ThemeSettings {
  try {
    return sanitiseSettings(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
  } catch {
    return sanitiseSettings(null);
  }
}

interface SettingsState {
  settings: ThemeSettings;
  drawerOpen: boolean;
  change<K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]): void;
  setDrawerOpen(open: boolean): void;
}

/** Appearance is personal: kept per browser, applied at once (and before first paint on load). */
export const useSettings = create<SettingsState>()((set, get) => ({
  settings: load(),
  drawerOpen: false,
  change(key, value) {
    const next = changeSetting(get().settings, key, value);
    try {
      applyTheme(next);
    } catch {
      toast.error(translate('settings.themeFailed'));
      return;
    }
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    set({ settings: next });
  },
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
}));

/** Applies the stored settings once at start (the boot script already did before paint). */
export function initTheme(): void {
  try {
    applyTheme(useSettings.getState().settings);
  } catch {
    toast.error(translate('settings.themeFailed'));
  }
}
