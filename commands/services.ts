/**
 * What the console lets commands do, as interfaces: the web app implements them, commands only
 * call them (and so import nothing from the web app).
 */
import type { TreeOperationId } from '@shared/cardOffice';
import type { Titles } from '@shared/engine/spec';
import type { Locale } from '@shared/locale';
import type { ThemeSettings } from '@shared/settings';
import type { TabAction } from '@shared/tabs';

/** The form dialogs commands open (the web app's dialog host renders them, lazily). */
export type DialogKind =
  | 'entityForm'
  | 'downloads'
  | 'userForm'
  | 'schoolForm'
  | 'announcementForm'
  | 'upload'
  | 'filePreview'
  | 'resetPassword'
  | 'replacementReceipt'
  | 'roleAuthorize'
  | 'departAuthorize'
  | 'departRoles'
  | 'departUserRoles'
  | 'departRoleAuthorize'
  | 'departForm'
  | 'permissionForm'
  | 'dataRules'
  | 'changePassword'
  | 'switchDepart'
  | 'openAccount'
  | 'terminalKey'
  | 'accountStatement'
  | 'resolvePending'
  | 'memberDept'
  | 'refPicker'
  | 'reportPopup'
  | 'flowAction'
  | 'recordHistory'
  | 'recordPrint'
  | 'mealOrderPlace'
  | keyof AreaDialogs;

/** The kinds of the areas' dialogs: each area's web manifest adds its own (`interface AreaDialogs { videoPlayback: true }`). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AreaDialogs {}
/** What a dialog opens with: the record's id, a parent id, a username… */
export type DialogProps = Readonly<Record<string, string | undefined>>;

/**
 * Record actions that ask for confirmation, call the server and refresh the lists — by entity
 * (`meals.canteen`, or a system screen's `system.user`), never one method per entity.
 */
export interface RecordServices {
  /** Deletes records (after the user confirms). */
  removeRecords(entity: string, ids: readonly string[]): Promise<void>;
  /** Freezes or unfreezes user accounts (after the user confirms). */
  setUsersFrozen(ids: readonly string[], frozen: boolean): Promise<void>;
  /** Imports a workbook chosen by the user into a declared entity (all rows or none). */
  /** A detail's import names its master (`{ masterId }`). */
  importRecords(entity: string, master?: Readonly<Record<string, string>>): Promise<void>;
  /** Imports a workbook chosen by the user into a route of its own (a batch's people); a failure offers the template. */
  importWorkbook(route: string, template: string, templateName: string): Promise<void>;
  /** Marks every announcement of the user read (the header's feed and my announcements reload). */
  readAllNotices(): Promise<void>;
  /** An operation on a node of 人员部门's tree (停用, 升级), after the user confirms. */
  treeOperation(operation: TreeOperationId, id: string): Promise<void>;
  /** The account's card in use (or reported lost): what 挂失 from a person's account acts on. */
  cardOfAccount(accountId: string): Promise<{ id: string; cardNo: string; cardStatus: string } | null>;
  /**
   * The open account of the one person a typed card number, 学/工号 or name names (the palette's
   * `充值 20230001 50`, a link's `?person=`), or why there is none.
   */
  accountOfPerson(person: string): Promise<{ id: string } | { 'zh-CN': string; en: string }>;
  /** The one person a typed card number, 学/工号 or name names (their member id), or why not one. */
  personOf(person: string): Promise<{ id: string } | { 'zh-CN': string; en: string }>;
  /**
   * A flow action on records of a declared entity: a yes for one without inputs, else its dialog
   * (the inputs, the amount typed again); the server checks the states again.
   */
  /** Runs a flow action on records: its dialog when it asks for something (`given`: inputs the palette or a link gave), else a yes. */
  runFlowAction(entity: string, action: string, ids: readonly string[], given?: Readonly<Record<string, string>>): Promise<void>;
  /** Exports a declared entity's list (its current query, or the selected rows) to the download centre. */
  exportRecords(entity: string, ids: readonly string[]): Promise<void>;
  /** Exports a published online report as its screen is queried to the download centre. */
  exportReport(reportId: string): Promise<void>;
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
  /** Puts the keyboard in the page on view: its query fields, or its list. */
  focusPage(part: 'query' | 'grid'): void;
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
  /** Opens a dialog above any open one; resolves with what it closed with (nothing when cancelled). */
  openDialog(kind: DialogKind, props?: DialogProps): Promise<unknown>;
  /** Opens the header's notice popover. */
  openNotices(): void;
  /** Downloads a stored file (对象存储) in a new tab. */
  downloadStored(path: string): void;
  /** A warning toast (nothing selected, and the like). */
  warn(message: Titles): void;
  records: RecordServices;
  /** The 统计报表 screen in front of the user: its workbook (with its query), its print, and 日终结算. */
  reports: { export(): Promise<void>; print(): void; closeDays(): Promise<void> };
}
