import type { AuthEntry } from '@shared/permissions';
import type { Locale } from '@web/i18n';
import type { ThemeSettings } from '@web/settings/rules';
import type { TabAction } from '@web/tabs/tabsReducer';

/** Sections group commands in the palette and the help sheet, in this order. */
export const SECTIONS = ['rows', 'navigation', 'tabs', 'session', 'appearance', 'system', 'help'] as const;
export type SectionId = (typeof SECTIONS)[number];

export const SECTION_TITLES: Record<SectionId, { 'zh-CN': string; en: string }> = {
  rows: { 'zh-CN': '选中的行', en: 'Selected rows' },
  navigation: { 'zh-CN': '导航', en: 'Navigation' },
  tabs: { 'zh-CN': '页签', en: 'Tabs' },
  session: { 'zh-CN': '账户', en: 'Account' },
  appearance: { 'zh-CN': '外观', en: 'Appearance' },
  system: { 'zh-CN': '系统管理', en: 'System administration' },
  help: { 'zh-CN': '帮助', en: 'Help' },
};

/** The form dialogs commands open (the web app's dialog host renders them, lazily). */
export type DialogKind = 'entityForm' | 'downloads' | 'userForm' | 'resetPassword' | 'roleAuthorize' | 'departAuthorize' | 'departRoles' | 'departUserRoles' | 'departRoleAuthorize' | 'departForm' | 'permissionForm' | 'dataRules' | 'changePassword' | 'switchDepart';
/** What a dialog opens with: the record's id, a parent id, a username… */
export type DialogProps = Readonly<Record<string, string | undefined>>;

/** Record actions that ask for confirmation, call the server and refresh the lists. */
export interface AdminServices {
  deleteUsers(ids: readonly string[]): Promise<void>;
  setUsersFrozen(ids: readonly string[], frozen: boolean): Promise<void>;
  deleteDepart(id: string): Promise<void>;
  deletePermission(id: string): Promise<void>;
  /** Deletes records of a declared entity (by its id, `meals.canteen`). */
  deleteRecords(entity: string, ids: readonly string[]): Promise<void>;
  /** Imports a workbook chosen by the user into a declared entity (all rows or none). */
  importRecords(entity: string): Promise<void>;
  /** Exports a declared entity's list (its current query, or the selected rows) to the download centre. */
  exportRecords(entity: string, ids: readonly string[]): Promise<void>;
}

/** What the app lets a command do; commands never reach into stores or the router themselves. */
export interface CommandServices {
  navigate(to: string): void;
  back(): void;
  forward(): void;
  logout(): Promise<void>;
  clearCache(): Promise<void>;
  toggleSider(): void;
  setLocale(locale: Locale): void;
  openPalette(): void;
  openHelp(): void;
  copyText(text: string): Promise<void>;
  /** Applies a tab action (and goes where it leads). */
  tabs(action: TabAction): void;
  /** Changes one appearance setting, with the settings rules applied. */
  setSetting<K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]): void;
  openSettings(): void;
  /** Downloads rows as a CSV file (UTF-8 with BOM, so Excel reads Chinese right). */
  exportCsv(rows: readonly Record<string, unknown>[]): void;
  clearSelection(): void;
  /** Downloads the whole menu and permission tree as JSON. */
  exportPermissions(): Promise<void>;
  /** `https://host` of the console, for links. */
  origin: string;
  openDialog(kind: DialogKind, props?: DialogProps): void;
  /** A warning toast (nothing selected, and the like). */
  warn(message: string): void;
  admin: AdminServices;
}

/** What availability is decided from: a pure function of this. */
export interface CommandContext {
  pathname: string;
  /** Full path with the query, for "copy link". */
  fullPath: string;
  /** Permission codes the signed-in user holds. */
  codes: ReadonlySet<string>;
  /** The user's button entries and the system's (with statuses), for the shared button rule. */
  auth: readonly AuthEntry[];
  allAuth: readonly AuthEntry[];
  locale: Locale;
  /** Rows selected on the current screen (grids fill it later). */
  selection: readonly unknown[];
  settings: ThemeSettings;
  /** Open tabs in order (empty when multi-page mode is off). */
  openTabs: readonly { fullPath: string; title: string }[];
  activeTab: string | null;
}

export interface RunContext extends CommandContext {
  app: CommandServices;
}

export interface ArgOption {
  value: string;
  title: { 'zh-CN': string; en: string };
  keywords?: readonly string[];
}

/** An argument the palette asks for on a nested page, or a deep link passes as `?name=value`. */
export interface CommandArg {
  name: string;
  title: { 'zh-CN': string; en: string };
  options(ctx: CommandContext): readonly ArgOption[];
}

export type CommandArgs = Readonly<Record<string, string>>;

/** A command: one action with four doors (palette, hotkey, screen button, deep link). */
export interface Command<Id extends string = string> {
  id: Id;
  title: { 'zh-CN': string; en: string };
  keywords?: readonly string[];
  section: SectionId;
  /** lucide icon name, as the menu icons. */
  icon?: string;
  /** Permission code(s) the user must hold (any of a comma list). */
  permission?: string;
  /**
   * Default keys in react-hotkeys-hook syntax: `mod+k`, `shift+slash`, sequences `g>h`. Every
   * sequence needs a modifier alternative in the same list (a Chinese IME swallows bare letters).
   */
  hotkeys?: readonly string[];
  /** Arguments a particular hotkey passes (Alt+3 → jump to tab 3). */
  hotkeyArgs?: Readonly<Record<string, CommandArgs>>;
  /** Hotkeys also fire inside text fields (only for modifier combinations). */
  hotkeysInInputs?: boolean;
  when?(ctx: CommandContext): boolean;
  args?: readonly CommandArg[];
  /** Changes data: a deep link opens the command's dialog pre-filled instead of running it. */
  mutates?: boolean;
  /** The screen a record command belongs to: a deep link opens it before the command runs. */
  screen?: string;
  run(ctx: RunContext, args: CommandArgs): void | Promise<void>;
}

/** Keeps the literal id type, so the registry's ids form a closed union. */
export function defineCommand<const Id extends string>(command: Command<Id>): Command<Id> {
  return command;
}
