/**
 * What the engine derives from a declaration, pure: permission codes, menu buttons, list columns,
 * query fields and the form layout. The server, the seed and the web app all read these.
 */
import { menuCodeForPath } from '../permissions';
import { flowActions } from './flow';
import type { EntitySpec, FieldSpec, Operation, Titles } from './spec';

const VERBS: Record<Operation, Titles> = {
  add: { 'zh-CN': '添加', en: 'Add' },
  edit: { 'zh-CN': '编辑', en: 'Edit' },
  delete: { 'zh-CN': '删除', en: 'Delete' },
  export: { 'zh-CN': '导出', en: 'Export' },
  import: { 'zh-CN': '导入', en: 'Import' },
};

/** The permission codes of an entity: its screen's code reads, each operation has a button. */
export function entityCodes(spec: EntitySpec) {
  return {
    read: menuCodeForPath(spec.screen.path),
    add: `${spec.permissionPrefix}:add`,
    edit: `${spec.permissionPrefix}:edit`,
    delete: `${spec.permissionPrefix}:delete`,
    export: `${spec.permissionPrefix}:export`,
    import: `${spec.permissionPrefix}:import`,
    columnPrefix: `${spec.permissionPrefix}:col:`,
  };
}

/** A button permission row of the menu seed: code, titles, and type ('1' action, '1' data column). */
export interface EntityButton {
  code: string;
  title: Titles;
  /** '1' shows the button or column only to holders (JeecgBoot's permsType). */
  permsType: '1';
  /** A restricted data column rather than an action. */
  column: boolean;
}

/** The buttons a menu seed needs for the entity: one per operation, one per restricted column. */
export function entityButtons(spec: EntitySpec): EntityButton[] {
  const codes = entityCodes(spec);
  const noun = spec.title;
  const actions = spec.operations.map((operation) => ({
    code: codes[operation],
    title: { 'zh-CN': `${VERBS[operation]['zh-CN']}${noun['zh-CN']}`, en: `${VERBS[operation].en} ${noun.en.toLowerCase()}` },
    permsType: '1' as const,
    column: false,
  }));
  const columns = spec.fields
    .filter((field) => field.restricted)
    .map((field) => ({
      code: `${codes.columnPrefix}${field.key}`,
      title: { 'zh-CN': `${noun['zh-CN']}列：${field.title['zh-CN']}`, en: `${noun.en} column: ${field.title.en}` },
      permsType: '1' as const,
      column: true,
    }));
  // A flow's actions: one button each; actions sharing a code (three job actions, one job:run) one button.
  const flows = flowActions(spec)
    .filter(({ code }, index, all) => all.findIndex((other) => other.code === code) === index)
    .map(({ action, code }) => ({ code, title: action.title, permsType: '1' as const, column: false }));
  return [...actions, ...flows, ...columns];
}

/** The menu row of the entity's screen: its titles, path, component and buttons. */
export interface EntityMenuScreen {
  title: Titles;
  path: string;
  component: string;
  buttons: EntityButton[];
}

/**
 * The menu screen a declaration implies. Entities that share one screen (a master and its details)
 * add their buttons to the master's row.
 */
export function entityMenuScreen(spec: EntitySpec, ...sharing: readonly EntitySpec[]): EntityMenuScreen {
  for (const other of sharing) if (other.screen.path !== spec.screen.path) throw new Error(`${other.id} is not on ${spec.screen.path}`);
  return { title: spec.screen.title, path: spec.screen.path, component: spec.screen.component, buttons: [spec, ...sharing].flatMap(entityButtons) };
}

/** A field by key; a declaration naming a missing field is a programming error. */
export function fieldOf(spec: EntitySpec, key: string): FieldSpec {
  const field = spec.fields.find((candidate) => candidate.key === key);
  if (!field) throw new Error(`${spec.id} has no field ${key}`);
  return field;
}

/** The list's columns, in declaration order. */
export const listFields = (spec: EntitySpec): FieldSpec[] => spec.fields.filter((field) => field.list !== false);

/**
 * What a picker shows of each record (a form or query area of another screen choosing one): its
 * label and the fields the spec names for pickers, or else the next listed fields that are neither
 * restricted nor joined from other tables, four at most — a name alone does not tell two pupils apart.
 */
export function pickFields(spec: EntitySpec): FieldSpec[] {
  const label = fieldOf(spec, spec.labelField);
  if (spec.picker) return [label, ...spec.picker.fields.map((key) => fieldOf(spec, key))];
  const others = listFields(spec).filter((field) => field !== label && !field.restricted && !field.joined && field.type !== 'image' && field.type !== 'file');
  return [label, ...others].slice(0, 4);
}

/** The query area's fields, in declaration order. */
export const queryFields = (spec: EntitySpec): FieldSpec[] => spec.fields.filter((field) => field.query);

/** Fields the list may sort by. */
export const sortableFields = (spec: EntitySpec): FieldSpec[] => spec.fields.filter((field) => field.sortable);

/** The form's rows: fields in declaration order, two to a row in a two-column form unless one spans both. */
export function formRows(spec: EntitySpec): FieldSpec[][] {
  const rows: FieldSpec[][] = [];
  for (const field of spec.fields.filter((candidate) => candidate.form !== false)) {
    const last = rows.at(-1);
    const wide = spec.form.columns === 1 || field.span === 2;
    if (!wide && last && last.length === 1 && spec.form.columns === 2 && last[0]!.span !== 2) last.push(field);
    else rows.push([field]);
  }
  return rows;
}
