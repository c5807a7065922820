import { entityCodes } from '@shared/engine/derive';
import type { EntitySpec, Operation, Titles } from '@shared/engine/spec';
import { entities } from '@shared/entities';
import { on, targetIds, withTargets } from './admin';
import { DAY_ARG, PERSON_ARG } from './arguments';
import type { Command, CommandArgs, CommandContext, InlineArg, RunContext } from './types';
import { editRefusal } from '@shared/engine/flow';

type RecordOperation = Extract<Operation, 'add' | 'edit' | 'delete' | 'export' | 'import'>;

/** English verbs people type instead of the title's, paired with the noun as keywords ("new member"). */
const VERB_SYNONYMS: ReadonlySet<string> = new Set(['new', 'create', 'remove']);

/** Per operation: its verb, icon, pinyin keywords and what it does with the record(s). */
const OPERATIONS: Record<RecordOperation, { zh: string; en: string; icon: string; keywords: string[]; run(spec: EntitySpec): Command['run'] }> = {
  add: {
    zh: '新增',
    en: 'Add',
    icon: 'plus',
    keywords: ['add', 'new', 'create', 'xinzeng'],
    run: (spec) => (spec.parent ? addDetail(spec) : ({ app }) => app.openDialog('entityForm', { entity: spec.id })),
  },
  edit: { zh: '编辑', en: 'Edit', icon: 'pencil', keywords: ['edit', 'bianji'], run: (spec) => ofRows(spec, true, ([id], { app }) => app.openDialog('entityForm', { entity: spec.id, id })) },
  delete: { zh: '删除', en: 'Delete', icon: 'trash-2', keywords: ['delete', 'remove', 'shanchu'], run: (spec) => ofRows(spec, false, (ids, { app }) => app.records.removeRecords(spec.id, ids)) },
  // The selected rows, or the whole list as it is filtered.
  export: { zh: '导出', en: 'Export', icon: 'download', keywords: ['export', 'excel', 'xlsx', 'daochu'], run: (spec) => (ctx, args) => ctx.app.records.exportRecords(spec.id, targetIds(ctx, args)) },
  import: {
    zh: '导入',
    en: 'Import',
    icon: 'upload',
    keywords: ['import', 'excel', 'xlsx', 'daoru'],
    run: (spec) => (spec.parent ? ofMaster(spec, (master, { app }) => app.records.importRecords(spec.id, { [spec.parent!.field]: master })) : ({ app }) => app.records.importRecords(spec.id)),
  },
};

/**
 * A detail's new or imported records belong to a master: the one a link or button names
 * (`?dictId=…`), else the one master row selected on the screen.
 */
function ofMaster(spec: EntitySpec, act: (master: string, ctx: Parameters<Command['run']>[0]) => void | Promise<unknown>): Command['run'] {
  const field = spec.parent!.field;
  return (ctx, args) => {
    const master = args[field] ?? (ctx.selection.length === 1 ? targetIds(ctx, {})[0] : undefined);
    if (!master) {
      const target = spec.fields.find((candidate) => candidate.key === field)!.title;
      ctx.app.warn({ 'zh-CN': `请先选择${target['zh-CN']}`, en: `Choose a ${target.en.toLowerCase()} first` });
      return;
    }
    return act(master, ctx);
  };
}

const addDetail = (spec: EntitySpec): Command['run'] => ofMaster(spec, (master, { app }) => app.openDialog('entityForm', { entity: spec.id, [spec.parent!.field]: master }));

/**
 * The rows an edit or delete acts on. A detail's rows are named by its row actions or a link
 * (`?id=…`): the screen's selection is its master's, never the detail's.
 */
function ofRows(spec: EntitySpec, single: boolean, act: Parameters<typeof withTargets>[1]): Command['run'] {
  if (!spec.parent) return withTargets(single, act);
  return (ctx, args) => withTargets(single, act)({ ...ctx, selection: [] }, args);
}

/**
 * 新增 with what is typed after its name: `请假 20230001 明天` opens a leave form with the person
 * and the whole day filled (a link's `?person=…&day=…` the same); the form is still checked and saved by hand.
 */
