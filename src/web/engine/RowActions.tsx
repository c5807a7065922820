import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { findCommand } from '@commands/index';
import { actionState } from '@shared/permissions';
import { useRunCommand } from '@web/commandRuntime/useCommandRuntime';
import { useT, type MessageKey } from '@web/i18n';
import { usePermissions } from '@web/stores/permissions';

/**
 * A row's own actions in the list's last column: the first command as a link (编辑), the others
 * under 更多. Each is the command itself, with the row's id: the same permission and confirmation
 * as the toolbar and the palette. Commands the user may not run are not offered.
 */
/** A row action: the command and the catalogue key of the short word it shows (编辑, 删除, 授权). */
export interface RowAction {
  command: string;
  label: MessageKey;
  /** Offered only on rows in one of these states (审核 on a request still waiting): the field and its values. */
  onlyWhen?: { field: string; values: readonly string[] };
}

const OWN_KEYS = new Set(['Enter', ' ', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

export function RowActions({ id, actions, row }: { id: string; actions: readonly RowAction[]; row?: Readonly<Record<string, unknown>> }) {
  const t = useT();
  const codes = usePermissions((state) => state.codes);
  const auth = usePermissions((state) => state.auth);
  const allAuth = usePermissions((state) => state.allAuth);
  const run = useRunCommand();
  const offered = actions.flatMap((action) => {
    if (action.onlyWhen && row && !action.onlyWhen.values.includes(String(row[action.onlyWhen.field] ?? ''))) return [];
    const command = findCommand(action.command);
    return command && actionState(command.permission, { codes, auth, allAuth }) === 'shown' ? [{ command, label: t(action.label) }] : [];
  });
  if (offered.length === 0) return null;
  const [first, ...more] = offered;
  return (
    // The keys that work these buttons and their menu are theirs: a list or tree around them (Enter
    // opens a row there, arrows move) must not act on them too — React passes the menu's keys up
    // through its portal. Chords (Ctrl+K…) go on to the console's hotkeys.
    <span className="flex items-center gap-2 text-[13px]" data-testid="row-actions" onKeyDown={(event) => OWN_KEYS.has(event.key) && event.stopPropagation()}>
      <button type="button" className="text-primary-strong hover:underline" onClick={() => void run(first!.command, { id })}>
        {first!.label}
      </button>
      {more.length ? (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="inline-flex items-center text-primary-strong hover:underline">
            {t('grid.more')}
            <ChevronDown className="size-3" aria-hidden />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-24 rounded border border-border bg-surface py-1 text-sm shadow-md">
              {more.map(({ command, label }) => (
                <DropdownMenu.Item
                  key={command.id}
                  className="cursor-pointer px-3 py-1.5 outline-none data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary-strong"
                  onSelect={() => void run(command, { id })}
                >
                  {label}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      ) : null}
    </span>
  );
}
