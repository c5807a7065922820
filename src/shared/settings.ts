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

/** WCAG relative luminance of a colour. */
function luminance(hex: string): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = toRgb(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Text of normal size needs 4.5:1 (WCAG AA); a little above it, so rounding never fails it. */
const AA_TEXT = 4.6;

/**
 * The lightest shade of a colour, mixed toward black, that reads as text (and carries white text)
 * at WCAG AA on each of the given backgrounds.
 */
export function readableShade(color: string, backgrounds: readonly string[]): string {
  for (let amount = 0; amount <= 1; amount += 0.02) {
    const shade = mix(color, [0, 0, 0], amount);
    if (backgrounds.every((background) => contrastRatio(shade, background) >= AA_TEXT)) return shade;
  }
  return '#000000';
}

/**
 * The CSS variables a theme colour drives: the colour itself (borders, focus, indicators), its
 * hover, active and soft shades, and the strong shade that text and filled buttons use, derived
 * so that they meet WCAG AA on white and on the soft shade.
 */
export function primaryShades(color: string): Record<string, string> {
  if (!isHexColor(color)) throw new Error(`not a colour: ${color}`);
  const soft = mix(color, [255, 255, 255], 0.9);
  return {
    '--color-primary': mix(color, [0, 0, 0], 0),
    '--color-primary-hover': mix(color, [255, 255, 255], 0.2),
    '--color-primary-active': mix(color, [0, 0, 0], 0.15),
    '--color-primary-soft': soft,
    '--color-primary-strong': readableShade(color, ['#ffffff', soft]),
  };
}