const ADD_INLINE: Readonly<Record<string, { inline: readonly InlineArg[]; values(ctx: RunContext, args: CommandArgs): Promise<{ values: Record<string, string> } | { refused: Titles }> }>> = {
  'members.leave': {
    inline: [PERSON_ARG, DAY_ARG],
    values: async (ctx, args) => {
      const values: Record<string, string> = args.day ? { startTime: `${args.day} 00:00:00`, endTime: `${args.day} 23:59:59` } : {};
      if (!args.person) return { values };
      const person = await ctx.app.records.personOf(args.person);
      return 'id' in person ? { values: { ...values, memberId: person.id } } : { refused: person };
    },
  },
};

function addWithArgs(spec: EntitySpec, fill: (typeof ADD_INLINE)[string]): Command['run'] {
  return async (ctx, args) => {
    const filled = await fill.values(ctx, args);
    if ('refused' in filled) return ctx.app.warn(filled.refused);
    return ctx.app.openDialog('entityForm', { entity: spec.id, ...filled.values });
  };
}

/** Why the selected rows of a flow's entity may not be edited or deleted (rows of another list say nothing). */
function editBlocked(spec: EntitySpec, operation: 'edit' | 'delete', selection: readonly unknown[]) {
  const rows = selection.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null && spec.flow!.status.every((key) => key in row));
  for (const row of rows) {
    const refusal = editRefusal(spec, operation, row);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * The record commands every declared entity gets — add, edit, delete — with the codes, screen and
 * deep links its declaration implies: `/do/canteen.add`, `/do/canteen.edit?id=…`.
 */
export function entityCommands(spec: EntitySpec): Command[] {
  const codes = entityCodes(spec);
  const noun = spec.title;
  return (Object.keys(OPERATIONS) as RecordOperation[])
    .filter((operation) => spec.operations.includes(operation))
    .map((operation) => {
      const verb = OPERATIONS[operation];
      return {
        id: `${spec.permissionPrefix}.${operation}`,
        title: { 'zh-CN': `${verb.zh}${noun['zh-CN']}`, en: `${verb.en} ${noun.en.toLowerCase()}` },
        // The other words people use for the verb, with the noun: "new member" finds 新增人员.
        keywords: [spec.permissionPrefix, noun.en.toLowerCase(), ...verb.keywords, ...verb.keywords.filter((word) => VERB_SYNONYMS.has(word)).map((word) => `${word} ${noun.en.toLowerCase()}`)],
        section: 'rows',
        icon: verb.icon,
        permission: codes[operation],
        screen: spec.screen.path,
        mutates: operation !== 'export',
        when: on(spec.screen.path),
        // A flow's record is edited or deleted only in the states it declares (a bill: 草稿 or 已驳回).
        ...((operation === 'edit' || operation === 'delete') && spec.flow?.editable
          ? { blocked: (ctx: Pick<CommandContext, 'selection' | 'username'>) => editBlocked(spec, operation, ctx.selection) }
          : {}),
        ...(operation === 'add' && ADD_INLINE[spec.id] ? { inline: ADD_INLINE[spec.id]!.inline } : {}),
        run: operation === 'add' && ADD_INLINE[spec.id] ? addWithArgs(spec, ADD_INLINE[spec.id]!) : verb.run(spec),
      };
    });
}

/**
 * 打印 of a record with a printed form (a bill): its A4 preview, printed from there. Whoever may read
 * the record may print it; `/do/purchase.print?id=…` opens it from a link.
 */
export function printCommand(spec: EntitySpec): Command {
  return {
    id: `${spec.permissionPrefix}.print`,
    title: { 'zh-CN': `打印${spec.title['zh-CN']}`, en: `Print ${spec.title.en.toLowerCase()}` },
    keywords: [spec.permissionPrefix, spec.title.en.toLowerCase(), 'print', 'a4', 'dayin'],
    section: 'rows',
    icon: 'printer',
    permission: entityCodes(spec).read,
    screen: spec.screen.path,
    when: on(spec.screen.path),
    run: withTargets(true, ([id], { app }) => app.openDialog('recordPrint', { entity: spec.id, id })),
  };
}

/** The commands of every declared entity (read once the areas are installed). */
export const entityCommandsOfAll = (): readonly Command[] => entities().flatMap((spec) => [...entityCommands(spec), ...(spec.print ? [printCommand(spec)] : [])]);
