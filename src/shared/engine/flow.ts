/**
 * Flows: the states of a record and the actions that move it, declared as data beside its fields
 * (ARCHITECTURE.md "Flows"). From one action's declaration the engine derives its route, its
 * permission code and menu button, its command and whether the selected rows allow it, its dialog
 * and its history row. These derivations are pure: the server, the seed and the web read them.
 */
import type { EntitySpec, FieldSpec, Titles } from './spec';

export interface FlowActionSpec {
  /** The route's last segment and the command's suffix: `submit` → `POST <api>/submit`, `purchase.submit`. */
  id: string;
  title: Titles;
  /** The states it starts from, per status field: every field named must hold one of its values. */
  from: Readonly<Record<string, readonly string[]>>;
  /** The states it leads to, per status field. Left out: the action's server function decides. */
  to?: Readonly<Record<string, string>>;
  /** What the user gives (a reason, a date, a picked record): ordinary fields, drawn by the engine's form. */
  input?: readonly FieldSpec[];
  /**
   * What the user gives per row of one of the record's sub-tables (received quantities per line):
   * the dialog lists the rows with these fields beside them; the server gets `lines: [{ id, … }]`.
   */
  lines?: {
    detail: string;
    fields: readonly FieldSpec[];
    /** The sub-table's columns shown beside the inputs (default: all of them). */
    show?: readonly string[];
  };
  /** The question before it runs, and the message once done. */
  confirm: Titles;
  done: Titles;
  /** Runs on several selected rows at once (one transaction: all or none). */
  many?: boolean;
  /**
   * Maker ≠ checker: record columns naming users (`createBy`, `submitBy`) who may not perform it —
   * the clerk who made or submitted a bill does not audit it.
   */
  notBy?: readonly string[];
  /** Columns it stamps with the caller's username and the time (审核人, 审核时间). */
  stamps?: { by?: string; at?: string };
  /**
   * An input field, a record field or a figure of the action's quote typed again before it runs: an
   * amount, a code, what is paid out. A record's reference is typed as its label (the new card's number).
   */
  retype?: string;
  /** Only the last so many characters are typed again: a card's last four digits. */
  retypeLast?: number;
  /** Fields of the record shown in its dialog, read-only: what the checker checks (the account, the amount, the reason). */
  show?: readonly string[];
  /** A default hotkey of its command. */
  hotkey?: string;
  icon?: string;
  keywords?: readonly string[];
  /** The permission code when not `<prefix>:<id>` (three job actions share `job:run`). */
  permission?: string;
  /** A server function of the entity's actions file runs it, in the transaction, after the checks. */
  effect?: boolean;
  /** Shown as a button in the screen's toolbar (all actions are in the row menu and the palette). */
  toolbar?: boolean;
  /** The family's own path when it is not `<api>/<id>` (JeecgBoot's client calls `/sys/annountCement/doReleaseData`). */
  path?: string;
  /** Also answered by GET with the query string: JeecgBoot's client calls these by GET. */
  get?: boolean;
  /** A unique column the family's client may name the record by instead of its id (a job's `jobClassName`). */
  key?: string;
  /**
   * With nothing selected, the action runs on every record in the states it starts from whose
   * column of this name equals the input of the same name (生成账单 of a month: every unbilled
   * reading of that 账期). The input is asked only then; with records selected it is not drawn.
   */
  byInput?: string;
  /**
   * Money, with an `idempotencyKey` the dialog makes when it opens (a retry gets the first posting):
   * `true` — served by the ledger's own named route; an object — a ledger action the engine serves:
   * it parses the record and the inputs (a `ledger` amount by the ledger's one rule) and hands them
   * to the entity's ledger effect (`EntityHooks.ledgerActions`), which posts through the ledger
   * service and answers the posting. `by`: the body's name for the record's id the family's client
   * sends (`accountId`).
   */
  ledger?: boolean | LedgerActionSpec;
  /** Its dialog's test ids: `<testId>-form`, `<testId>-error`, `<testId>-show-<field>` (default `flow-action`). */
  testId?: string;
  /**
   * A multi-step flow of DOMAIN.md §16 (门禁授权, 参与赠送): the action's inputs asked step by step,
   * then a check the server runs without keeping anything (`?preview=1`: the effect in a transaction
   * rolled back, its words in the future tense), then the run and its result.
   */
  wizard?: FlowWizardSpec;
}

export interface LedgerActionSpec {
  by?: string;
  /**
   * The record's column the body's `by` names it by, when not its id: a card by its number, as the
   * terminals and the family's client send it (柜台消费's `cardNo`). The effect is handed that value;
   * opened on no record, the dialog asks for it first (a card read in at the counter).
   */
  key?: string;
  /**
   * The figures the server works out before it posts (补卡费, 应退金额, 可退金额), shown in the dialog
   * and kept fresh as the inputs named change: `POST <route>/quote` with the record and those inputs,
   * answered by the entity's ledger quote (`EntityHooks.ledgerQuotes`). A figure may be the one typed again.
   */
  quote?: { inputs?: readonly string[]; figures: readonly { key: string; title: Titles }[] };
}

