import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { useRef } from 'react';
import { findCommand } from '@commands/index';
import { actionState } from '@shared/permissions';
import { useRunCommand } from '@web/components/commandPort';
import type { Titles } from '@shared/engine/spec';
import { useLocale, useT, type MessageKey } from '@web/i18n';
import { useSession } from '@web/stores/session';
import { usePermissions } from '@web/stores/permissions';

/**
 * A row's own actions in the list's last column: the first command as a link (编辑), the others
 * under 更多. Each is the command itself, with the row's id: the same permission and confirmation
 * as the toolbar and the palette. Commands the user may not run are not offered.
 */
/** A row action: the command and the catalogue key of the short word it shows (编辑, 删除, 授权). */
export interface RowAction {
  command: string;
  /** The catalogue key of its word, or the declared titles (a flow action's). */
  label: MessageKey | Titles;
  /** More arguments the command runs with besides the row's id (the history's entity). */
  args?: Readonly<Record<string, string>>;
  /** Offered only on rows in one of these states (审核 on a request still waiting): the field and its values. */
  onlyWhen?: { field: string; values: readonly string[] };
  /** The argument the row's id is given as, when it is not the command's own record (`account`: 柜台消费 on an account's card). */
  idAs?: string;
}

const OWN_KEYS = new Set(['Enter', ' ', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

export function RowActions({ id, actions, row, entity }: { id: string; actions: readonly RowAction[]; row?: Readonly<Record<string, unknown>>; entity?: string }) {
  const t = useT();
  const codes = usePermissions((state) => state.codes);
  const auth = usePermissions((state) => state.auth);
  const allAuth = usePermissions((state) => state.allAuth);
  const run = useRunCommand();
  const locale = useLocale((state) => state.locale);
  const username = useSession((state) => state.username);
  const chosen = useRef<(() => void) | null>(null);
  const offered = actions.flatMap((action) => {
    if (action.onlyWhen && row && !action.onlyWhen.values.includes(String(row[action.onlyWhen.field] ?? ''))) return [];
    const command = findCommand(action.command);
    if (!command || actionState(command.permission, { codes, auth, allAuth }) !== 'shown') return [];
    // A flow action is offered on the rows whose state allows it (and not to the row's own maker).
    if (row && command.blocked?.({ selection: [row], ...(entity ? { entity } : {}), ...(username ? { username } : {}) })) return [];
    return [{ command, label: typeof action.label === 'string' ? t(action.label) : action.label[locale], args: { ...action.args, [action.idAs ?? 'id']: id } }];
  });
  if (offered.length === 0) return null;
  const [first, ...more] = offered;
  return (
    // The keys that work these buttons and their menu are theirs: a list or tree around them (Enter
    // opens a row there, arrows move) must not act on them too — React passes the menu's keys up
    // through its portal. Chords (Ctrl+K…) go on to the console's hotkeys.
    // A long first word gives way (whole on hover), never 更多: the rest are always reachable.
    <span className="flex min-w-0 items-center gap-2 text-[13px]" data-testid="row-actions" onKeyDown={(event) => OWN_KEYS.has(event.key) && event.stopPropagation()}>
      <button type="button" className="min-w-0 truncate text-primary-strong hover:underline" title={first!.label} onClick={() => void run(first!.command, first!.args)}>
        {first!.label}
      </button>
      {more.length ? (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="inline-flex shrink-0 items-center text-primary-strong hover:underline">
            {t('grid.more')}
            <ChevronDown className="size-3" aria-hidden />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={4}
              className="z-50 min-w-24 rounded border border-border bg-surface py-1 text-sm shadow-md"
              // The chosen action runs once the menu has given focus back to 更多: a dialog it opens
              // then takes the focus (its first field) and returns it to 更多 when it closes.
              onCloseAutoFocus={() => {
                const act = chosen.current;
                chosen.current = null;
                if (act) setTimeout(act, 0);
              }}
            >
              {more.map(({ command, label, args }) => (
                <DropdownMenu.Item
                  key={command.id}
                  className="cursor-pointer px-3 py-1.5 outline-none data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary-strong"
                  onSelect={() => {
                    chosen.current = () => void run(command, args);
                  }}
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
