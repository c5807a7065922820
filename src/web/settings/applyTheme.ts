import { primaryShades, type ThemeSettings } from '@shared/settings';

/** Kept beside the settings so public/theme-boot.js can paint the theme before React loads. */
export const THEME_VARS_KEY = 'ccu-theme-vars';

/** Writes the theme to the document: colour variables, menu theme, colour-weak filter. */
export function applyTheme(settings: ThemeSettings): void {
  const vars = primaryShades(settings.primaryColor);
  const root = document.documentElement;
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  root.dataset.menuTheme = settings.navTheme;
  root.classList.toggle('color-weak', settings.colorWeak);
  localStorage.setItem(THEME_VARS_KEY, JSON.stringify({ vars, menuTheme: settings.navTheme, colorWeak: settings.colorWeak }));
}