/**
 * A ledger action's quote as the server answers it: each declared figure in cents (null: not for
 * this record), and the inputs' values it suggests (the whole refundable amount, a lost card's deposit kept).
 */
export interface LedgerQuote {
  figures: Record<string, number | null>;
  defaults?: Record<string, string>;
}

/** A ledger action the engine serves (an object `ledger`), or undefined. */
export const engineLedger = (action: FlowActionSpec): LedgerActionSpec | undefined => (typeof action.ledger === 'object' ? action.ledger : undefined);

/** The amount an action moves, typed in its dialog or given inline in the palette (`充值 20230001 50`). */
export const ledgerAmountInput = (action: FlowActionSpec): FieldSpec | undefined => action.input?.find((field) => field.type === 'money' && field.ledger);

export interface FlowWizardStep {
  title: Titles;
  /** The action's inputs asked on this step. */
  inputs?: readonly string[];
  /** The record's fields shown on this step (the first step always names the records). */
  show?: readonly string[];
}

export interface FlowWizardSpec {
  steps: readonly FlowWizardStep[];
  /** The check step's title (确认, 审核): what the server says it would do. */
  check: Titles;
  /** The last step's title (下发结果, 发放与结果). */
  result: Titles;
  /** Where the result is followed up (the devices' task list): a menu path and the link's text. */
  followUp?: { path: string; title: Titles };
}

export interface FlowSpec {
  /** The status fields (`dict` fields of the entity): one axis, or two (audit and business progress). */
  status: readonly string[];
  /**
   * Fields of the record that are what it is, not where it stands (a device task's 下发类型): an
   * action's `from` may name one, so it is offered only to the records it applies to and refused
   * with the fact (`「XD…」的下发类型为门禁权限，不能取消`), no step before it named.
   */
  facts?: readonly string[];
  actions: readonly FlowActionSpec[];
  /** The states in which a record may still be edited or deleted (a bill: 草稿 or 已驳回); any when left out. */
  editable?: Readonly<Record<string, readonly string[]>>;
  /** The states that follow the school's day between two of the record's dates (an activity's 未开始 · 进行中 · 已结束). */
  dated?: DatedStates;
  /** A bill's 逾期: still owed after its due date (the school's day). */
  overdue?: OverdueState;
}

/**
 * 逾期: a record in one of the `open` states whose `due` date is behind the school's day is in `state`
 * instead — paying, refunding or waiving it recomputes its own state and lands here again while it
 * is still owed late; 延期 past today takes it back; the daily job (到期处理) moves the others. Every
 * action that starts from an open state starts from `state` too (the flows' sweep holds it).
 */
export interface OverdueState {
  field: string;
  /** The record's due date field (`YYYY-MM-DD`). */
  due: string;
  open: readonly string[];
  state: string;
}

/** A record's state on `today`: `state` computed from its amounts, or 逾期 when it is open and its due date has passed. */
export function overdueOf(rule: OverdueState, state: string, due: string | null | undefined, today: string): string {
  return rule.open.includes(state) && typeof due === 'string' && due < today ? rule.state : state;
}

/**
 * States that follow the school's day: a record in any of them is `upcoming` before its `from` date,
 * `ended` after its `until` date, and `current` between (both days included). An action leading into
 * one of them lands on the one the day gives (an activity approved for next week is 未开始, not
 * 进行中); the daily job (到期处理) moves the others at the school's midnight.
 */
export interface DatedStates {
  /** The status field (one of the flow's). */
  field: string;
  /** The record's date fields (`YYYY-MM-DD`). */
  from: string;
  until: string;
  upcoming: string;
  current: string;
  ended: string;
}

/** The state a dated record is in on `today` (the school's day), or its own when it is in none of the dated states. */
export function datedState(dated: DatedStates, record: Readonly<Record<string, unknown>>, today: string): string | undefined {
  const state = record[dated.field] === undefined || record[dated.field] === null ? undefined : String(record[dated.field]);
  if (state !== dated.upcoming && state !== dated.current && state !== dated.ended) return state;
  const from = record[dated.from];
  const until = record[dated.until];
  if (typeof from === 'string' && today < from) return dated.upcoming;
  if (typeof until === 'string' && today > until) return dated.ended;
  return dated.current;
}

/**
 * What one declared input field is once the engine's schema (`fieldSchema`) has read it: numbers,
 * amounts (cents) and quantities (thousandths) are numbers, a switch is a boolean, everything else
 * is text; a field that is not required is null when left blank, unless it declares a default.
 */
