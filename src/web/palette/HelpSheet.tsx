import { useEffect, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Search } from 'lucide-react';
import type { Command } from '@commands/types';
import { DialogHeader } from '@web/components/ui/DialogHeader';
import { commands, isAvailable } from '@commands/index';
import { SECTIONS, SECTION_TITLES } from '@commands/types';
import { useCommandContext } from '@web/components/commandPort';
import { formatHotkey } from '@web/hotkeys/keys';
import { useLocale, useT } from '@web/i18n';
import { isMac } from '@web/lib/browser';
import { usePalette } from '../stores/palette';

/** A command the sheet's search finds: by either title, a keyword, or its keys as shown. */
function matchesText(command: Command, query: string, mac: boolean): boolean {
  if (!query) return true;
  const texts = [command.title['zh-CN'], command.title.en, ...(command.keywords ?? []), ...(command.hotkeys ?? []).map((hotkey) => formatHotkey(hotkey, mac))];
  return texts.some((text) => text.toLowerCase().includes(query));
}

const RANGE = '…';

/** A long run of keys (Alt+1 … Alt+9) shows its first and last: the label keeps its line. */
const shownKeys = (hotkeys: readonly string[]): readonly string[] => (hotkeys.length > 3 ? [hotkeys[0]!, RANGE, hotkeys.at(-1)!] : hotkeys);

type Matcher = (command: Command, query: string) => boolean;

/**
 * The palette's matching (pinyin, initials) once its search module is here — it loads with the
 * palette, after the first screen; until then the sheet matches the texts as typed.
 */
function usePinyinMatcher(open: boolean): Matcher | null {
  const [matcher, setMatcher] = useState<Matcher | null>(null);
  useEffect(() => {
    if (!open || matcher) return;
    let live = true;
    void import('./search').then(async ({ buildSearchKeys, loadPinyin, normaliseQuery, scoreKeys }) => {
      await loadPinyin();
      const keys = new Map<string, ReturnType<typeof buildSearchKeys>>();
      const keysOf = (command: Command) => {
        let found = keys.get(command.id);
        if (!found) {
          found = buildSearchKeys(command.title['zh-CN'], [{ text: command.title.en, weight: 0.95 }, ...(command.keywords ?? []).map((keyword) => ({ text: keyword, weight: 0.6 }))]);
          keys.set(command.id, found);
        }
        return found;
      };
      if (live) setMatcher(() => (command: Command, query: string) => scoreKeys(keysOf(command), normaliseQuery(query)) > 0);
    });
    return () => {
      live = false;
    };
  }, [open, matcher]);
  return matcher;
}

/** `?`: every available command with its keys, grouped by section, searchable; a command taking inline arguments shows how they are typed. */
export function HelpSheet() {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const open = usePalette((state) => state.helpOpen);
  const setOpen = usePalette((state) => state.setHelpOpen);
  const ctx = useCommandContext();
  const mac = isMac();
  const [query, setQuery] = useState('');
  useEffect(() => {
    if (open) setQuery('');
  }, [open]);
  const wanted = query.trim().toLowerCase();
  const pinyin = usePinyinMatcher(open);
  // Closed, the sheet draws nothing: its list (every command checked) is worked out only when open.
  const available = !open ? [] : commands().filter((command) => isAvailable(command, ctx) && (matchesText(command, wanted, mac) || Boolean(wanted && pinyin?.(command, wanted))));

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
          <label className="mt-3 flex h-9 items-center gap-2 rounded border border-border px-2 focus-within:border-primary">
            <Search className="size-4 shrink-0 text-text-muted" aria-hidden />
            <input
              autoFocus
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              aria-label={t('help.search')}
              placeholder={t('help.searchPlaceholder')}
              className="min-w-0 flex-1 bg-transparent text-sm outline-none focus-visible:outline-none"
              data-testid="help-search"
            />
          </label>
          {available.length ? null : <p className="mt-6 text-center text-sm text-text-muted">{t('help.nothing')}</p>}
          <div className="mt-4 grid gap-6 sm:grid-cols-2">
            {SECTIONS.map((section) => {
              const commands = available.filter((command) => command.section === section);
              if (!commands.length) return null;
              return (
                <section key={section} aria-label={SECTION_TITLES[section][locale]}>
                  <h3 className="mb-2 text-sm font-medium text-text-muted">{SECTION_TITLES[section][locale]}</h3>
                  <ul className="flex flex-col gap-1.5">
                    {commands.map((command) => (
                      <li key={command.id} className="flex items-start justify-between gap-3 text-sm">
                        {/* The label keeps a readable width and wraps; several keys wrap under each other instead. */}
                        <span className="min-w-[8em] flex-1 break-words">
                          {command.title[locale]}
                          {command.inline ? (
                            <span className="block text-xs text-text-muted" data-testid="help-inline">
                              {t('help.inline')}
                              <code className="ml-1 font-sans">
                                {command.title[locale]} {command.inline.map((arg) => `‹${arg.title[locale]}›`).join(' ')}
                              </code>
                            </span>
                          ) : null}
                        </span>
                        <span className="flex shrink-0 flex-wrap justify-end gap-1">
                          {shownKeys(command.hotkeys ?? []).map((hotkey) =>
                            hotkey === RANGE ? (
                              <span key={hotkey} className="self-center text-xs text-text-muted">
                                …
                              </span>
                            ) : (
                              <kbd key={hotkey} className="rounded border border-border bg-canvas px-1.5 py-0.5 font-sans text-xs whitespace-nowrap">
                                {formatHotkey(hotkey, mac)}
                              </kbd>
                            ),
                          )}
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
