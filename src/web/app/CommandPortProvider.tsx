import type { ReactNode } from 'react';
import { CommandPortContext } from '@web/components/commandPort';
import { useCommandPortValue } from './commandRuntime';

/**
 * Gives everything below it the commands (components/commandPort), filled from the location in
 * scope: the signed-in layout has one (shell, palette, dialogs), and each screen route another,
 * inside its tab view, so a kept-alive tab's screen sees its own route and selection.
 */
export function CommandPortProvider({ children }: { children: ReactNode }) {
  return <CommandPortContext.Provider value={useCommandPortValue()}>{children}</CommandPortContext.Provider>;
}