export type FieldValueOf<F extends FieldSpec> = F['type'] extends 'switch'
  ? boolean
  : (F['type'] extends 'number' | 'money' | 'quantity' ? number : string) | (F extends { required: true } ? never : F extends { default: string | number | boolean } ? never : null);

/** The values of declared fields, by key (`{ worker: string; appointAt: string | null }`). */
export type FieldValuesOf<Fields> = Fields extends readonly FieldSpec[] ? { [F in Fields[number] as F['key']]: FieldValueOf<F> } : Record<never, never>;

/** An action of a declaration, by id. */
export type FlowActionOf<Spec extends EntitySpec, Id extends string> = Extract<NonNullable<Spec['flow']>['actions'][number], { id: Id }>;

/**
 * What an action's server function receives as its input: its declared `input` fields as the engine
 * parsed them, and `lines: [{ id, … }]` when it takes per-line inputs. Reading an input the action
 * does not declare fails to typecheck. The declaration keeps its literal types
 * (`as const satisfies EntitySpec`) for this.
 */
export type InputOf<Spec extends EntitySpec, Id extends string> = FieldValuesOf<FlowActionOf<Spec, Id>['input']> &
  (FlowActionOf<Spec, Id> extends { lines: { fields: infer Fields } } ? { lines: ({ id: string } & FieldValuesOf<Fields>)[] } : Record<never, never>);

/** The ids of a declaration's actions, and of those that declare a server function (`effect: true`). */
export type FlowActionIdOf<Spec extends EntitySpec> = NonNullable<Spec['flow']>['actions'][number]['id'];
export type EffectActionIdOf<Spec extends EntitySpec> = Extract<NonNullable<Spec['flow']>['actions'][number], { effect: true }>['id'];

/** The permission code an action needs. */
export const flowActionCode = (spec: EntitySpec, action: FlowActionSpec): string => action.permission ?? `${spec.permissionPrefix}:${action.id}`;

/** The route of an action. */
export const flowActionRoute = (spec: EntitySpec, action: FlowActionSpec): string => action.path ?? `${spec.api}/${action.id}`;

/** The command of an action: `<prefix>.<id>` (its `/do/` link). */
export const flowCommandId = (spec: EntitySpec, action: FlowActionSpec): string => `${spec.permissionPrefix}.${action.id}`;

/** An action by id; a declaration naming a missing one is a programming error. */
export function flowActionOf(spec: EntitySpec, id: string): FlowActionSpec {
  const action = spec.flow?.actions.find((candidate) => candidate.id === id);
  if (!action) throw new Error(`${spec.id} has no flow action ${id}`);
  return action;
}

/** A reason in both languages. */
export interface Refusal {
  'zh-CN': string;
  en: string;
}

/** How a state is named to the user: its dictionary text (a list row carries it as `<field>_dictText`). */
export type StateText = (field: string, value: string, record: Readonly<Record<string, unknown>>) => Refusal;

/** The state texts a list row carries (`visitStatus_dictText`), else the raw value. */
export const rowStateText: StateText = (field, value, record) => {
  const text = record[`${field}_dictText`];
  return typeof text === 'string' && text ? { 'zh-CN': text, en: text } : { 'zh-CN': value, en: value };
};

/**
 * The step that takes a record from where it is to where the action starts (a draft batch's 提交
 * before 审核, a lost card's 解挂 before 柜台消费), if the flow has one. Not the action's own undoing
 * (解挂 is not the step before 挂失 on a lost card: it is already lost).
 */
export function stepBefore(spec: EntitySpec, action: FlowActionSpec, record: Readonly<Record<string, unknown>>): FlowActionSpec | undefined {
  const state = (field: string) => String(record[field] ?? '');
  return spec.flow?.actions.find(
    (other) =>
      other !== action &&
      Object.entries(other.from).every(([field, states]) => states.includes(state(field))) &&
      Object.entries(other.to ?? {}).some(([field, value]) => action.from[field]?.includes(value) && !action.from[field]?.includes(state(field))) &&
      !Object.entries(action.to ?? {}).some(([field, value]) => other.from[field]?.includes(value) && other.to?.[field] !== undefined && action.from[field]?.includes(other.to[field])),
  );
}

/**
 * Why one record cannot take the action from its current state, or null when it can:
 * `「李四」当前状态为已审核，不能审核`; with the step that is missing when the flow has one
 * (`「BZ…」当前状态为草稿，不能审核，请先提交`).
 */
