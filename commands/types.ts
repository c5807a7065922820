import type { Locale } from '@shared/locale';
import type { AuthEntry } from '@shared/permissions';
import type { ThemeSettings } from '@shared/settings';
import type { CommandServices } from './services';

/** Sections group commands in the palette and the help sheet, in this order. */
export const SECTIONS = ['rows', 'cardOffice', 'navigation', 'tabs', 'session', 'appearance', 'system', 'help'] as const;
export type SectionId = (typeof SECTIONS)[number];

export const SECTION_TITLES: Record<SectionId, { 'zh-CN': string; en: string }> = {
  rows: { 'zh-CN': '选中的行', en: 'Selected rows' },
  cardOffice: { 'zh-CN': '卡务', en: 'Card office' },
  navigation: { 'zh-CN': '导航', en: 'Navigation' },
  tabs: { 'zh-CN': '页签', en: 'Tabs' },
  session: { 'zh-CN': '账户', en: 'Account' },
  appearance: { 'zh-CN': '外观', en: 'Appearance' },
  system: { 'zh-CN': '系统管理', en: 'System administration' },
  help: { 'zh-CN': '帮助', en: 'Help' },
};

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
  /** The signed-in user's username (maker ≠ checker: the maker is not offered the check). */
  username?: string;
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

/** What an inline argument is: a person (card, 学/工号 or name), an amount in yuan, a day, one of a few choices. */
export type InlineArgKind = 'person' | 'amount' | 'date' | 'choice';

/**
 * An argument typed after the command's name in the palette (`cz 20230001 50`), in order; the
 * same name is the command's `/do/` link parameter (`?person=20230001&amount=50`).
 */
export interface InlineArg {
  name: string;
  kind: InlineArgKind;
  title: { 'zh-CN': string; en: string };
  /** A choice's values. */
  options?: readonly ArgOption[];
  /** An amount's own limit in yuan (its field's `max`), below the ledger's cap. */
  max?: number;
  /**
   * A person's: why the command cannot apply to the person found (their card is lost, their
   * account frozen), said on the palette's row before anything is typed; `stateText` names a state.
   */
  refuse?: (person: PersonFound, stateText: (dict: string, value: string) => string | undefined) => { 'zh-CN': string; en: string } | null;
}

/** What the palette knows of a person it found (the people search's hit). */
export interface PersonFound {
  realName: string;
  memberNo: string;
  cardNo: string | null;
  cardStatus: string | null;
  accountId: string | null;
  accountStatus: string | null;
}

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
  /**
   * Why the selected rows do not allow it (a flow action on a row in another state), or null: a
   * blocked command is not offered, and the palette's `!` section shows it with the reason. A row's
   * own menu names the list the row is of (`entity`).
   */
  blocked?(ctx: Pick<CommandContext, 'selection' | 'username'> & { entity?: string }): { 'zh-CN': string; en: string } | null;
  args?: readonly CommandArg[];
  /** Arguments the palette reads from what is typed after the name (充值 20230001 50). */
  inline?: readonly InlineArg[];
  /** Changes data: a deep link opens the command's dialog pre-filled instead of running it. */
  mutates?: boolean;
  /** The screen a record command belongs to: a deep link opens it before the command runs. */
  screen?: string;
  run(ctx: RunContext, args: CommandArgs): void | Promise<unknown>;
}

/** Keeps the literal id type, so the registry's ids form a closed union. */
export function defineCommand<const Id extends string>(command: Command<Id>): Command<Id> {
  return command;
}

/**
 * The ids of the areas' commands: each area's web manifest adds its own
 * (`declare module '@commands/types' { interface AreaCommandIds { 'camera.issueKey': true } }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AreaCommandIds {}
