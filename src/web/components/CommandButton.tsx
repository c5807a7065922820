import { findCommand, type CommandId } from '@commands/index';
import type { CommandArgs } from '@commands/types';
import { actionState } from '@shared/permissions';
import { useRunCommand } from '@web/components/commandPort';
import { useLocale, useT } from '@web/i18n';
import { MenuIcon } from '@web/menu/menuIcons';
import { usePermissions } from '@web/stores/permissions';
import { Button, type ButtonProps } from './ui/Button';

/**
 * A screen button is a door to its command: the same title, icon and permission. The spec's
 * button rule decides whether it is shown, shown disabled (status '0') or not there at all.
 */
export function CommandButton({ id, args, label, ...props }: { id: CommandId; args?: CommandArgs; label?: string } & Omit<ButtonProps, 'onClick' | 'id'>) {
  const command = findCommand(id);
  const codes = usePermissions((state) => state.codes);
  const auth = usePermissions((state) => state.auth);
  const allAuth = usePermissions((state) => state.allAuth);
  const locale = useLocale((state) => state.locale);
  const run = useRunCommand();
  if (!command) return null;
  const state = actionState(command.permission, { codes, auth, allAuth });
  if (state === 'removed') return null;
  return (
    <Button {...props} disabled={state === 'disabled' || props.disabled} data-command={id} onClick={() => void run(command, args)}>
      {command.icon ? <MenuIcon name={command.icon} /> : null}
      {label ?? command.title[locale]}
    </Button>
  );
}

/** The row of buttons above a list. */
export function Toolbar({ children }: { children: React.ReactNode }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t('grid.actions')}>
      {children}
    </div>
  );
}
