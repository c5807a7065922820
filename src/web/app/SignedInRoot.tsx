import { BasicLayout } from '@web/app/BasicLayout';
import { CommandPortProvider } from './CommandPortProvider';

/** The signed-in layout with the commands provided to it (its header, tab strip, palette, dialogs). */
export function SignedInRoot() {
  return (
    <CommandPortProvider>
      <BasicLayout />
    </CommandPortProvider>
  );
}
