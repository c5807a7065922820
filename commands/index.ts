import { actionState } from '@shared/permissions';
import { adminCommands } from './admin';
import { appearanceCommands } from './appearance';
import { cardOfficeCommands } from './cardOffice';
import { entityCommandsOfAll } from './entities';
import { flowCommands, historyCommand } from './flows';
import { installable } from '@shared/areas';
import { gridCommands } from './grid';
import { helpCommands } from './help';
import { navigationCommands } from './navigation';
import { sessionCommands } from './session';
import { systemCommands } from './system';
import { onlineCommands } from './online';
import { mealCommands } from './meals';
import { reportCommands } from './reports';
import { paymentCommands } from './payments';
import { tabCommands } from './tabs';
import type { AreaCommandIds, Command, CommandContext } from './types';

const FIXED = [
  ...gridCommands,
  ...navigationCommands,
  ...tabCommands,
  ...sessionCommands,
  ...appearanceCommands,
  ...adminCommands,
  ...cardOfficeCommands,
  ...onlineCommands,
  ...mealCommands,
  ...reportCommands,
  ...paymentCommands,
  ...systemCommands,
  ...helpCommands,
] as const;

const areaCommands = installable<readonly Command[]>('commands of the areas');

/** The areas' commands (each area's web manifest), installed once at start by the composition root. */
export const installAreaCommands = (commands: readonly Command[]): void => areaCommands.install(commands);

/** Commands of declarations that arrived at run time (a school's published online forms). */
const runtime: Command[] = [];
let fixed: readonly Command[] | null = null;
let byId: Map<string, Command> | null = null;

/**
 * Every command of the console; the palette, hotkeys, buttons, help sheet and deep links read it.
 * A school's published online forms add theirs once their declarations arrive (addCommands).
 */
export function commands(): readonly Command[] {
  fixed ??= [...FIXED, historyCommand, ...entityCommandsOfAll(), ...flowCommands(), ...areaCommands.read()];
  return runtime.length ? [...fixed, ...runtime] : fixed;
}

/** The ids of the hand-written commands (a closed union), the areas' (`AreaCommandIds`), and of the declared entities' (`canteen.add`). */
export type CommandId = (typeof FIXED)[number]['id'] | keyof AreaCommandIds | `${string}.${'add' | 'edit' | 'delete' | 'export' | 'import'}`;

const index = () => (byId ??= new Map<string, Command>(commands().map((command) => [command.id, command])));

/** Commands of declarations that arrive at run time (an online form's add, edit, delete…): a newer one replaces its namesake. */
export function addCommands(added: readonly Command[]): void {
  const ids = index();
  for (const command of added) {
    const at = runtime.findIndex((known) => known.id === command.id);
    if (at >= 0) runtime[at] = command;
    else runtime.push(command);
    ids.set(command.id, command);
  }
}

export function findCommand(id: string): Command | undefined {
  return index().get(id);
}

/**
 * The user may run the command: the shared action rule, as the server's guard and the screen
 * buttons decide it (a button shown disabled is not runnable from the palette either).
 */
export function isPermitted(command: Command, ctx: Pick<CommandContext, 'codes' | 'auth' | 'allAuth'>): boolean {
  return actionState(command.permission, ctx) === 'shown';
}

/** Available = permitted and its `when` holds: only such commands exist for the user. */
export function isAvailable(command: Command, ctx: CommandContext): boolean {
  return isPermitted(command, ctx) && (command.when?.(ctx) ?? true);
}

/**
 * A record command of another screen the user may run there (新增用户 while on the home page):
 * the palette offers it, and running it opens its screen first.
 */
export function isAvailableOnItsScreen(command: Command, ctx: CommandContext): boolean {
  if (!command.screen || ctx.pathname === command.screen || !isPermitted(command, ctx)) return false;
  return command.when?.({ ...ctx, pathname: command.screen, selection: [] }) ?? true;
}

/** Commands the user could run with one more permission: shown greyed in the locked section. */
export function isLocked(command: Command, ctx: CommandContext): boolean {
  return !isPermitted(command, ctx) && (command.when?.(ctx) ?? true);
}

/** Why an available command does not apply to the selected rows (the palette shows it under `!`), or null. */
export function blockedBy(command: Command, ctx: CommandContext): { 'zh-CN': string; en: string } | null {
  return command.blocked?.(ctx) ?? null;
}

/** The deep link of a command: `/do/<id>?arg=value`. */
export function deepLinkOf(id: string, args: Record<string, string> = {}): string {
  const query = new URLSearchParams(args).toString();
  return `/do/${id}${query ? `?${query}` : ''}`;
}

export type { Command, CommandContext } from './types';
