import * as Dialog from '@radix-ui/react-dialog';
import { DialogHeader } from '@web/components/ui/DialogHeader';
import { COMMANDS, isAvailable } from '@commands/index';
import { SECTIONS, SECTION_TITLES } from '@commands/types';
import { useCommandContext } from '@web/commandRuntime/useCommandRuntime';
import { formatHotkey } from '@web/hotkeys/keys';
import { useLocale, useT } from '@web/i18n';
import { isMac } from '@web/lib/browser';
import { usePalette } from './store';

/** `?`: every available command with its keys, grouped by section. */
export function HelpSheet() {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const open = usePalette((state) => state.helpOpen);
  const setOpen = usePalette((state) => state.setHelpOpen);
  const ctx = useCommandContext();
  const mac = isMac();
  const available = COMMANDS.filter((command) => isAvailable(command, ctx));

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/35" />
        <Dialog.Content
          className="fixed top-[8vh] left-1/2 z-50 max-h-[84vh] w-[720px] max-w-[calc(100vw-24px)] -translate-x-1/2 overflow-y-auto rounded-lg bg-surface p-6 shadow-2xl"
          data-testid="help-sheet"
        >
          <DialogHeader title={t('help.title')} size="lg" />
          <Dialog.Description className="mt-1 text-sm text-text-muted">{t('help.description')}</Dialog.Description>
          <div className="mt-4 grid gap-6 sm:grid-cols-2">
            {SECTIONS.map((section) => {
              const commands = available.filter((command) => command.section === section);
              if (!commands.length) return null;
              return (
                <section key={section} aria-label={SECTION_TITLES[section][locale]}>
                  <h3 className="mb-2 text-sm font-medium text-text-muted">{SECTION_TITLES[section][locale]}</h3>
                  <ul className="flex flex-col gap-1.5">
                    {commands.map((command) => (
                      <li key={command.id} className="flex items-center justify-between gap-3 text-sm">
                        {/* The label keeps a readable width; several keys wrap under each other instead. */}
                        <span className="min-w-[8em] flex-1">{command.title[locale]}</span>
                        <span className="flex flex-wrap justify-end gap-1">
                          {(command.hotkeys ?? []).map((hotkey) => (
                            <kbd key={hotkey} className="rounded border border-border bg-canvas px-1.5 py-0.5 font-sans text-xs">
                              {formatHotkey(hotkey, mac)}
                            </kbd>
                          ))}
                        </span>
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
