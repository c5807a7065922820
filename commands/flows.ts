import { engineLedger, flowActionOf, flowActions, flowCommandId, ledgerAmountInput, selectionRefusal, stateRefusal, type FlowActionSpec } from '@shared/engine/flow';
import type { EntitySpec } from '@shared/engine/spec';
import { entities, entityById, flowEntities, FLOW_ONLY } from '@shared/entities';
import { on, targetIds } from './admin';
import { AMOUNT_ARG, PERSON_ARG } from './arguments';
import { FLOW_BY_PERSON, FLOW_ELSEWHERE, type FlowByPerson, type FlowElsewhere } from './cardOffice';
import type { Command, CommandArgs, CommandContext, InlineArg } from './types';
import type { CommandId } from './index';

/** The selected rows of a screen, as records (a flow reads their states). */
const rowsOf = (ctx: Pick<CommandContext, 'selection'>) => ctx.selection.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null);

/** The entity whose screen is on view (its list is the page's main one), if any. */
const entityOnScreen = (pathname: string) => [...entities(), ...FLOW_ONLY].find((spec) => spec.screen.path === pathname && !spec.parent);

/**
 * A flow action's command (`visitor.checkOut`, `/do/visitor.checkOut?id=…`): offered on its screen
 * when every selected row can take it — else the palette shows it under `!` with the reason, and a
 * hotkey or button says the reason instead of acting.
 */
export function flowActionCommand(spec: EntitySpec, action: FlowActionSpec, code: string, id: string, elsewhere?: FlowElsewhere, byPerson?: FlowByPerson): Command {
  // A list below its screen's main one (the visitor blacklist under the visits): the selection is
  // the main list's, so its records are acted on from their own rows' menus.
  const main = entityOnScreen(spec.screen.path);
  const below = main !== undefined && main !== spec;
  const fromRow = {
    'zh-CN': `请在「${spec.title['zh-CN']}」列表中该行的菜单里选择“${action.title['zh-CN']}”`,
    en: `Use ${action.title.en} on the row of the ${spec.title.en.toLowerCase()} list`,
  };
  // Rows of another list (an account page's, for a card action) say nothing of this record's state.
  const ours = (rows: Record<string, unknown>[]) => rows.every((row) => spec.flow!.status.every((key) => key in row));
  const blocked = (ctx: Pick<CommandContext, 'selection' | 'username'> & { entity?: string }) => {
    if (below && ctx.entity !== spec.id) return ctx.selection.length ? fromRow : null;
    return ours(rowsOf(ctx)) ? selectionRefusal(spec, action, rowsOf(ctx), ctx.username) : null;
  };
  // A ledger action's amount given inline (充值 20230001 50), refused by its field's own rule.
  const amount = ledgerAmountInput(action);
  // The person's record in a state the action does not start from: said on the palette's row.
  const refuse: InlineArg['refuse'] = (person, stateText) => {
    const record = byPerson?.record(person);
    if (!record) return null;
    const texts = Object.fromEntries(
      Object.keys(action.from).map((field) => [`${field}_dictText`, stateText(spec.fields.find((candidate) => candidate.key === field)?.dict ?? '', record[field] ?? '') ?? '']),
    );
    return stateRefusal(spec, action, { ...record, ...texts });
  };
  const inline: InlineArg[] = [...(byPerson ? [{ ...PERSON_ARG, refuse }] : []), ...(amount ? [{ ...AMOUNT_ARG, ...(amount.max === undefined ? {} : { max: amount.max }) }] : [])];
  /** What the palette or a link gave for the action's inputs (the amount), for its dialog. */
  const given = (args: CommandArgs) => (amount && args.amount ? { [amount.key]: args.amount } : undefined);
  return {
    id,
    title: action.title,
    keywords: [spec.permissionPrefix, action.id, spec.title.en.toLowerCase(), ...(action.keywords ?? [])],
    section: 'rows',
    icon: action.icon ?? 'check',
    permission: code,
    screen: spec.screen.path,
    mutates: true,
    ...(action.hotkey ? { hotkeys: [action.hotkey] } : {}),
    when: (ctx) => on(spec.screen.path)(ctx) || (elsewhere?.when(ctx) ?? false),
    blocked,
    ...(inline.length ? { inline } : {}),
    run: async (ctx, args) => {
      // The person typed in the palette (挂失 20230001) or named by a link: their record.
      if (byPerson && args.person && !args.id) {
        const found = await byPerson.find(ctx, args.person);
        if (!Array.isArray(found)) return ctx.app.warn(found);
        return ctx.app.records.runFlowAction(spec.id, action.id, found, given(args));
      }
      // A ledger action with nothing selected acts on the record its screen shows (`/members/accounts?id=…`, a person found by a scan).
      const shown = engineLedger(action) && !args.id && !ctx.selection.length && ctx.pathname === spec.screen.path ? new URLSearchParams(ctx.fullPath.split('?')[1] ?? '').get('id') : null;
      if (shown) return ctx.app.records.runFlowAction(spec.id, action.id, [shown], given(args));
      // From another screen (a person's account page), the record is found there (their card).
      if (elsewhere && !args.id && ctx.pathname !== spec.screen.path && elsewhere.when(ctx)) {
        const found = await elsewhere.targets(ctx, args);
        if (!Array.isArray(found)) return ctx.app.warn(found);
        return ctx.app.records.runFlowAction(spec.id, action.id, found, given(args));
      }
      if (below && !args.id) return ctx.app.warn(fromRow);
      const ids = targetIds(ctx, args);
      // 生成账单 with no reading selected: its dialog asks for the month, and every unbilled reading of it is billed.
      if (ids.length === 0 && action.byInput) return ctx.app.records.runFlowAction(spec.id, action.id, [], given(args));
      if (ids.length === 0) return ctx.app.warn({ 'zh-CN': '请选择一条记录', en: 'Select a record' });
      if (ids.length > 1 && !action.many) return ctx.app.warn({ 'zh-CN': '请只选择一条记录', en: 'Select one record only' });
      // A link names its records; the rows on view tell their states (the server checks them again).
      const reason = args.id ? null : blocked(ctx);
      if (reason) return ctx.app.warn(reason);
      return ctx.app.records.runFlowAction(spec.id, action.id, ids, given(args));
    },
  };
}

