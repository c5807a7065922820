/** Appearance settings and the spec's rules between them (pure). */

export type NavTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

export interface ThemeSettings {
  primaryColor: string;
  navTheme: NavTheme;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
}

/** The spec's defaults: #1890FF, light navigation, side menu, fixed width, multi-tab on. */
export const DEFAULT_SETTINGS: ThemeSettings = {
  primaryColor: '#1890FF',
  navTheme: 'light',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multipage: true,
};

/** The eight theme colour presets (the first is the default). */
export const COLOR_PRESETS = [
  { color: '#1890FF', zh: '拂晓蓝', en: 'Daybreak blue' },
  { color: '#F5222D', zh: '薄暮', en: 'Dust red' },
  { color: '#FA541C', zh: '火山', en: 'Volcano' },
  { color: '#FAAD14', zh: '日暮', en: 'Sunset orange' },
  { color: '#13C2C2', zh: '明青', en: 'Cyan' },
  { color: '#52C41A', zh: '极光绿', en: 'Polar green' },
  { color: '#2F54EB', zh: '极客蓝', en: 'Geek blue' },
  { color: '#722ED1', zh: '酱紫', en: 'Golden purple' },
] as const;

/**
 * Applies one change and the rules that follow from it:
 * - changing layout resets fixed side menu to off;
 * - turning off fixed header also turns off hide-header;
 * - fixed side menu is forced off in top-menu mode.
 */
export function changeSetting<K extends keyof ThemeSettings>(current: ThemeSettings, key: K, value: ThemeSettings[K]): ThemeSettings {
  const next: ThemeSettings = { ...current, [key]: value };
  if (key === 'layout' && value !== current.layout) next.fixSiderbar = false;
  if (key === 'fixedHeader' && value === false) next.autoHideHeader = false;
  if (key === 'autoHideHeader' && value === true && !next.fixedHeader) next.autoHideHeader = false;
  if (next.layout === 'topmenu') next.fixSiderbar = false;
  return next;
}

/** Keeps only known values from stored settings, falling back to the defaults. */
export function sanitiseSettings(raw: unknown): ThemeSettings {
  const value = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof ThemeSettings, unknown>>;
  const pickBool = (key: keyof ThemeSettings) => (typeof value[key] === 'boolean' ? (value[key] as boolean) : (DEFAULT_SETTINGS[key] as boolean));
  let settings: ThemeSettings = {
    primaryColor: typeof value.primaryColor === 'string' && isHexColor(value.primaryColor) ? value.primaryColor : DEFAULT_SETTINGS.primaryColor,
    navTheme: value.navTheme === 'dark' ? 'dark' : 'light',
    layout: value.layout === 'topmenu' ? 'topmenu' : 'sidemenu',
    contentWidth: value.contentWidth === 'Fluid' ? 'Fluid' : 'Fixed',
    fixedHeader: pickBool('fixedHeader'),
    autoHideHeader: pickBool('autoHideHeader'),
    fixSiderbar: pickBool('fixSiderbar'),
    colorWeak: pickBool('colorWeak'),
    multipage: pickBool('multipage'),
  };
  if (!settings.fixedHeader) settings = { ...settings, autoHideHeader: false };
  if (settings.layout === 'topmenu') settings = { ...settings, fixSiderbar: false };
  return settings;
}

export function isHexColor(value: string): boolean {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
}

function toRgb(hex: string): [number, number, number] {
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  const n = Number.parseInt(full.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(hex: string, target: [number, number, number], amount: number): string {
  const [r, g, b] = toRgb(hex);
  const channel = (from: number, to: number) => Math.round(from + (to - from) * amount);
  return `#${[channel(r, target[0]), channel(g, target[1]), channel(b, target[2])].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The CSS variables a theme colour drives: the colour and its hover, active and soft shades. */
export function primaryShades(color: string): Record<string, string> {
  if (!isHexColor(color)) throw new Error(`not a colour: ${color}`);
  return {
    '--color-primary': mix(color, [0, 0, 0], 0),
    '--color-primary-hover': mix(color, [255, 255, 255], 0.2),
    '--color-primary-active': mix(color, [0, 0, 0], 0.15),
    '--color-primary-soft': mix(color, [255, 255, 255], 0.9),
  };
}
