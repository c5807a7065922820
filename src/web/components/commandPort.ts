import { createContext, useContext } from 'react';
import type { Command, CommandContext } from '@commands/index';
import type { CommandArgs } from '@commands/types';
import type { CommandServices } from '@commands/services';

export type RunOutcome = 'ran' | 'needsArgs' | 'unavailable';

/**
 * Runs a command when it is available; a command whose arguments are missing opens the palette
 * on its argument page instead.
 */
export type RunCommand = (command: Command | string, args?: CommandArgs, options?: { fromLink?: boolean }) => Promise<RunOutcome>;

/**
 * What screens, components and the shell may use of the commands: the runtime itself lives in
 * the app layer (app/commandRuntime), which provides this port — once for the signed-in layout,
 * and again inside each tab view, whose screens see their own tab's route and selection.
 */
export interface CommandPort {
  /** The inputs of command availability: route, the user's codes, locale, selection. */
  context: CommandContext;
  run: RunCommand;
  /** What commands may do in this app. */
  services: CommandServices;
}

export const CommandPortContext = createContext<CommandPort | null>(null);

function useCommandPort(): CommandPort {
  const port = useContext(CommandPortContext);
  if (!port) throw new Error('No command port: render it inside app/CommandPortProvider.');
  return port;
}

export const useRunCommand = (): RunCommand => useCommandPort().run;
export const useCommandContext = (): CommandContext => useCommandPort().context;
export const useCommandServices = (): CommandServices => useCommandPort().services;