/** The commands of every declared flow (some also run from another screen: FLOW_ELSEWHERE). */
/** The flow commands of every declaration with a flow (read once the areas are installed). */
export const flowCommands = (): readonly Command[] =>
  flowEntities().flatMap((spec) => flowActions(spec).map(({ action, code, command }) => flowActionCommand(spec, action, code, command, FLOW_ELSEWHERE[command], FLOW_BY_PERSON[command])));

/**
 * 操作历史: who did what to the selected record, and when — every action and edit, newest first.
 * `/do/record.history?entity=members.visitor&id=…` opens it from a link.
 */
export const historyCommand: Command = {
  id: 'record.history',
  title: { 'zh-CN': '操作历史', en: 'Record history' },
  keywords: ['history', 'audit', 'trail', 'log', 'who', 'lishi', 'caozuo', 'jilu'],
  section: 'rows',
  icon: 'history',
  hotkeys: ['alt+shift+j'],
  when: (ctx) => entityOnScreen(ctx.pathname) !== undefined,
  run: (ctx, args) => {
    const spec = (args.entity ? entityById(args.entity) : undefined) ?? entityOnScreen(ctx.pathname);
    const [id, ...more] = targetIds(ctx, args);
    if (!spec || !id || more.length) return ctx.app.warn({ 'zh-CN': '请选择一条记录', en: 'Select a record' });
    return ctx.app.openDialog('recordHistory', { entity: spec.id, id });
  },
};

/**
 * The command id of a declared flow action, for a screen's own buttons: checked when the screen
 * loads (a renamed action fails at once, not on a click).
 */
export function flowCommand(spec: EntitySpec, action: string): CommandId {
  return flowCommandId(spec, flowActionOf(spec, action)) as CommandId;
}
