/**
 * The entity declaration: one business entity described as data only (JSON-serialisable — no
 * functions, no React, no drizzle), so an online form stored in the database can become the same
 * thing later. The engine derives the API, the schemas, the codes, the menu buttons and the screen
 * from it; behaviour that is code lives in named files beside it (`<entity>.rules.ts`, server
 * `<entity>.hooks.ts`).
 */
import type { PopupConfig } from '../grid/popup';
import type { PresetName } from '../grid/validation';
import type { FlowSpec } from './flow';

/** A text in both languages of the console. */
export interface Titles {
  'zh-CN': string;
  en: string;
}

/**
 * Field types. `money` is integer cents in the database and yuan with two decimals in the API and
 * on screen; `quantity` is integer thousandths in the database (stock in milli-units, so sums are
 * exact) and a number with up to three decimals in the API and on screen (12.345 kg); `dict` takes
 * its values from a dictionary; `ref` holds the id of another entity's record; `popup` is text
 * picked from an online report's rows (PopupSpec).
 */
export const FIELD_TYPES = ['text', 'textarea', 'number', 'money', 'quantity', 'date', 'datetime', 'time', 'dict', 'ref', 'switch', 'file', 'image', 'popup'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/**
 * A field filled from an online report's row in the report popup picker (JeecgBoot's JPopup):
 * the report's `code`, the row's `orgFields` copied one for one into the form's `destFields`
 * (comma lists of one length; the field itself among them), one row or several (`multi`: each
 * destination then holds the rows' values joined by commas). A `ref` field with a popup takes the
 * row's `id`; a `popup` field holds text.
 */
export type PopupSpec = PopupConfig;

/** How a field is searched in the query area: contains, equals, a from–to range, one of several. */
/** `prefix`: the value's start (a transaction number, an operator), which an index can find in millions of rows. */
export type QueryMode = 'like' | 'prefix' | 'eq' | 'range' | 'in';

export interface FieldSpec {
  /** API name and the table column's property name (camelCase). */
  key: string;
  type: FieldType;
  title: Titles;
  required?: boolean;
  /** Text: most characters. Number and money: largest value (money in yuan). */
  max?: number;
  /**
   * The server's own words, stored (why a line failed, what a check found): an English caller reads
   * the English stored beside them (the table's `<key>En` column) or, for a fixed text, the catalogue's.
   */
  said?: true;
  /** Number and money: smallest value (default 0). */
  min?: number;
  /** Number: decimals allowed (default 0: whole numbers). */
  decimals?: number;
  /** Textarea: rich text (HTML with headings, lists, links), edited with a toolbar and sanitised by the server. */
  rich?: boolean;
  /** A validation preset of the grids (`m` mobile, `e` e-mail…). */
  preset?: PresetName;
  /** Dictionary code of a `dict` field. */
  dict?: string;
  /** How a dict field is picked (default select). `multi` stores a comma list. */
  /** The dictionary's values a form offers, when it takes only some (the counter's 充值 takes cash or a transfer; online channels start elsewhere). */
  values?: readonly string[];
  dictMode?: 'select' | 'radio' | 'multi';
  /** A `popup` field's (or a `ref` field's) report popup picker. */
  popup?: PopupSpec;
  /** The entity a `ref` field points to, by id. */
  ref?: string;
  /**
   * How a ref field is picked: a select of the target's first 500 records (default), or a picker
   * dialog that searches them — for targets a school has thousands of (members, cards, accounts).
   */
  refMode?: 'select' | 'picker';
  /**
   * A `ref` field's choices narrowed by another field of the same form: the target's column (key)
   * equal to that field's value (`{ canteenId: 'canteenId' }`: the stores of the canteen chosen).
   * Choosing the other field again clears this one.
   */
  refWhere?: Readonly<Record<string, string>>;
  /**
   * An amount the ledger moves (money): its rule is the ledger's — above zero, two decimals at most,
   * at most LEDGER_CAP_YUAN (or `max`, lower) — and refused in the same words by the palette's
   * inline argument, the dialog and the server (`金额不能超过100000元（amount）`).
   */
  ledger?: true;
  /**
   * No two live records of one school share the value; `installation`: of any school (a value a
   * device or an outside system finds the record by). A taken value is refused without saying whose.
   */
  unique?: boolean | 'installation';
  /** Shown as a list column (default true), its width and whether it sorts. */
  list?: boolean;
  width?: number;
  sortable?: boolean;
  /** Number and money: summed over everything the query finds, in the list's 合计 line. */
  total?: boolean;
  /** Searchable in the query area, and how. */
  query?: QueryMode;
  /** In the form (default true); `span: 2` takes the form's whole width. */
  form?: boolean;
  span?: 1 | 2;
  /** The value a new record starts with. */
  default?: string | number | boolean | null;
  /** A data column: hidden (and kept unchanged on edit) for users without `<prefix>:col:<key>`. */
  restricted?: boolean;
  /**
   * Shown in the list from other tables (a member's card and balances), filled for each page by
   * the entity's `joinList` hook: not a column of its table, so `form: false`, never searched or
   * sorted.
   */
  joined?: boolean;
}

export type Operation = 'add' | 'edit' | 'delete' | 'export' | 'import';

/**
 * Rows that belong to one record and are saved with it (a combo's dishes): edited in the form as
 * a sub-table, written in the record's transaction, read back by queryById under `key`.
 */
export interface DetailRowsSpec {
  /** The record's property holding the rows (`items`). */
  key: string;
  title: Titles;
  /** The rows' table, and its column (property) naming the record. */
  table: string;
  parentKey: string;
  /** The rows' fields: text, textarea, number, money, quantity, date, dict and ref (both picked from a list) only. */
  fields: readonly FieldSpec[];
  /** Fewest and most rows a record takes. */
  min?: number;
  max?: number;
  /** The rows' order is the record's (a form's fields, a report's columns): they move by drag or Alt+↑/↓. */
  orderable?: boolean;
}

/**
 * A record printed on A4 (采购单): the header's fields above its first sub-table's lines (their
 * columns, default all), the money totals in figures and in words, and the signature boxes — a
 * field fills one with the name it holds (审核人 auditBy).
 */
export interface PrintSpec {
  header: readonly string[];
  lines?: readonly string[];
  signatures: readonly { title: Titles; field?: string }[];
}

export interface EntitySpec {
  /** `<area>.<entity>`, e.g. `meals.canteen`. */
  id: string;
  title: Titles;
  /** The JeecgBoot endpoint family's base: `<api>/list`, `<api>/add`… */
  api: string;
  /** The database table: what JeecgBoot's client names in `/sys/duplicate/check`. */
  table: string;
  /** Button codes: `<prefix>:add`, `<prefix>:col:<field>`… */
  permissionPrefix: string;
  /** The menu screen: its path (its code reads the list), component and menu title. */
  screen: { path: string; component: string; title: Titles };
  operations: readonly Operation[];
  /**
   * Rows belong to a school (tenant_id); false for what all schools share (every school reads
   * them, only the platform's own users change them).
   */
  tenantScoped: boolean;
  /**
   * A detail of a master–detail screen: the `ref` field naming its master record. Unique fields
   * are unique within one master; the master's deletion does not wait for its details.
   */
  parent?: { field: string };
  /** The field that names a record (in pickers, references and messages). */
  labelField: string;
  fields: readonly FieldSpec[];
  /** Rows saved with each record (its sub-tables). */
  details?: readonly DetailRowsSpec[];
  form: { width: number; columns: 1 | 2 };
  /**
   * What a picker of this entity shows beside the label (default: the next listed fields): the few
   * fields that tell two records with one name apart. Never restricted or joined fields.
   */
  picker?: { fields: readonly string[] };
  /** The list shows when each record was created (default true); false where a field says when (记账时间). */
  createTime?: boolean;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /**
   * Other entities this list shows (columns joined from them, balances of theirs): a change to
   * them reloads this list too, as a change to its own table does (server/modules/changedEntities.ts).
   */
  alsoShows?: readonly string[];
  /** Its states and the actions that move them (flow.ts): routes, codes, commands and dialogs derive from it. */
  flow?: FlowSpec;
  /** Its printed form on A4 (a bill): the command `<prefix>.print` and its preview derive from it. */
  print?: PrintSpec;
}