export function stateRefusal(spec: EntitySpec, action: FlowActionSpec, record: Readonly<Record<string, unknown>>, textOf: StateText = rowStateText): Refusal | null {
  const refusal = stateRefusalAlone(spec, action, record, textOf);
  // A yes/no flag (微信绑定) or a declared fact (下发类型) is about the record, not a step of its flow: no step is named.
  const failing = Object.entries(action.from).find(([field, states]) => !states.includes(String(record[field] ?? '')))?.[0];
  const flag = spec.fields.some((field) => field.key === failing && field.type === 'switch') || Boolean(failing && spec.flow?.facts?.includes(failing));
  const before = refusal && !flag ? stepBefore(spec, action, record) : undefined;
  if (!refusal || !before) return refusal;
  return { 'zh-CN': `${refusal['zh-CN']}，请先${before.title['zh-CN']}`, en: `${refusal.en}. ${before.title.en} it first` };
}

function stateRefusalAlone(spec: EntitySpec, action: FlowActionSpec, record: Readonly<Record<string, unknown>>, textOf: StateText): Refusal | null {
  for (const [field, states] of Object.entries(action.from)) {
    const value = String(record[field] ?? '');
    if (states.includes(value)) continue;
    const label = String(record[spec.labelField] ?? record.id ?? '');
    const flag = spec.fields.find((candidate) => candidate.key === field && candidate.type === 'switch');
    // A yes/no state is named with its field: 「王芳」的微信绑定为否.
    if (flag)
      return {
        'zh-CN': `「${label}」的${flag.title['zh-CN']}为${value === 'true' ? '是' : '否'}，不能${action.title['zh-CN']}`,
        en: `Cannot ${action.title.en.toLowerCase()} "${label}": ${flag.title.en} is ${value === 'true' ? 'yes' : 'no'}`,
      };
    const state = textOf(field, value, record);
    // A fact is named with its field: 「XD…」的下发类型为门禁权限.
    const fact = spec.flow?.facts?.includes(field) ? spec.fields.find((candidate) => candidate.key === field) : undefined;
    if (fact)
      return {
        'zh-CN': `「${label}」的${fact.title['zh-CN']}为${state['zh-CN']}，不能${action.title['zh-CN']}`,
        en: `Cannot ${action.title.en.toLowerCase()} "${label}": it is ${state.en}`,
      };
    return {
      'zh-CN': `「${label}」当前状态为${state['zh-CN']}，不能${action.title['zh-CN']}`,
      en: `Cannot ${action.title.en.toLowerCase()} "${label}": it is ${state.en}`,
    };
  }
  return null;
}

/** Why a record may not be edited or deleted in its state (`「CG…」当前状态为已审核，不能编辑`), or null. */
export function editRefusal(spec: EntitySpec, operation: 'edit' | 'delete', record: Readonly<Record<string, unknown>>, textOf: StateText = rowStateText): Refusal | null {
  const editable = spec.flow?.editable;
  if (!editable) return null;
  const title = operation === 'edit' ? { 'zh-CN': '编辑', en: 'Edit' } : { 'zh-CN': '删除', en: 'Delete' };
  return stateRefusalAlone(spec, { id: operation, title, from: editable, confirm: title, done: title }, record, textOf);
}

/** Why this user may not perform it on this record (maker ≠ checker), or null. */
export function makerRefusal(action: FlowActionSpec, record: Readonly<Record<string, unknown>>, username: string): Refusal | null {
  for (const column of action.notBy ?? []) {
    if (record[column] === username)
      return {
        'zh-CN': `不能${action.title['zh-CN']}自己制单或提交的记录，请由其他人${action.title['zh-CN']}`,
        en: `You made or submitted this record: someone else must ${action.title.en.toLowerCase()} it`,
      };
  }
  return null;
}

/**
 * Whether the selected rows allow the action, as the palette and the toolbar show it: null when
 * every row can take it (or none is selected: running it then asks for one), else the first reason.
 */
export function selectionRefusal(spec: EntitySpec, action: FlowActionSpec, rows: readonly Readonly<Record<string, unknown>>[], username?: string): Refusal | null {
  if (rows.length > 1 && !action.many) return { 'zh-CN': '请只选择一条记录', en: 'Select one record only' };
  for (const row of rows) {
    const refusal = stateRefusal(spec, action, row) ?? (username ? makerRefusal(action, row, username) : null);
    if (refusal) return refusal;
  }
  return null;
}

/** The state columns an action sets on a record besides its stamps. */
export const flowTargetStates = (action: FlowActionSpec): Readonly<Record<string, string>> => action.to ?? {};

/** Every flow action of an entity with its derived code, route and command (for the seed, the server and the web). */
export function flowActions(spec: EntitySpec): { action: FlowActionSpec; code: string; route: string; command: string }[] {
  return (spec.flow?.actions ?? []).map((action) => ({ action, code: flowActionCode(spec, action), route: flowActionRoute(spec, action), command: flowCommandId(spec, action) }));
}
